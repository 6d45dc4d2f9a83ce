/**
 * The board in a small window, through the real headless host and its demo simulator: the side
 * panels give way (each to a rail whose button opens it as a drawer over the board), so the board
 * keeps at least 600 px and never scrolls sideways, in the comfortable and the compact board.
 * Screenshots of each size go to the test's output folder.
 */
import { expect, test, type Page } from '../fixtures'
import { openApp } from '../app'
import { watchLiveMatches } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

/** The page's MutationObserver, as a test's page function sees it (e2e code has no DOM types). */
interface MutationScope {
  MutationObserver: new (callback: (records: unknown[]) => void) => {
    observe(target: unknown, options: Record<string, boolean>): void
    disconnect(): void
  }
}

/** The board's own box: its width, and how far its content reaches sideways. */
function boardWidths(page: Page) {
  return page.getByTestId('board').evaluate((el) => ({
    width: el.getBoundingClientRect().width,
    clientWidth: el.clientWidth,
    scrollWidth: el.scrollWidth,
  }))
}

async function expectRoomyBoard(page: Page): Promise<void> {
  const widths = await boardWidths(page)
  expect(widths.width).toBeGreaterThanOrEqual(600)
  expect(widths.scrollWidth).toBeLessThanOrEqual(widths.clientWidth)
}

for (const size of [
  { width: 1024, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${size.width}×${size.height} the board keeps 600 px without a sideways scroll; the panels open as drawers`, async ({
    page,
  }) => {
    await page.setViewportSize(size)
    await openApp(page, host.url)
    await watchLiveMatches(page, 3)
    await expect(page.getByTestId('match-card').first().getByTestId('cell-price').first()).not.toHaveText('—')
    await expectRoomyBoard(page)
    await page.screenshot({ path: test.info().outputPath(`board-${size.width}.png`) })

    // The watchlists give way first: a rail whose button opens them over the board, and closes them.
    const listsToggle = page.getByTestId('drawer-toggle-watchlists')
    const lists = page.getByTestId('watchlists')
    await expect(lists).toBeHidden()
    await listsToggle.click()
    await expect(lists).toBeVisible()
    await expect(listsToggle).toHaveAttribute('aria-expanded', 'true')
    await page.screenshot({ path: test.info().outputPath(`drawer-watchlists-${size.width}.png`) })
    await expectRoomyBoard(page)
    await listsToggle.click()
    await expect(lists).toBeHidden()
    // Esc inside it closes it too, and a click on a watched match closes it to show the card.
    await listsToggle.click()
    await page.getByLabel('New watchlist name').press('Escape')
    await expect(lists).toBeHidden()
    await listsToggle.click()
    await page.getByTestId('watchlist-match').last().locator('.match-link').click()
    await expect(lists).toBeHidden()
    await expect(page.locator('[data-testid="match-card"].focused')).toBeInViewport()

    // The compact board fits too.
    await page.keyboard.press('d')
    await expect(page.locator('html')).toHaveAttribute('data-density', 'compact')
    await expectRoomyBoard(page)
    await page.screenshot({ path: test.info().outputPath(`board-compact-${size.width}.png`) })
    await page.keyboard.press('d')
    await expect(page.locator('html')).toHaveAttribute('data-density', 'comfortable')
  })
}

test('at 1024×640 the override alerts and the tape are a drawer too, and a click outside closes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 640 })
  await openApp(page, host.url)
  await watchLiveMatches(page, 2)
  const toggle = page.getByTestId('drawer-toggle-panels')
  const tape = page.getByTestId('tape')
  await expect(tape).toBeHidden()
  await toggle.click()
  await expect(tape).toBeVisible()
  await expect(page.getByTestId('tape-row').first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('drawer-panels-1024.png') })
  await page.getByTestId('board').click({ position: { x: 20, y: 300 } })
  await expect(tape).toBeHidden()
})

test('the tape in a closed drawer is left alone while changes arrive; opened, it has caught up', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 640 })
  await openApp(page, host.url)
  await watchLiveMatches(page, 5)
  const toggle = page.getByTestId('drawer-toggle-panels')
  const tape = page.getByTestId('tape')
  const count = () => page.getByTestId('tape-count').getAttribute('data-count').then(Number)
  await toggle.click()
  await expect.poll(count).toBeGreaterThan(0)
  await toggle.click()
  await expect(tape).toBeHidden()
  const countClosed = await count()
  // Two seconds of a live feed (eight of the tape's refreshes): not one node or attribute of the tape written.
  const writes = await tape.evaluate(
    (element) =>
      new Promise<number>((resolve) => {
        let seen = 0
        const { MutationObserver } = globalThis as unknown as MutationScope
        const observer = new MutationObserver((records) => (seen += records.length))
        observer.observe(element, { subtree: true, childList: true, attributes: true, characterData: true })
        setTimeout(() => {
          observer.disconnect()
          resolve(seen)
        }, 2000)
      }),
  )
  expect(writes).toBe(0)
  await toggle.click()
  await expect(tape).toBeVisible()
  await expect.poll(count).toBeGreaterThan(countClosed)
  await expect(page.getByTestId('tape-row').first()).toBeVisible()
})

test('at 1440×900 every panel is in its place, with no drawer buttons', async ({ page }) => {
  await openApp(page, host.url)
  await watchLiveMatches(page, 2)
  await expect(page.getByTestId('watchlists')).toBeVisible()
  await expect(page.getByTestId('tape')).toBeVisible()
  await expect(page.getByTestId('drawer-toggle-watchlists')).toBeHidden()
  await expect(page.getByTestId('drawer-toggle-panels')).toBeHidden()
  await expectRoomyBoard(page)
  await page.screenshot({ path: test.info().outputPath('board-1440.png') })
})

test('at every width from 1024 px up, either side of each fold, the board keeps 600 px without a sideways scroll', async ({
  page,
}) => {
  await openApp(page, host.url)
  await watchLiveMatches(page, 2)
  await expect(page.getByTestId('match-card').first().getByTestId('cell-price').first()).not.toHaveText('—')
  for (const width of [1024, 1100, 1199, 1200, 1366, 1439, 1440, 1920]) {
    await page.setViewportSize({ width, height: 800 })
    await expect(page.getByTestId('drawer-toggle-watchlists')).toBeVisible({ visible: width < 1440 })
    await expect(page.getByTestId('drawer-toggle-panels')).toBeVisible({ visible: width < 1200 })
    await expectRoomyBoard(page)
  }
})

test('the grid view keeps 600 px without a sideways scroll at every width from 1024 px; a cut name shows whole on hover', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 640 })
  await openApp(page, host.url)
  await watchLiveMatches(page, 3)
  await page.getByTestId('board-mode-grid').click()
  const grid = page.getByTestId('grid-scroll')
  await expect(grid.locator('[data-testid="price-cell"]').first()).toBeVisible()
  for (const size of [
    { width: 1024, height: 640 },
    { width: 1100, height: 800 },
    { width: 1199, height: 800 },
    { width: 1200, height: 800 },
    { width: 1280, height: 800 },
    { width: 1366, height: 800 },
    { width: 1439, height: 800 },
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size)
    const widths = await grid.evaluate((el) => ({
      width: el.getBoundingClientRect().width,
      clientWidth: el.clientWidth,
      scrollWidth: el.scrollWidth,
    }))
    if (size.width === 1024 || size.width === 1280) {
      await page.screenshot({ path: test.info().outputPath(`grid-${size.width}.png`) })
    }
    expect(widths.width).toBeGreaterThanOrEqual(600)
    expect(widths.scrollWidth).toBeLessThanOrEqual(widths.clientWidth)
    // Names, leagues and market headings carry their whole text on hover, cut or not.
    const titles = await grid
      .locator('.grid-team, .grid-league, .grid-head-market')
      .evaluateAll((els) => els.map((el) => ({ text: el.textContent, title: el.getAttribute('title') })))
    expect(titles.length).toBeGreaterThan(6)
    for (const { text, title } of titles) expect(title).toBe(text)
  }
  await page.getByTestId('board-mode-cards').click()
})

/** The card names cut on screen (a market label wider or taller inside than its box), and those whose hover text is not their whole text. */
function cardNames(page: Page) {
  return page.getByTestId('board').evaluate((board) => {
    const named = [...board.querySelectorAll('.market-label, .match-header .team-name, .match-header .league')]
    // Wider inside than its box, even by a fraction of a pixel (enough for an ellipsis), or taller.
    const cut = (el: (typeof named)[number]) => {
      const text = el.ownerDocument.createRange()
      text.selectNodeContents(el)
      return (
        el.scrollHeight > el.clientHeight ||
        text.getBoundingClientRect().width > el.getBoundingClientRect().width + 0.01
      )
    }
    return {
      count: named.length,
      // The league gives way first: the names and markets are the ones that must not be cut.
      cut: named.filter((el) => !el.classList.contains('league') && cut(el)).map((el) => el.textContent ?? ''),
      // A market label's title is its name and line (its margin has a title of its own).
      untitled: named
        .filter((el) => !(el.getAttribute('title') && el.textContent?.startsWith(el.getAttribute('title') ?? '')))
        .map((el) => el.textContent ?? ''),
    }
  })
}

test('the cards name their markets and teams in full where the card has room, and whole on hover', async ({ page }) => {
  await openApp(page, host.url)
  await watchLiveMatches(page, 6)
  await expect(page.getByTestId('match-card').first().getByTestId('cell-price').first()).not.toHaveText('—')
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 640 },
  ]) {
    await page.setViewportSize(size)
    // Down the board: every card's markets are mounted once on screen.
    for (const card of await page.getByTestId('match-card').all()) {
      await card.scrollIntoViewIfNeeded()
      await expect(card.locator('.market-label').first()).toBeVisible()
      const names = await cardNames(page)
      expect(names.count).toBeGreaterThan(6)
      expect(names.cut).toEqual([])
      expect(names.untitled).toEqual([])
    }
    await page.getByTestId('match-card').first().scrollIntoViewIfNeeded()
    await page.screenshot({ path: test.info().outputPath(`cards-${size.width}.png`) })
  }
})
