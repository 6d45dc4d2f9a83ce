/**
 * The change tape through the real headless host and its simulator: it stays a short window of
 * rows however long it grows, a trader who scrolled down keeps their place while new changes
 * arrive above, "Newest" goes back to the top, and the match filter keeps only that match.
 */
import { expect, test, type Page } from '../fixtures'
import { watchLiveMatches } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  // A busy feed: the tape fills in seconds and changes keep arriving while the test reads it.
  host = await launchHost({ args: ['--sim-rate', '3000'] })
})
test.afterAll(async () => {
  await host.stop()
})

/**
 * The sequence number of the first row wholly inside the tape's scroll area, read in one go in
 * the page (row by row from here, a refresh in between could shift which row a locator names).
 */
async function firstVisibleSeq(page: Page): Promise<number> {
  const seq = await page.getByTestId('tape-scroll').evaluate((scroll) => {
    const top = scroll.getBoundingClientRect().top
    for (const row of scroll.querySelectorAll('[data-testid="tape-row"]'))
      if (row.getBoundingClientRect().top >= top) return Number(row.getAttribute('data-seq'))
    return NaN
  })
  if (Number.isNaN(seq)) throw new Error('no tape row in view')
  return seq
}

test('the tape stays a window of rows, keeps a scrolled reader in place and filters by match', async ({ page }) => {
  await page.goto(host.url)
  const matchIds = await watchLiveMatches(page, 5)
  const count = page.getByTestId('tape-count')
  await expect
    .poll(async () => Number(await count.getAttribute('data-count')), { timeout: 20_000 })
    .toBeGreaterThan(600)
  // Hundreds of changes, a few dozen rows in the page.
  expect(await page.getByTestId('tape-row').count()).toBeLessThan(80)

  const scroll = page.getByTestId('tape-scroll')
  await scroll.evaluate((element) => element.scrollTo({ top: 300 * 22 }))
  await expect(page.getByTestId('tape-newest')).toBeVisible()
  const reading = await firstVisibleSeq(page)
  const before = Number(await count.getAttribute('data-count'))
  await expect.poll(async () => Number(await count.getAttribute('data-count'))).toBeGreaterThan(before + 20)
  expect(await firstVisibleSeq(page)).toBe(reading)

  await page.getByTestId('tape-newest').click()
  await expect(page.getByTestId('tape-newest')).toHaveCount(0)
  expect(await firstVisibleSeq(page)).toBeGreaterThan(reading)

  const picked = String(matchIds[1])
  await page.getByLabel('Match').selectOption(picked)
  await expect(page.getByTestId('tape-row').first()).toBeVisible()
  const shownMatches = await page
    .getByTestId('tape-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-match')))
  expect(new Set(shownMatches)).toEqual(new Set([picked]))
})

test('a tape that would replace its whole screen at every refresh holds each screen a second, and says so', async ({
  page,
}) => {
  await page.goto(host.url)
  await watchLiveMatches(page, 5)
  // At 3,000 changes a second every quarter second brings hundreds of rows: the tape holds.
  const held = page.getByTestId('tape-held')
  await expect(held).toHaveText('· 1 screen/s', { timeout: 20_000 })
  await expect(held).toHaveAttribute('title', /held still for a second/)
  // Held, the rows (and the count with them) change once a second: over three seconds at most four
  // times (a timer fires late, never early), where a quarter-second pace changes them twelve times.
  // (Page code as text: the e2e project's types have no DOM.)
  const refreshes = await page.evaluate<number>(`new Promise((resolve) => {
    let changes = 0
    const count = document.querySelector('[data-testid="tape-count"]')
    new MutationObserver(() => changes++).observe(count, { attributeFilter: ['data-count'] })
    setTimeout(() => resolve(changes), 3000)
  })`)
  expect(refreshes).toBeGreaterThan(0)
  expect(refreshes).toBeLessThanOrEqual(4)
  // Filtered to moves no walk makes, next to nothing arrives: the tape is readable again.
  await page.getByLabel('Minimum move %').fill('90')
  await expect(held).toHaveCount(0)
})
