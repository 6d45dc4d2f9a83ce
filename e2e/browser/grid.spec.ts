/**
 * The grid view of the board (issue 23.1): one row per watched match with the names in full, the
 * trader's sort, filters, columns and grouping kept with the list across a restart, and only a
 * screenful of rows mounted however long the list.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MatchSummary } from '../../src/shared/discovery'
import { expect, test, type Page } from '../fixtures'
import { finishOverrideSet, openApp } from '../app'
import { renderCounts, setOverrideOn, watchLiveMatches, type PageScope } from '../bridge'
import { launchHost } from '../host'
import { formatPrice } from '../../src/shared/price-format'

/** The app at `url` with `matches` live matches watched and shown as the grid; their ids. */
async function openGridOf(page: Page, url: string, matches: number): Promise<number[]> {
  await openApp(page, url)
  const ids = await watchLiveMatches(page, matches)
  await page.getByTestId('board-mode-grid').click()
  return ids
}

/** Each name cell's text cut or not: a cut name is wider inside than its box. */
function cutNames(page: Page): Promise<string[]> {
  return page
    .getByTestId('grid-team')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent ?? ''))
}

/** The rows wholly in view between the grid's heading and the foot of its scroller: their match and names. */
function rowsInView(page: Page): Promise<Array<{ id: string; names: string[] }>> {
  return page.getByTestId('grid-scroll').evaluate((scroller) => {
    const top = scroller.querySelector('[data-testid="grid-head"]')!.getBoundingClientRect().bottom
    const bottom = scroller.getBoundingClientRect().bottom
    return [...scroller.querySelectorAll('[data-testid="grid-row"]')]
      .filter((row) => {
        const r = row.getBoundingClientRect()
        return r.top >= top && r.bottom <= bottom
      })
      .map((row) => ({
        id: row.getAttribute('data-match') ?? '',
        names: [...row.querySelectorAll('[data-testid="grid-team"]')].map((n) => n.textContent ?? ''),
      }))
  })
}

/** Where the first row stands on the page. */
function firstRowTop(page: Page): Promise<number> {
  return page
    .getByTestId('grid-row')
    .first()
    .evaluate((row) => row.getBoundingClientRect().top)
}

/** The data-match of every mounted row, top to bottom. */
function rowOrder(page: Page): Promise<string[]> {
  return page.getByTestId('grid-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-match') ?? ''))
}

test('the grid shows 50 watched matches with their names in full at 1440×900', async ({ page }) => {
  const host = await launchHost({ args: ['--sim-live-matches', '50'] })
  try {
    const ids = await openGridOf(page, host.url, 50)
    expect(ids).toHaveLength(50)
    const grid = page.getByTestId('board-grid')
    await expect(grid.getByTestId('grid-count')).toHaveText('50 matches')
    // The default columns: the sport's first three markets, one price cell per outcome.
    await expect(grid.getByTestId('grid-head')).toContainText('Match winner')
    await expect(grid.getByTestId('grid-row').first().getByTestId('price-cell')).toHaveCount(6)
    // A row: the score of each side, status and running clock, league.
    const firstRow = grid.getByTestId('grid-row').first()
    await expect(firstRow.locator('.grid-score')).toHaveText([/^\d+$/, /^\d+$/])
    await expect(firstRow.locator('.status-chip')).toHaveText('live')
    await expect(firstRow.getByTestId('match-clock')).toHaveAttribute('data-label', /\d+′$/)
    await expect(firstRow.locator('.grid-league')).toHaveText(/\w+/)
    // The total and the handicap name their line: a "Line" key under each, the row's line beside its prices.
    const head = grid.getByTestId('grid-head')
    await expect(head.locator('.grid-head-market')).toHaveText(['Match winner', 'Total points', 'Game handicap'])
    await expect(head.locator('.grid-head-key', { hasText: /^Line$/ })).toHaveCount(2)
    await expect(grid.getByTestId('grid-row').first().locator('.grid-line')).toHaveText([/^\d+\.5$/, /^-\d+\.5$/])

    // Every match has its row, names in full, as the list holds them; scrolled through screen by screen.
    const names = await page.evaluate(async () => {
      const api = (globalThis as unknown as PageScope).oddsMonitor
      const lists = await api.invoke('watchlists:get')
      if (!lists.ok) throw new Error(lists.error.message)
      return Object.fromEntries(lists.value.lists[0]!.matches.map((m) => [m.matchId, [m.home.name, m.away.name]]))
    })
    const seen = new Set<string>()
    const scroller = grid.getByTestId('grid-scroll')
    for (let screen = 0; seen.size < 50 && screen < 10; screen++) {
      for (const row of await rowsInView(page)) {
        expect(row.names).toEqual(names[row.id])
        seen.add(row.id)
      }
      expect(await cutNames(page)).toEqual([])
      // A screen on, less two rows: the heading covers one, and one was cut at the foot.
      await scroller.evaluate((el) => el.scrollBy(0, el.clientHeight - 88))
    }
    expect([...seen].sort()).toEqual(ids.map(String).sort())

    // A price that moves flashes in its move's direction, as on the cards.
    await expect(
      grid
        .locator('[data-testid="cell-price"][data-flash="up"], [data-testid="cell-price"][data-flash="down"]')
        .first(),
    ).toBeAttached()

    // Sorted by league: the rows on screen go in league order (and back to the list's order after).
    const leagues = () => grid.locator('[data-testid="grid-row"] .grid-league').allTextContents()
    await grid.getByTestId('grid-sort').selectOption('league')
    await expect
      .poll(async () => {
        const shown = await leagues()
        return shown.length > 10 && shown.every((l, i) => i === 0 || shown[i - 1]!.localeCompare(l) <= 0)
      })
      .toBe(true)
    await grid.getByTestId('grid-sort').selectOption('list')

    // A price cell opens the override editor, as on the cards.
    const cell = grid.getByTestId('price-cell').first()
    const outcome = await cell.getAttribute('data-outcome')
    await cell.click()
    await expect(page.getByTestId('override-editor')).toBeVisible()
    expect(outcome).toMatch(/^\d+\|/)
  } finally {
    await host.stop()
  }
})

test('sort, live only, columns and grouping are kept with the list across a restart', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'odds-e2e-grid-'))
  const first = await launchHost({ dataDir, args: ['--sim-live-matches', '8'] })
  try {
    await openGridOf(page, first.url, 8)
    const grid = page.getByTestId('board-grid')
    await expect(grid.getByTestId('grid-row')).toHaveCount(8)
    await grid.getByTestId('grid-sort').selectOption('lastMove')
    await grid.getByTestId('grid-liveOnly').check()
    await grid.getByTestId('grid-hideFinished').check()
    await grid.getByTestId('grid-groupBySport').check()
    await grid.getByTestId('grid-columns').click()
    const picker = grid.getByTestId('column-picker')
    await picker.locator('[data-market="match_winner"]').uncheck()
    await picker.locator('[data-market="correct_score"]').check()
    await expect(grid.getByTestId('grid-head')).toContainText('Correct score')
    await expect(grid.getByTestId('grid-head')).not.toContainText('Match winner')
    // A click elsewhere closes the choice.
    await grid.getByTestId('grid-count').click()
    await expect(picker).toHaveCount(0)
  } finally {
    await first.stop()
  }

  const second = await launchHost({ dataDir, args: ['--sim-live-matches', '8'] })
  try {
    await openApp(page, second.url)
    const grid = page.getByTestId('board-grid')
    await expect(grid.getByTestId('grid-row')).toHaveCount(8)
    await expect(grid.getByTestId('grid-sort')).toHaveValue('lastMove')
    await expect(grid.getByTestId('grid-liveOnly')).toBeChecked()
    await expect(grid.getByTestId('grid-hideFinished')).toBeChecked()
    await expect(grid.getByTestId('grid-groupBySport')).toBeChecked()
    // Grouped: the sport heads its section, and the columns are the ones picked.
    const head = grid.getByTestId('grid-head')
    await expect(head).toHaveCount(1)
    await expect(head).toContainText('badminton')
    await expect(head).toContainText('Correct score')
    await expect(head).not.toContainText('Match winner')

    // The palette turns the list back to cards (and the cards' toggle to the grid again).
    await page.keyboard.press('Control+k')
    await page.getByRole('textbox', { name: 'Command', exact: true }).fill('cards / grid')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('match-card')).toHaveCount(8)
    await page.getByTestId('board-mode-grid').click()
    await expect(grid.getByTestId('grid-row')).toHaveCount(8)
  } finally {
    await second.stop()
  }
})

test('each watchlist keeps its own cards or grid view, across a restart', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'odds-e2e-grid-'))
  const first = await launchHost({ dataDir, args: ['--sim-live-matches', '4'] })
  try {
    await openGridOf(page, first.url, 2)
    await expect(page.getByTestId('grid-row')).toHaveCount(2)
    // A second list, made active on creation: it opens as cards.
    await page.getByLabel('New watchlist name').fill('Evening')
    await page.getByLabel('New watchlist name').press('Enter')
    // Esc leaves the field, so the keys below are the app's.
    await page.getByLabel('New watchlist name').press('Escape')
    await expect(page.locator('[data-testid="watchlist"].active')).toContainText('Evening')
    await watchLiveMatches(page, 3)
    await expect(page.getByTestId('match-card')).toHaveCount(3)
    await expect(page.getByTestId('board-grid')).toHaveCount(0)
    // Back and forth: each list shows as it was left.
    await page.keyboard.press('[')
    await expect(page.getByTestId('grid-row')).toHaveCount(2)
    await page.keyboard.press(']')
    await expect(page.getByTestId('match-card')).toHaveCount(3)
  } finally {
    await first.stop()
  }

  const second = await launchHost({ dataDir, args: ['--sim-live-matches', '4'] })
  try {
    await openApp(page, second.url)
    await expect(page.locator('[data-testid="watchlist"].active')).toContainText('Evening')
    await expect(page.getByTestId('match-card')).toHaveCount(3)
    await expect(page.getByTestId('board-grid')).toHaveCount(0)
    await page.locator('body').press('[')
    await expect(page.getByTestId('grid-row')).toHaveCount(2)
    await expect(page.getByTestId('match-card')).toHaveCount(0)
  } finally {
    await second.stop()
  }
})

test('a 200-match grid mounts about a screenful of rows wherever it is scrolled, about what a 20-match one does', async ({
  page,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'odds-e2e-grid-'))
  const args = ['--sim-live-matches', '200', '--sim-rate', '200']
  // The feed's 200 live matches, then a saved list of them all shown as the grid (the demo world
  // resumes after a restart, so they are the same matches); adding 200 one by one takes minutes.
  const first = await launchHost({ dataDir, args })
  let matches: MatchSummary[]
  try {
    await openApp(page, first.url)
    matches = await page.evaluate(async () => {
      const api = (globalThis as unknown as PageScope).oddsMonitor
      const live = await api.invoke('discover:matches', { mode: 'live', sport: 'badminton', limit: 200 })
      if (!live.ok) throw new Error(live.error.message)
      return live.value.matches
    })
  } finally {
    await first.stop()
  }
  expect(matches).toHaveLength(200)
  const configFile = join(dataDir, 'config.json')
  const config = existsSync(configFile) ? (JSON.parse(readFileSync(configFile, 'utf8')) as object) : {}
  const lists = [
    { id: 'all', name: 'All live', matches, view: { mode: 'grid' } },
    { id: 'twenty', name: 'Twenty', matches: matches.slice(0, 20), view: { mode: 'grid' } },
  ]
  writeFileSync(configFile, JSON.stringify({ ...config, watchlists: { lists, activeId: 'all' } }))

  const host = await launchHost({ dataDir, args })
  try {
    await openApp(page, host.url)
    const grid = page.getByTestId('board-grid')
    await expect(grid.getByTestId('grid-count')).toHaveText('200 matches')
    const scroller = grid.getByTestId('grid-scroll')
    const screenful = await scroller.evaluate((el) => Math.ceil(el.clientHeight / 44))
    // The rows on screen and a few either side (lib/row-window.ts overscan), not 200.
    const mounted = await grid.getByTestId('grid-row').count()
    expect(mounted).toBeGreaterThanOrEqual(screenful - 1)
    expect(mounted).toBeLessThan(screenful + 20)
    expect((await rowOrder(page))[0]).toBe(String(matches[0]!.matchId))

    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await expect(grid.locator(`[data-testid="grid-row"][data-match="${matches[199]!.matchId}"]`)).toBeInViewport()
    expect(await grid.getByTestId('grid-row').count()).toBeLessThan(screenful + 20)
    expect(await rowOrder(page)).not.toContain(String(matches[0]!.matchId))

    // Back at the top, then the 20-match list: the 200 cost about the rows the 20 do (one overscan apart).
    await scroller.evaluate((el) => el.scrollTo(0, 0))
    await expect.poll(async () => (await rowOrder(page))[0]).toBe(String(matches[0]!.matchId))
    const mountedOf200 = await grid.getByTestId('grid-row').count()
    await page.locator('body').press(']')
    await expect(grid.getByTestId('grid-count')).toHaveText('20 matches')
    const mountedOf20 = await grid.getByTestId('grid-row').count()
    expect(Math.abs(mountedOf200 - mountedOf20)).toBeLessThanOrEqual(8)
  } finally {
    await host.stop()
  }
})

/**
 * In the page: from now on, each price cell's writes to its figure (by outcome), and each outcome's
 * last two prices as the bridge handed them over (the app's board is at most a frame behind that).
 */
function recordPriceWrites(page: Page): Promise<void> {
  // A string: this file is typed for Node, without the page's DOM names.
  return page.evaluate(`(() => {
    const writes = (globalThis.writes = {})
    const prices = (globalThis.prices = {})
    globalThis.oddsMonitor.on('board:patch', (patch) => {
      for (const { outcomeId, price, suspended } of patch.cells)
        prices[outcomeId] = [...(prices[outcomeId] ?? []), { price, suspended }].slice(-2)
    })
    new MutationObserver((mutations) => {
      for (const { target } of mutations) {
        const element = target instanceof Element ? target : target.parentElement
        const outcome = element?.closest('[data-testid="cell-price"]')?.closest('[data-outcome]')?.getAttribute('data-outcome')
        if (outcome) writes[outcome] = (writes[outcome] ?? 0) + 1
      }
    }).observe(document.querySelector('[data-testid="grid-scroll"]'), { subtree: true, characterData: true, childList: true })
  })()`)
}

/** The outcomes of the mounted rows wholly on screen and of those wholly below it. */
function cellsOnAndBelowScreen(page: Page): Promise<{ on: string[]; below: string[]; firstRowBelow: string }> {
  return page.getByTestId('grid-scroll').evaluate((scroller) => {
    const top = scroller.querySelector('[data-testid="grid-head"]')!.getBoundingClientRect().bottom
    const bottom = scroller.getBoundingClientRect().bottom
    const rows = [...scroller.querySelectorAll('[data-testid="grid-row"]')]
    const outcomes = (list: typeof rows) =>
      list.flatMap((row) => [...row.querySelectorAll('[data-outcome]')].map((c) => c.getAttribute('data-outcome')!))
    const on = rows.filter((r) => r.getBoundingClientRect().top >= top && r.getBoundingClientRect().bottom <= bottom)
    const below = rows.filter((r) => r.getBoundingClientRect().top >= bottom)
    return { on: outcomes(on), below: outcomes(below), firstRowBelow: below[0]?.getAttribute('data-match') ?? '' }
  })
}

test('a row drawn ahead of the screen takes no tick until it comes on, and comes on with its latest prices', async ({
  page,
}) => {
  const host = await launchHost({ args: ['--sim-live-matches', '30', '--sim-rate', '3000'] })
  try {
    await openGridOf(page, host.url, 30)
    const grid = page.getByTestId('board-grid')
    await expect(grid.getByTestId('grid-count')).toHaveText('30 matches')
    await page.mouse.move(1, 1)
    const { on, below, firstRowBelow } = await cellsOnAndBelowScreen(page)
    // The look-ahead rows (features/grid/GridView.tsx) are mounted below the screen.
    expect(below.length).toBeGreaterThan(0)
    expect(on.length).toBeGreaterThan(0)

    await recordPriceWrites(page)
    const watchedMs = 4000
    await page.waitForTimeout(watchedMs)
    const writes = await page.evaluate(() => (globalThis as unknown as { writes: Record<string, number> }).writes)
    const most = (outcomes: string[]) => Math.max(0, ...outcomes.map((o) => writes[o] ?? 0))
    // On screen a price is written at every change (17–19 times in the window for the busiest cell
    // here); below it, a cell is caught up at most once a second (lib/held-ticks.ts), one write each
    // and the window's two ends, and redrawn by React only when its shape changes (a suspension and
    // its end: two more).
    const heldMost = watchedMs / 1000 + 1 + 2
    expect(most(on)).toBeGreaterThan(heldMost)
    expect(most(below)).toBeLessThanOrEqual(heldMost)

    // Scrolled on screen, the row shows its latest prices in the frame that shows it: each cell's
    // figure and the prices the bridge had handed over by then, read in that frame.
    const shown = await page.getByTestId('grid-scroll').evaluate(async (scroller, matchId) => {
      const scope = globalThis as unknown as {
        requestAnimationFrame(callback: () => void): number
        prices: Record<string, Array<{ price: number; suspended: boolean }>>
      }
      const row = scroller.querySelector(`[data-testid="grid-row"][data-match="${matchId}"]`)!
      const into = row.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom
      await new Promise((scrolled) => {
        scroller.addEventListener('scroll', scrolled, { once: true })
        scroller.scrollTop += into
      })
      await new Promise<void>((framed) => scope.requestAnimationFrame(framed))
      return [...row.querySelectorAll('[data-outcome]')].map((cell) => {
        const outcome = cell.getAttribute('data-outcome')!
        return {
          outcome,
          text: cell.querySelector('[data-testid="cell-price"]')?.textContent ?? '',
          recent: [...(scope.prices[outcome] ?? [])],
        }
      })
    }, firstRowBelow)
    expect(shown.length).toBeGreaterThan(0)
    for (const { outcome, text, recent } of shown) {
      const figures = recent.map((p) => (p.suspended ? 'SUSP' : formatPrice(p.price)))
      // Changed while held (or never, then its first price stands), it shows one of its last two.
      if (figures.length > 0) expect(figures, `outcome ${outcome}`).toContain(text)
    }
  } finally {
    await host.stop()
  }
})

test('a "last move" sort holds its rows still while the pointer, the focus or the cell cursor is in the grid', async ({
  page,
}) => {
  const host = await launchHost({ args: ['--sim-live-matches', '8', '--sim-rate', '400'] })
  try {
    await openGridOf(page, host.url, 8)
    const grid = page.getByTestId('board-grid')
    await grid.getByTestId('grid-sort').selectOption('lastMove')
    await expect(grid.getByTestId('grid-row')).toHaveCount(8)

    // Pointer on a row: the prices keep moving, the rows do not; the toolbar says a newer order waits.
    await grid.getByTestId('grid-row').nth(3).hover()
    const held = await rowOrder(page)
    const top = await firstRowTop(page)
    await expect(grid.getByTestId('order-held')).toBeVisible()
    expect(await firstRowTop(page)).toBe(top)
    expect(await rowOrder(page)).toEqual(held)

    // The pointer leaves: the newer order shows and nothing is held.
    await page.mouse.move(1, 1)
    await expect(grid.getByTestId('order-held')).toBeHidden()

    // The badge comes and goes in a place of its own: the rows never move for it.
    expect(await firstRowTop(page)).toBe(top)

    // Keyboard focus on a price cell holds it the same way, the pointer elsewhere.
    await grid.getByTestId('price-cell').first().focus()
    const focused = await rowOrder(page)
    await expect(grid.getByTestId('order-held')).toBeVisible()
    expect(await rowOrder(page)).toEqual(focused)

    // Focus gone, the newer order shows; then the keyboard's cell cursor holds the rows, and its
    // cell stays where it is while the prices tick under it.
    await grid
      .getByTestId('price-cell')
      .first()
      .evaluate((cell) => cell.blur())
    await expect(grid.getByTestId('order-held')).toBeHidden()
    await page.locator('body').press('ArrowDown')
    const cursor = grid.locator('.price-cell.cursor')
    await expect(cursor).toHaveCount(1)
    const box = await cursor.boundingBox()
    const underCursor = await rowOrder(page)
    await expect(grid.getByTestId('order-held')).toBeVisible()
    expect(await rowOrder(page)).toEqual(underCursor)
    expect(await cursor.boundingBox()).toEqual(box)
  } finally {
    await host.stop()
  }
})

test('in the grid the arrow keys walk the cells as drawn, Enter sets an override, and a far row comes into view', async ({
  page,
}) => {
  const host = await launchHost({ args: ['--sim-live-matches', '40', '--sim-rate', '100'] })
  try {
    const ids = await openGridOf(page, host.url, 40)
    const grid = page.getByTestId('board-grid')
    await expect(grid.getByTestId('grid-count')).toHaveText('40 matches')
    const cellsOf = (matchId: number) =>
      grid
        .locator(`[data-testid="grid-row"][data-match="${matchId}"] [data-testid="price-cell"]`)
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-outcome') ?? ''))
    const [top = [], next = []] = [await cellsOf(ids[0]!), await cellsOf(ids[1]!)]
    expect(top.length).toBeGreaterThan(1)
    const cursor = grid.locator('.price-cell.cursor')

    // First arrow: the first price of the first row; then right along the row and down to the next.
    await page.locator('body').press('ArrowDown')
    await expect(cursor).toHaveAttribute('data-outcome', top[0]!)
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowDown')
    await expect(cursor).toHaveAttribute('data-outcome', next[1]!)

    // Enter: the editor on that outcome; the override shows on its grid cell.
    await page.keyboard.press('Enter')
    const editor = page.getByTestId('override-editor')
    await editor.locator('input[name="price"]').fill('7.77')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await finishOverrideSet(page, editor)
    await expect(cursor.getByTestId('cell-override')).toHaveText('OVR')
    await expect(cursor).toHaveAttribute('title', /override 7\.77/)
    // The mark is drawn inside the cell's box (the cell clips whatever falls outside it), clear of the price.
    const markInCell = await cursor.evaluate((cell) => {
      const mark = cell.querySelector('[data-testid="cell-override"]')!.getBoundingClientRect()
      const price = cell.querySelector('[data-testid="cell-price"]')!.getBoundingClientRect()
      const box = cell.getBoundingClientRect()
      const inside = mark.height > 0 && mark.top >= box.top && mark.bottom <= box.bottom && mark.right <= box.right
      return inside && mark.top >= price.bottom
    })
    expect(markInCell).toBe(true)
    // A visible ring, outside the cell's box.
    await expect(cursor).toHaveCSS('outline-style', 'solid')
    await expect(cursor).toHaveCSS('outline-width', '2px')

    // H: that outcome's history in Review; back on the board, the grid with the cursor where it was.
    await page.keyboard.press('h')
    await expect(page.getByTestId('review-screen')).toBeVisible()
    await expect(page.getByTestId('review-match')).toHaveValue(String(ids[1]))
    await expect(page.getByTestId('review-chart')).not.toHaveAttribute('data-bold-line', '-1')
    await page.keyboard.press('1')
    await expect(cursor).toHaveAttribute('data-outcome', next[1]!)

    // Space pins the cursor's match to the top of the grid, and again puts it back.
    const rowOf = (matchId: number) => grid.locator(`[data-testid="grid-row"][data-match="${matchId}"]`)
    await page.keyboard.press(' ')
    await expect.poll(async () => (await rowOrder(page))[0]).toBe(String(ids[1]))
    await expect(rowOf(ids[1]!)).toHaveClass(/\bpinned\b/)
    await expect(cursor).toHaveAttribute('data-outcome', next[1]!)
    await page.keyboard.press(' ')
    await expect.poll(async () => (await rowOrder(page)).slice(0, 2)).toEqual([String(ids[0]), String(ids[1])])
    await expect(rowOf(ids[1]!)).not.toHaveClass(/\bpinned\b/)

    // Down past the mounted rows: the grid scrolls the cursor's row into view.
    for (let i = 0; i < 38; i++) await page.keyboard.press('ArrowDown')
    await expect(cursor).toBeInViewport()
    await expect(cursor.locator('xpath=ancestor::*[@data-testid="grid-row"]')).toHaveAttribute(
      'data-match',
      String(ids[39]),
    )
  } finally {
    await host.stop()
  }
})

test('one price change in the grid re-renders its own cell and no row', async ({ page }) => {
  // No random walk: the only price change is the override this test sets.
  const host = await launchHost({ args: ['--sim-rate', '0'] })
  try {
    await page.goto(`${host.url}&renderCount=1`)
    await watchLiveMatches(page, 3)
    await page.getByTestId('board-mode-grid').click()
    const grid = page.getByTestId('board-grid')
    const rows = grid.getByTestId('grid-row')
    await expect(rows).toHaveCount(3)
    for (const row of await rows.all()) await expect(row).toHaveAttribute('data-prices', 'current')
    const cells = grid.getByTestId('price-cell')
    await expect(cells.first()).toHaveAttribute('data-direction', /.+/)
    await page.mouse.move(1, 1)
    const before = await renderCounts(page)
    const outcome = (await cells.nth(1).getAttribute('data-outcome')) ?? ''
    expect(await setOverrideOn(page, outcome, 9.99)).toMatchObject({ ok: true })
    await expect(cells.nth(1).getByTestId('cell-price')).toHaveText('9.99')
    const after = await renderCounts(page)
    const rerendered = Object.keys(after).filter(
      (key) => (key.startsWith('cell:') || key.startsWith('grid-row:')) && after[key] !== before[key],
    )
    expect(rerendered).toEqual([`cell:${outcome}`])
  } finally {
    await host.stop()
  }
})

test('a grid cell is two plain blocks: its price centred over its move, the price hugging its figure', async ({
  page,
}) => {
  const host = await launchHost()
  try {
    await page.goto(host.url)
    await watchLiveMatches(page, 3)
    await page.getByTestId('board-mode-grid').click()
    // A cell that has moved: both its lines are drawn.
    const cell = page
      .getByTestId('board-grid')
      .locator('[data-testid="price-cell"][data-direction="up"], [data-testid="price-cell"][data-direction="down"]')
      .first()
    await expect(cell).toBeVisible()
    const drawn = await cell.evaluate((el) => {
      const box = (e: { getBoundingClientRect(): { x: number; y: number; width: number; height: number } }) => {
        const { x, y, width, height } = e.getBoundingClientRect()
        return { x, y, width, height }
      }
      const price = el.querySelector('.cell-price')!
      const move = el.querySelector('.cell-move')!
      const figure = el.ownerDocument.createRange()
      figure.selectNodeContents(price)
      return {
        // Every new price lays its cell out again: as blocks, not a CSS grid or flex box (the cheaper
        // layout for Chromium, docs/BENCHMARKS.md 28 Nov (afternoon)).
        displays: [el, ...el.children].map((e) => el.ownerDocument.defaultView!.getComputedStyle(e).display),
        cell: box(el),
        price: box(price),
        figure: box(figure),
        move: box(move),
        moveText: move.textContent,
      }
    })
    expect(drawn.displays.every((d) => d === 'block')).toBe(true)
    expect(drawn.moveText).toMatch(/^[▲▼]\d+\.\d%$/)
    const centre = (r: { x: number; width: number }) => r.x + r.width / 2
    expect(Math.abs(centre(drawn.price) - centre(drawn.cell))).toBeLessThan(1)
    expect(Math.abs(centre(drawn.move) - centre(drawn.cell))).toBeLessThan(1)
    // The flash colours the price's own box: the figure and its 3 px either side, not the cell's width.
    expect(drawn.price.width).toBeCloseTo(drawn.figure.width + 6, 0)
    expect(drawn.price.width).toBeLessThan(drawn.cell.width - 6)
    expect(drawn.move.y).toBeGreaterThanOrEqual(drawn.price.y + drawn.price.height)
    expect(drawn.move.y + drawn.move.height).toBeLessThanOrEqual(drawn.cell.y + drawn.cell.height)
  } finally {
    await host.stop()
  }
})

test('a price of any length shows whole in its grid cell, in wide cells and narrow', async ({ page }) => {
  // No random walk: the prices are the overrides this test sets, the moves those overrides' moves.
  const host = await launchHost({ args: ['--sim-rate', '0'] })
  try {
    await page.goto(host.url)
    await watchLiveMatches(page, 3)
    await page.getByTestId('board-mode-grid').click()
    const grid = page.getByTestId('board-grid')
    await expect(grid.getByTestId('price-cell').nth(3)).toHaveAttribute('data-direction', /.+/)
    // The usual figure ("12.50"), one a character longer, the longest a price can be (1000.00), each on
    // the first price of its own match, each cell found by its outcome.
    const prices = ['12.50', '101.50', '1000.00']
    const firstPrices = () =>
      grid
        .getByTestId('grid-row')
        .evaluateAll((rows) =>
          rows.map((row) => row.querySelector('[data-testid="price-cell"]')?.getAttribute('data-outcome') ?? ''),
        )
    // Every row drawn with its prices first.
    await expect.poll(async () => (await firstPrices()).filter(Boolean).length).toBe(prices.length)
    const outcomes = await firstPrices()
    const cellOf = (outcome: string) => grid.locator(`[data-testid="price-cell"][data-outcome="${outcome}"]`)
    for (const [i, price] of prices.entries()) {
      expect(await setOverrideOn(page, outcomes[i]!, Number(price))).toMatchObject({ ok: true })
      await expect(cellOf(outcomes[i]!).getByTestId('cell-price')).toHaveText(price)
    }
    // From about 2 to 1000: a move of several hundred times, in whole per cent (under "OVR", which takes its line).
    await expect(cellOf(outcomes[2]!).locator('.cell-move')).toHaveText(/^▲\d{5}%$/)
    const cellWidths: number[] = []
    // 1,440 px: the grid's wide cells; 1,200 px: a board of 600–720 px beside the side panels, its narrow ones.
    for (const width of [1440, 1200]) {
      await page.setViewportSize({ width, height: 900 })
      for (const outcome of outcomes) {
        const cell = cellOf(outcome)
        await expect(cell).toBeVisible()
        const drawn = await cell.evaluate((element) => {
          const inner = element.getBoundingClientRect()
          const border = element.clientLeft
          // The figure's own extent: its text, not its box.
          const figure = element.ownerDocument.createRange()
          figure.selectNodeContents(element.querySelector('.cell-price')!)
          const text = figure.getBoundingClientRect()
          return {
            width: element.clientWidth,
            from: inner.left + border,
            to: inner.right - border,
            left: text.left,
            right: text.right,
          }
        })
        if (outcome === outcomes[0]) cellWidths.push(drawn.width)
        // Drawn, and inside the cell's border, to the half pixel a text's edge may be drawn at.
        expect(drawn.right - drawn.left).toBeGreaterThan(20)
        expect(drawn.left).toBeGreaterThanOrEqual(drawn.from - 0.5)
        expect(drawn.right).toBeLessThanOrEqual(drawn.to + 0.5)
      }
    }
    expect(cellWidths[1]).toBeLessThan(cellWidths[0]!)
  } finally {
    await host.stop()
  }
})
