/**
 * Review shows the match the trader chose: a zoomed range on one match leaves nothing of it behind
 * when another match is picked (its tick table, the range "Replay the desk" takes), the chart's times read as every
 * other time on screen (24 h, seconds where the cursor is), and the tick table's State column is
 * in view without scrolling sideways.
 */
import { expect, test, type Page } from '../fixtures'
import { dragAcrossChart } from '../app'
import { recordedSpanMs, watchLiveMatches, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

function recordedTicks(page: Page, matchId: number): Promise<number> {
  return page.evaluate(async (matchId) => {
    const page = await (globalThis as unknown as PageScope).oddsMonitor.invoke('history:ticks', { matchId, limit: 1 })
    return page.ok ? page.value.total : 0
  }, matchId)
}

test('zoomed on one match, picking another shows only the other, with its replay', async ({ page }) => {
  await page.goto(host.url)
  const [a = 0, b = 0] = await watchLiveMatches(page, 2)
  for (const id of [a, b]) await expect.poll(() => recordedSpanMs(page, id), { timeout: 30_000 }).toBeGreaterThan(4000)
  await page.getByTestId('nav-review').click()
  await page.getByTestId('review-match').selectOption(String(a))
  const chart = page.getByTestId('review-chart')
  await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(1)
  await expect(page.getByTestId('tick-row').first()).toBeVisible()

  // The State column is in view: the table needs no sideways scroll at 1440 px.
  const scroll = page.locator('.tick-scroll')
  expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0)

  // The cursor's time reads 24 h with seconds, like the tick table's.
  const plot = chart.locator('.u-over')
  const box = await plot.boundingBox()
  if (!box) throw new Error('the chart has no plot area')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await expect(chart.locator('.u-legend .u-series').first().locator('.u-value')).toHaveText(/^\d\d:\d\d:\d\d$/)

  await dragAcrossChart(page, 0.2, 0.8)
  await expect(page.getByTestId('review-range')).not.toHaveText('whole recording')
  await expect(page.getByTestId('review-replay')).toBeEnabled()

  const before = await recordedTicks(page, b)
  await page.getByTestId('review-match').selectOption(String(b))
  await expect(page.getByTestId('review-range')).toHaveText('whole recording')
  await expect(page.getByTestId('review-replay')).toBeEnabled()
  await expect(page.getByTestId('tick-range')).toHaveCount(1)
  await expect(page.getByTestId('tick-range')).toHaveText(/^1–\d+ of \d+$/)
  const shown = Number((await page.getByTestId('tick-range').textContent())?.split(' of ')[1])
  // B's whole recording as it was when picked (it grows while the test reads it), not A's zoomed range.
  expect(shown).toBeGreaterThanOrEqual(before)
  expect(shown).toBeLessThanOrEqual(await recordedTicks(page, b))
})
