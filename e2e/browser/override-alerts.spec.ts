/**
 * The override alert list through the real host and its simulator: a countdown that runs out says
 * "expired" rather than standing at 0:00, and the acknowledge-all button names the key that works
 * (Shift+A), which acknowledges every alert. Rows tell the truth (issue 22.3): an override
 * superseded or lifted says so instead of counting down, a lift names the price it went back to,
 * the trader's own overrides are marked "you", an acknowledgement survives a reload, and a row
 * click brings its match's card into view. Rows belong to their feed: the demo feed's are not shown
 * on the real one, where the same match id is another match.
 */
import { expect, test } from '../fixtures'
import { startSimulator } from '../../src/sim'
import { endFeedSession, outcomesOf, setOverrideOn, watchLiveMatches, type PageScope } from '../bridge'
import { switchToFeed } from '../app'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost({ args: ['--sim-live-matches', '20'] })
})
test.afterAll(async () => {
  await host.stop()
})

test('an override that ran out reads "expired", and Shift+A acknowledges every override alert', async ({ page }) => {
  await page.goto(host.url)
  await watchLiveMatches(page, 1)
  const cell = page.getByTestId('price-cell').first()
  await expect(cell).toBeVisible()
  const outcome = (await cell.getAttribute('data-outcome')) ?? ''
  const [matchId, oddType, oddKey] = outcome.split('|')
  const shortOne = await page.evaluate(
    (command) => (globalThis as unknown as PageScope).oddsMonitor.invoke('overrides:set', command),
    {
      matchId: Number(matchId),
      oddType: oddType ?? '',
      oddKey: oddKey ?? '',
      oddValue: 3.33,
      durationSeconds: 2,
      suspended: false,
    },
  )
  expect(shortOne).toMatchObject({ ok: true })

  const set = page.locator('[data-testid="override-alert"][data-action="set"]').filter({ hasText: '3.33' })
  await expect(set.getByTestId('override-ended')).toHaveText('expired')

  const ackAll = page.getByRole('button', { name: 'Acknowledge all (Shift+A)' })
  await expect(ackAll).toBeEnabled()
  await expect(page.getByTestId('override-unread')).toBeVisible()
  await page.locator('body').press('Shift+A')
  await expect(page.getByTestId('override-unread')).toHaveCount(0)
  await expect(ackAll).toBeDisabled()
})

test('override rows end truthfully, name the price a lift went back to, mark "you", keep acks over a reload, and click to their card', async ({
  page,
}) => {
  await page.goto(host.url)
  const ids = await watchLiveMatches(page, 20)
  const far = ids[ids.length - 2] ?? 0
  const card = page.locator(`[data-testid="match-card"][data-match="${far}"]`)
  // Off screen, so its cells are not mounted: the outcome comes from the board, once its first
  // snapshot is in (on a loaded machine it can come a moment after the watch).
  let outcome = ''
  await expect.poll(async () => (outcome = (await outcomesOf(page, far))[0] ?? '')).not.toBe('')
  const [matchId, oddType, oddKey] = outcome.split('|')
  const rows = page.locator(`[data-testid="override-alert"][data-match="${far}"]`)

  expect(await setOverrideOn(page, outcome, 8.68)).toMatchObject({ ok: true })
  const set = rows.and(page.locator('[data-action="set"]'))
  await expect(set.getByTestId('override-own')).toHaveText('you')
  await expect(set.getByTestId('override-countdown')).toBeVisible()

  expect(await setOverrideOn(page, outcome, 9.12)).toMatchObject({ ok: true })
  await expect(set).toHaveAttribute('data-ended', 'superseded')
  await expect(set.getByTestId('override-countdown')).toHaveCount(0)

  const lifted = await page.evaluate(
    (ref) => (globalThis as unknown as PageScope).oddsMonitor.invoke('overrides:lift', ref),
    { matchId: Number(matchId), oddType: oddType ?? '', oddKey: oddKey ?? '' },
  )
  expect(lifted).toMatchObject({ ok: true })
  const changed = rows.and(page.locator('[data-action="changed"]'))
  await expect(changed).toHaveAttribute('data-ended', 'lifted')
  const lift = rows.and(page.locator('[data-action="lifted"]'))
  await expect(lift.getByTestId('override-own')).toHaveText('you')
  await expect(lift.getByTestId('override-prices')).toContainText(/override 9\.12 → back to \d+\.\d\d/)
  await expect(lift.getByTestId('override-prices')).not.toContainText('back to 9.12')

  await lift.getByRole('button', { name: 'Ack', exact: true }).click()
  await expect(lift).toHaveClass(/read/)
  await page.reload()
  await expect(lift).toHaveClass(/read/)
  await expect(changed).not.toHaveClass(/read/)
  await expect(set).toHaveAttribute('data-ended', 'superseded')

  await expect(card).not.toBeInViewport()
  await set.getByRole('button', { name: /8\.68/ }).click()
  await expect(card).toHaveClass(/focused/)
  await expect(card).toBeInViewport({ ratio: 0.9 })
  await expect(set).toHaveClass(/read/)
})

test('a demo override is not shown on the real feed, whose match of the same id is another match', async ({ page }) => {
  const key = 'e2e-override-feed-key'
  const real = await startSimulator({ port: 0, apiKey: key, liveMatches: 2, rate: 20 })
  const own = await launchHost()
  try {
    await page.goto(own.url)
    await watchLiveMatches(page, 1)
    const cell = page.getByTestId('price-cell').first()
    await expect(cell).toBeVisible()
    expect(await setOverrideOn(page, (await cell.getAttribute('data-outcome')) ?? '', 6.66)).toMatchObject({ ok: true })
    const demoRow = page.getByTestId('override-alert').filter({ hasText: '6.66' })
    await expect(demoRow).toHaveCount(1)
    await expect(page.getByTestId('override-unread')).toHaveText('1')

    await switchToFeed(page, real, key)
    await expect(page.getByTestId('override-alert')).toHaveCount(0)
    await expect(page.getByTestId('override-unread')).toHaveCount(0)
  } finally {
    await endFeedSession(page, own, real)
  }
})
