/**
 * The override alert list through the real host and its simulator: a countdown that runs out says
 * "expired" rather than standing at 0:00, and the acknowledge-all button names the key that works
 * (Shift+A), which acknowledges every alert. Rows tell the truth (issue 22.3): an override
 * superseded or lifted says so instead of counting down, a lift names the price it went back to,
 * the trader's own overrides are marked "you", an acknowledgement survives a reload, and a row
 * click brings its match's card into view. Rows belong to their feed: the demo feed's are not shown
 * on the real one, where the same match id is another match. A long list is a window of rows: older
 * rows show as the reader scrolls, and a reader scrolled down keeps their place as new ones arrive.
 */
import { expect, test, type Page } from '../fixtures'
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

/** Opens `url` watching one live match; answers the outcome its first price cell names. */
async function firstOutcome(page: Page, url: string): Promise<string> {
  await page.goto(url)
  await watchLiveMatches(page, 1)
  const cell = page.getByTestId('price-cell').first()
  await expect(cell).toBeVisible()
  return (await cell.getAttribute('data-outcome')) ?? ''
}

test('an override that ran out reads "expired", and Shift+A acknowledges every override alert', async ({ page }) => {
  const outcome = await firstOutcome(page, host.url)
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

/**
 * The price line of the first row wholly inside the list's scroll area, read in one go in the page
 * (row by row from here, a new row in between could shift which row a locator names).
 */
async function firstVisiblePrices(page: Page): Promise<string> {
  const text = await page.getByTestId('override-scroll').evaluate((scroll) => {
    const top = scroll.getBoundingClientRect().top
    for (const row of scroll.querySelectorAll('[data-testid="override-alert"]'))
      if (row.getBoundingClientRect().top >= top)
        return row.querySelector('[data-testid="override-prices"]')?.textContent
    return null
  })
  if (!text) throw new Error('no override alert in view')
  return text
}

test('a long override alert list is a window of rows that keeps a scrolled reader in place', async ({ page }) => {
  const outcome = await firstOutcome(page, host.url)
  // Eighty overrides of one outcome, each at its own price: a row each (set, then changed).
  const prices = Array.from({ length: 80 }, (_, i) => (2 + i / 100).toFixed(2))
  for (const price of prices) expect(await setOverrideOn(page, outcome, Number(price))).toMatchObject({ ok: true })
  const row = (price: string) => page.getByTestId('override-alert').filter({ hasText: `→ ${price} ·` })
  await expect(row(prices[79] ?? '')).toBeVisible()

  // Eighty rows and more, a few dozen in the page: the oldest is not mounted until scrolled to.
  expect(await page.getByTestId('override-alert').count()).toBeLessThan(prices.length / 2)
  await expect(row(prices[0] ?? '')).toHaveCount(0)
  const scroll = page.getByTestId('override-scroll')
  await scroll.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
  await expect(row(prices[0] ?? '')).toBeVisible()
  await expect(row(prices[79] ?? '')).toHaveCount(0)

  // Half way down, a new override arrives above the reader, who still reads the row they read.
  await scroll.evaluate((element) => element.scrollTo({ top: element.scrollHeight / 2 }))
  await expect(page.getByTestId('override-newest')).toBeVisible()
  const reading = await firstVisiblePrices(page)
  const listPx = () => scroll.evaluate((element) => element.scrollHeight)
  const before = await listPx()
  expect(await setOverrideOn(page, outcome, 7.77)).toMatchObject({ ok: true })
  await expect.poll(listPx).toBeGreaterThan(before)
  expect(await firstVisiblePrices(page)).toBe(reading)

  await page.getByTestId('override-newest').click()
  await expect(page.getByTestId('override-newest')).toHaveCount(0)
  await expect(row('7.77')).toBeInViewport()
})

test('a demo override is not shown on the real feed, whose match of the same id is another match', async ({ page }) => {
  const key = 'e2e-override-feed-key'
  const real = await startSimulator({ port: 0, apiKey: key, liveMatches: 2, rate: 20 })
  const own = await launchHost()
  try {
    expect(await setOverrideOn(page, await firstOutcome(page, own.url), 6.66)).toMatchObject({ ok: true })
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
