/**
 * The change tape says which side moved: at 1440 px the outcome (Over or Under, the team) is in
 * view, not cut off after a long market name; a row click brings its match's card forward; the
 * filters survive a visit to another screen; and the match filter never reads "All matches" while
 * it filters one.
 */
import { expect, test, type Page } from '../fixtures'
import { unwatchMatch, watchLiveMatches } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

/**
 * The tape's rows are found from its scroll box, which stays, in the task that reads them: rows
 * found first (a locator of rows) are read in a later task, and a refresh in between (every 250 ms;
 * on a loaded machine it lands there) has replaced them, detached: they read as nothing and take no click.
 */
const TAPE_ROWS = '[data-testid="tape-row"]'

test('each tape row shows the outcome that moved, whole', async ({ page }) => {
  await page.goto(host.url)
  await watchLiveMatches(page, 3)
  await page.getByLabel('Market', { exact: true }).fill('total')
  const rows = page.getByTestId('tape-row')
  await expect(rows.nth(5)).toBeVisible({ timeout: 20_000 })
  // Each row's title names match · market · outcome; the outcome's own text must lie inside the visible cell.
  const cut = await page.getByTestId('tape-scroll').evaluate(
    (scroll, selector) =>
      (Array.from(scroll.querySelectorAll(selector)) as (typeof scroll)[]).slice(0, 20).flatMap((row) => {
        const outcome =
          (row.getAttribute('title') ?? '')
            .replace(/ \(click for its card\)$/, '')
            .split(' · ')
            .pop() ?? ''
        const cell = row.querySelector('.tape-market')
        if (!cell || !outcome) return [`no outcome in ${row.getAttribute('title')}`]
        const walker = row.ownerDocument.createTreeWalker(cell, 4 /* NodeFilter.SHOW_TEXT */)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent?.lastIndexOf(outcome) ?? -1
          if (at < 0) continue
          const range = row.ownerDocument.createRange()
          range.setStart(node, at)
          range.setEnd(node, at + outcome.length)
          return range.getBoundingClientRect().right <= cell.getBoundingClientRect().right ? [] : [outcome]
        }
        return [`"${outcome}" not written`]
      }),
    TAPE_ROWS,
  )
  expect(cut).toEqual([])
})

/**
 * What each row shows of its two text columns, read in one task of the page (the tape redraws
 * every 250 ms): the names in its title, the text written in each column, whether that text lies
 * inside its column, and which of the row's boxes would clip.
 */
function readTapeColumns(page: Page) {
  return page.getByTestId('tape-scroll').evaluate(
    (scroll, selector) =>
      (Array.from(scroll.querySelectorAll(selector)) as (typeof scroll)[]).map((row) => {
        const [match = '', market = '', outcome = ''] = (row.getAttribute('title') ?? '')
          .replace(/ \(click for its card\)$/, '')
          .split(' · ')
        const column = (selector: string) => {
          const cell = row.querySelector(selector)
          if (!cell) return { text: '', inside: false }
          const range = row.ownerDocument.createRange()
          range.selectNodeContents(cell)
          const [text, box] = [range.getBoundingClientRect(), cell.getBoundingClientRect()]
          return { text: cell.textContent ?? '', inside: text.left >= box.left - 0.5 && text.right <= box.right + 0.5 }
        }
        const view = row.ownerDocument.defaultView
        const clips = [row, ...Array.from(row.querySelectorAll('*'))].filter(
          (box) => view?.getComputedStyle(box).overflowX !== 'visible',
        ).length
        return {
          match,
          market,
          outcome,
          matchColumn: column('.tape-match'),
          marketColumn: column('.tape-market'),
          clips,
        }
      }),
    TAPE_ROWS,
  )
}

// The rows are new at every refresh: a clip of their own re-layerized the whole page four times a
// second (docs/BENCHMARKS.md, 28 Nov afternoon), so the tape cuts the names itself.
for (const width of [1024, 1440])
  test(`at ${width} px the tape cuts long names to their columns with an ellipsis, whole in the title, and clips nothing`, async ({
    page,
  }) => {
    const fresh = await launchHost() // a list of its own: the other tests count their watched matches
    await page.setViewportSize({ width, height: 800 })
    await page.goto(fresh.url)
    await watchLiveMatches(page, 5)
    if (width < 1200) await page.getByTestId('drawer-toggle-panels').click()
    await expect(page.getByTestId('tape-row').nth(10)).toBeVisible({ timeout: 20_000 })
    const rows = await readTapeColumns(page)
    await fresh.stop()
    expect(rows.filter((row) => row.clips > 0)).toEqual([])
    expect(rows.filter((row) => !row.matchColumn.inside || !row.marketColumn.inside)).toEqual([])
    const cutRight = (shown: string, whole: string) =>
      shown === whole || (shown.endsWith('…') && whole.startsWith(shown.slice(0, -1)))
    for (const row of rows) {
      expect(cutRight(row.matchColumn.text, row.match), `${row.matchColumn.text} of ${row.match}`).toBe(true)
      // The outcome whole, then as much of the market as fits; an outcome too long for the column is cut itself.
      const shown = row.marketColumn.text.trimEnd()
      const ok = shown.startsWith(`${row.outcome} `)
        ? cutRight(shown.slice(row.outcome.length + 1), row.market)
        : cutRight(shown, row.outcome)
      expect(ok, `${shown} of ${row.outcome} ${row.market}`).toBe(true)
    }
    // At these widths the tape's match column is narrower than most "A. Player v B. Player" names.
    expect(rows.some((row) => row.matchColumn.text !== row.match)).toBe(true)
  })

test('a tape row click brings its match card forward', async ({ page }) => {
  await page.goto(host.url)
  await watchLiveMatches(page, 3)
  await expect(page.getByTestId('tape-row').first()).toBeVisible({ timeout: 20_000 })
  // Read and clicked in one task of the page (TAPE_ROWS): a row read in one step may show another
  // change by the next, or be gone.
  const matchId = await page.getByTestId('tape-scroll').evaluate((scroll, selector) => {
    const row = scroll.querySelectorAll(selector)[3]
    ;(row as unknown as { click(): void } | undefined)?.click()
    return row?.getAttribute('data-match') ?? null
  }, TAPE_ROWS)
  expect(matchId).not.toBeNull()
  await expect(page.locator(`[data-testid="match-card"][data-match="${matchId}"]`)).toHaveClass(/focused/)
})

test('tape filters survive another screen, and the match filter names the match it filters', async ({ page }) => {
  await page.goto(host.url)
  const [a = 0] = await watchLiveMatches(page, 3)
  const matchFilter = page.getByLabel('Match', { exact: true })
  await matchFilter.selectOption(String(a))
  await page.getByLabel('Market', { exact: true }).fill('winner')
  await page.getByLabel('Minimum move %').fill('0.5')

  await page.getByTestId('nav-discover').click()
  await expect(page.getByTestId('discover')).toBeVisible()
  await page.getByTestId('nav-board').click()
  await expect(matchFilter).toHaveValue(String(a))
  await expect(page.getByLabel('Market', { exact: true })).toHaveValue('winner')
  await expect(page.getByLabel('Minimum move %')).toHaveValue('0.5')

  // The filtered match leaves the list: the select still says which match it filters.
  await unwatchMatch(page, a)
  await expect(page.getByTestId('watchlist-match')).toHaveCount(2)
  await expect(matchFilter).toHaveValue(String(a))
  await expect(matchFilter.locator('option:checked')).toContainText('(not in this list)')
})
