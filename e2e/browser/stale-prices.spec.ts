/**
 * Stale prices must not look fresh (issue 15.4): with the feed gone mid-session every price cell of
 * the watched matches turns visibly stale (style and title), and fresh again once prices flow. A
 * simulator started here stands for the real services, so the test can stop it and start it again
 * on the same port; the keys live in the test session's keychain (scripts/test.sh).
 */
import { expect, test } from '../fixtures'
import { startSimulator, type SimulatorHandle } from '../../src/sim'
import { endFeedSession, watchLiveMatches } from '../bridge'
import { switchToFeed } from '../app'
import { launchHost } from '../host'

const KEY = 'e2e-stale-key-7d2a91c4'

test('every price turns stale when the feed stops, and fresh when it is back', async ({ page }) => {
  // Same seed and start time: the restarted feed is the same world, with the same matches.
  const world = { apiKey: KEY, liveMatches: 2, rate: 20, seed: 7, startTime: Date.now() }
  let feed: SimulatorHandle = await startSimulator({ port: 0, ...world })
  const port = Number(new URL(feed.oddsBaseUrl).port)
  const host = await launchHost()
  try {
    await page.goto(host.url)
    await switchToFeed(page, feed, KEY)
    await watchLiveMatches(page, 2)

    const cards = page.getByTestId('match-card')
    const cells = page.getByTestId('price-cell')
    const staleCells = page.locator('[data-testid="price-cell"][data-stale="true"]')
    await expect(cards.and(page.locator('[data-prices="current"]'))).toHaveCount(2)
    await expect(cells.first()).toHaveAttribute('data-direction', /.+/)
    const total = await cells.count()
    expect(total).toBeGreaterThan(4)
    await expect(staleCells).toHaveCount(0)
    await expect(cells.first().getByTestId('cell-price')).toHaveCSS('font-weight', '600')

    // The feed stops: every cell says so, in its style and in its title.
    await feed.close()
    await expect(cards.and(page.locator('[data-prices="stale"]'))).toHaveCount(2)
    await expect(staleCells).toHaveCount(total)
    await expect(cells.first()).toHaveAttribute('title', /· not current: price stream /)
    await expect(cells.first().getByTestId('cell-price')).toHaveCSS('font-weight', '400')
    await expect(cards.first().getByTestId('stale-badge')).toBeVisible()
    await page.screenshot({ path: 'test-results/screens/board-stale.png' })
    // The grid marks them the same way: every row and every price cell.
    await page.getByTestId('board-mode-grid').click()
    const rows = page.getByTestId('grid-row')
    await expect(rows.and(page.locator('[data-prices="stale"]'))).toHaveCount(2)
    const gridCells = page.getByTestId('board-grid').getByTestId('price-cell')
    expect(await gridCells.count()).toBeGreaterThan(4)
    await expect(gridCells.and(page.locator('[data-stale="true"]'))).toHaveCount(await gridCells.count())
    await expect(gridCells.first()).toHaveAttribute('title', /· not current: price stream /)
    await expect(gridCells.first()).toHaveCSS('border-top-style', 'dashed')
    await expect(gridCells.first().getByTestId('cell-price')).toHaveCSS('font-weight', '400')
    await page.screenshot({ path: 'test-results/screens/grid-stale.png' })
    await page.getByTestId('board-mode-cards').click()

    // It is back on the same address: the streams reconnect and the prices are current again.
    feed = await startSimulator({ port, ...world })
    await expect(cards.and(page.locator('[data-prices="current"]'))).toHaveCount(2, { timeout: 30_000 })
    await expect(staleCells).toHaveCount(0)
    await expect(cells.first().getByTestId('cell-price')).toHaveCSS('font-weight', '600')
    await expect(cards.first().getByTestId('stale-badge')).toHaveCount(0)
  } finally {
    await endFeedSession(page, host, feed)
  }
})
