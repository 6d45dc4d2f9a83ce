/**
 * The keyboard does what it says: in Discover, Enter on a focused search suggestion picks that
 * suggestion (not the highlighted row's match) and ↑/↓ + Enter pick one from the field; Esc leaves
 * a text field so the screen's keys work again; `[` and `]` switch watchlists; the command palette
 * jumps to a match or a watchlist.
 */
import { expect, test, type Page } from '../fixtures'
import { watchLiveMatches, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

function watchedCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const lists = await (globalThis as unknown as PageScope).oddsMonitor.invoke('watchlists:get')
    return lists.ok ? lists.value.lists.reduce((sum, list) => sum + list.matches.length, 0) : -1
  })
}

test('search suggestions are picked by the key that is on them, never the highlighted row', async ({ page }) => {
  await page.goto(host.url)
  await page.getByTestId('nav-discover').click()
  const firstRow = page.getByTestId('discover-row').first()
  await expect(firstRow).toBeVisible()
  const team = ((await firstRow.textContent()) ?? '').match(/[A-Z]\. [A-Z][a-z]+/)?.[0] ?? 'Antonsen'
  const search = page.getByTestId('discover-search')
  const hits = page.getByTestId('search-hits').getByRole('option')

  // Tab onto a suggestion and press Enter: that suggestion is picked, nothing is added.
  await search.fill(team.slice(3))
  await expect(hits.first()).toBeVisible()
  const firstHit = ((await hits.first().textContent()) ?? '').trim()
  await search.press('Tab')
  await expect(hits.first()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('.discover .chip')).toContainText(
    firstHit.replace(/^(team|league)\s*/, '').split(' ')[0] ?? '',
  )
  await expect(page.getByTestId('discover-message')).toHaveCount(0)
  expect(await watchedCount(page)).toBe(0)

  // From the field: ↓ marks a suggestion, Enter picks it.
  await search.fill(team.slice(3))
  await expect(hits.first()).toBeVisible()
  await search.press('ArrowDown')
  await expect(hits.first()).toHaveAttribute('aria-selected', 'true')
  await search.press('Enter')
  await expect(page.getByTestId('search-hits')).toHaveCount(0)
  await expect(search).toHaveValue('')
  expect(await watchedCount(page)).toBe(0)
})

test('Esc leaves a text field and the keys work again', async ({ page }) => {
  await page.goto(host.url)
  const market = page.getByLabel('Market', { exact: true })
  await market.fill('total')
  await market.press('Escape')
  await expect(market).not.toBeFocused()
  await expect(market).toHaveValue('total')
  await page.keyboard.press('2')
  await expect(page.getByTestId('discover')).toBeVisible()
})

test('[ and ] switch watchlists, and the palette jumps to a match or a watchlist', async ({ page }) => {
  await page.goto(host.url)
  const [first = 0] = await watchLiveMatches(page, 2)
  await page.getByLabel('New watchlist name').fill('Evening')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByTestId('watchlist')).toHaveCount(2)
  const activeName = () => page.locator('[data-testid="watchlist"].active .list-name').textContent()
  const start = await activeName()
  await page.locator('body').press(']')
  await expect.poll(activeName).not.toBe(start)
  await page.locator('body').press('[')
  await expect.poll(activeName).toBe(start)

  // The palette: a watchlist by name, then a match by its teams (its list made active for it).
  await page.keyboard.press('Control+k')
  await page.getByRole('textbox', { name: 'Command', exact: true }).fill('watchlist evening')
  await page.keyboard.press('Enter')
  await expect.poll(activeName).toContain('Evening')
  const card = page.locator(`[data-testid="match-card"][data-match="${first}"]`)
  const teams = await page.evaluate(async (matchId) => {
    const lists = await (globalThis as unknown as PageScope).oddsMonitor.invoke('watchlists:get')
    const match = lists.ok ? lists.value.lists.flatMap((l) => l.matches).find((m) => m.matchId === matchId) : undefined
    return match ? `${match.home.name} v ${match.away.name}` : ''
  }, first)
  await page.keyboard.press('Control+k')
  await page.getByRole('textbox', { name: 'Command', exact: true }).fill(`match: ${teams}`)
  await page.keyboard.press('Enter')
  await expect(card).toHaveClass(/focused/)
  await expect.poll(activeName).not.toContain('Evening')
})
