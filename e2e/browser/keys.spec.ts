/**
 * Keys in the keychain, from the Settings screen: the real Secret Service of the test session
 * (scripts/test.sh runs Playwright inside it), a simulator started here standing for the real
 * services. Setting a key leaves the demo feed without a restart; a wrong key says "key rejected";
 * removing the keys returns to the demo feed; the key is never written to the data folder.
 */
import { expect, test } from '../fixtures'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSimulator, type SimulatorHandle } from '../../src/sim'
import { pointAppAtFeed, removeFeedKeys, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

const REAL_KEY = 'e2e-real-key-4f1c9b2d'
let host: HostProcess
let real: SimulatorHandle

test.beforeAll(async () => {
  real = await startSimulator({ port: 0, apiKey: REAL_KEY, liveMatches: 2, rate: 20 })
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
  await real.close()
})

test('keys set, tested and removed in Settings switch between the demo and the configured feed', async ({ page }) => {
  await page.goto(host.url)
  await expect(page.getByTestId('demo-badge')).toBeVisible()
  const { bookmakerId, dataBaseUrl, imageBaseUrl, wsBaseUrl, oddsBaseUrl, oddsWsBaseUrl } = real
  await page.evaluate(
    (endpoints) => (globalThis as unknown as PageScope).oddsMonitor.invoke('settings:update', endpoints),
    { bookmakerId, dataBaseUrl, imageBaseUrl, wsBaseUrl, oddsBaseUrl, oddsWsBaseUrl },
  )
  await page.getByTestId('nav-settings').click()

  const odds = page.getByTestId('key-odds-feed')
  await odds.getByLabel('Odds feed key').fill(REAL_KEY)
  await odds.getByRole('button', { name: 'Set' }).click()
  await expect(odds.locator('.badge')).toHaveText('set')
  await expect(odds.getByLabel('Odds feed key')).toHaveValue('')
  await expect(page.getByTestId('demo-badge')).toHaveCount(0)
  await odds.getByRole('button', { name: 'Test' }).click()
  await expect(odds).toContainText('works: key works')

  const data = page.getByTestId('key-data-service')
  await data.getByLabel('Data service key').fill('not-the-right-key')
  await data.getByRole('button', { name: 'Set' }).click()
  await data.getByRole('button', { name: 'Test' }).click()
  await expect(data).toContainText('key rejected')

  // Remove asks first; Keep leaves the key where it was.
  await data.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(data).toContainText('Delete the Data service key from the keychain?')
  await data.getByRole('button', { name: 'Keep' }).click()
  await expect(data.locator('.badge')).toHaveText('set')
  await data.getByRole('button', { name: 'Remove', exact: true }).click()
  await data.getByRole('button', { name: 'Remove key' }).click()
  await expect(data.locator('.badge')).toHaveText('not set')
  await odds.getByRole('button', { name: 'Remove', exact: true }).click()
  await odds.getByRole('button', { name: 'Remove key' }).click()
  await expect(odds.locator('.badge')).toHaveText('not set')
  await expect(page.getByTestId('demo-badge')).toBeVisible()

  expect(await page.content()).not.toContain(REAL_KEY)
  for (const file of readdirSync(host.dataDir).filter((f) => f.endsWith('.json'))) {
    expect(readFileSync(join(host.dataDir, file), 'utf8')).not.toContain(REAL_KEY)
  }
})

test('a marketplace key works once Settings says the key is one', async ({ page }) => {
  const gateway = await startSimulator({
    port: 0,
    apiKey: REAL_KEY,
    liveMatches: 1,
    rate: 5,
    keyStyles: ['marketplace'],
  })
  try {
    await page.goto(host.url)
    const { bookmakerId, oddsBaseUrl, oddsWsBaseUrl } = gateway
    await page.evaluate(
      (endpoints) => (globalThis as unknown as PageScope).oddsMonitor.invoke('settings:update', endpoints),
      { bookmakerId, oddsBaseUrl, oddsWsBaseUrl },
    )
    await page.getByTestId('nav-settings').click()
    const odds = page.getByTestId('key-odds-feed')
    await odds.getByLabel('Odds feed key').fill(REAL_KEY)
    await odds.getByRole('button', { name: 'Set' }).click()
    await odds.getByRole('button', { name: 'Test' }).click()
    await expect(odds).toContainText(
      'failed: key rejected (sent as a dashboard key; if it is a marketplace key, change "Odds feed key kind" in Settings)',
    )

    await page.getByLabel('oddsKeyStyle').selectOption('marketplace')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByTestId('settings-saved')).toHaveText('Saved: odds feed key kind.')
    await odds.getByRole('button', { name: 'Test' }).click()
    await expect(odds).toContainText('works: key works')

    await odds.getByRole('button', { name: 'Remove', exact: true }).click()
    await odds.getByRole('button', { name: 'Remove key' }).click()
    await expect(page.getByTestId('demo-badge')).toBeVisible()
  } finally {
    await gateway.close()
  }
})

test('with real keys, Discover and Settings offer every sport of the bookmaker', async ({ page }) => {
  const bookmakerSports = ['cricket', 'hockey'] as const
  const twoSports = await startSimulator({ port: 0, apiKey: REAL_KEY, liveMatches: 1, rate: 5, bookmakerSports })
  try {
    await page.goto(host.url)
    await pointAppAtFeed(page, twoSports, REAL_KEY)
    await page.getByTestId('nav-discover').click()
    const sports = page.getByRole('combobox', { name: 'Sport' })
    // The bookmaker's sports, then the sports only the provider's public feed covers (listed, not watchable).
    await expect(sports.locator('option')).toHaveText([
      ...bookmakerSports,
      'table-tennis · public feed',
      'esports · public feed',
    ])
    await sports.selectOption('hockey')
    await expect(page.getByTestId('discover-row').first()).toBeVisible()
    // A fresh page: the settings it reads are the ones just written.
    await page.reload()
    await page.getByTestId('nav-settings').click()
    await expect(page.getByLabel('sport', { exact: true }).locator('option')).toHaveText([...bookmakerSports])
  } finally {
    await removeFeedKeys(page)
    await twoSports.close()
  }
})
