/**
 * The board without the mouse, through the real headless host and its demo simulator: the arrows
 * move a cell cursor over the cards' prices (the ring stays on its outcome while prices tick),
 * Enter opens the override editor on that outcome and the override set there shows on the cell,
 * H opens the outcome's history in Review, keys typed into a field stay in the field, and the
 * cursor moves on to the next match when its match leaves the list.
 */
import { expect, test, type Locator, type Page } from '../fixtures'
import { finishOverrideSet, openApp, showTheme } from '../app'
import { unwatchMatch, watchLiveMatches } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

/** The price cells of a card, one array per market row, as the card draws them. */
async function cardCells(card: Locator): Promise<string[][]> {
  const rows: string[][] = []
  for (const row of await card.locator('.market-row').all()) {
    const cells = await row.getByTestId('price-cell').all()
    rows.push(await Promise.all(cells.map(async (cell) => (await cell.getAttribute('data-outcome')) ?? '')))
  }
  return rows
}

function cell(page: Page, outcomeId: string): Locator {
  return page.locator(`[data-testid="board"] [data-outcome="${outcomeId}"]`)
}

test('arrow keys move a cursor over the prices; Enter sets an override on its outcome; H opens its history', async ({
  page,
}) => {
  await openApp(page, host.url)
  const [first = 0, second = 0] = await watchLiveMatches(page, 2)
  const firstCard = page.locator(`[data-testid="match-card"][data-match="${first}"]`)
  await expect(firstCard.getByTestId('cell-price').first()).not.toHaveText('—')
  const rows = await cardCells(firstCard)
  expect(rows.length).toBeGreaterThan(1)
  const [top = [], next = []] = rows

  // The first arrow puts the cursor on the board's first price; the others move it by row and column.
  await page.locator('body').press('ArrowDown')
  await expect(cell(page, top[0] ?? '')).toHaveClass(/\bcursor\b/)
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowDown')
  const target = next[Math.min(1, next.length - 1)] ?? ''
  const cursorCell = cell(page, target)
  await expect(cursorCell).toHaveClass(/\bcursor\b/)
  await expect(page.locator('.price-cell.cursor')).toHaveCount(1)
  // A visible ring, outside the cell's box.
  await expect(cursorCell).toHaveCSS('outline-style', 'solid')
  await expect(cursorCell).toHaveCSS('outline-width', '2px')
  await firstCard.screenshot({ path: test.info().outputPath('board-cursor-dark.png') })
  await showTheme(page, 'light')
  await firstCard.screenshot({ path: test.info().outputPath('board-cursor-light.png') })
  await showTheme(page, 'dark')

  // Prices tick: the cursor stays on its outcome and nothing under it moves.
  const box = await cursorCell.boundingBox()
  const prices = () => firstCard.getByTestId('cell-price').allTextContents()
  const before = await prices()
  await expect.poll(prices).not.toEqual(before)
  await expect(cursorCell).toHaveClass(/\bcursor\b/)
  expect(await cursorCell.boundingBox()).toEqual(box)

  // Keys typed into a field are the field's: the cursor stays.
  const market = page.getByLabel('Market', { exact: true })
  await market.focus()
  await market.press('ArrowUp')
  await market.press('Escape')
  await expect(cursorCell).toHaveClass(/\bcursor\b/)

  // Enter: the override editor on that outcome; an override set there shows on its cell.
  await page.keyboard.press('Enter')
  const editor = page.getByTestId('override-editor')
  await expect(editor).toBeVisible()
  const outcomeName = (await editor.locator('strong').first().textContent()) ?? ''
  await editor.locator('input[name="price"]').fill('7.77')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('override-confirm')).toContainText('Serve 7.77')
  await page.keyboard.press('Enter')
  await finishOverrideSet(page, editor)
  await expect(cursorCell.getByTestId('cell-override')).toContainText('OVR 7.77')
  await expect(page.getByTestId('cell-override')).toHaveCount(1)

  // H: Review on that match, the outcome's market, its line drawn bold.
  await page.keyboard.press('h')
  await expect(page.getByTestId('review-screen')).toBeVisible()
  await expect(page.getByTestId('review-match')).toHaveValue(String(first))
  await expect(page.getByTestId('review-outcome')).toHaveText(outcomeName)
  await expect(page.getByTestId('review-chart')).not.toHaveAttribute('data-bold-line', '-1')

  // Back on the board the cursor is where it was; its match leaves the list and it moves to the next one's.
  await page.keyboard.press('1')
  await expect(cursorCell).toHaveClass(/\bcursor\b/)
  const secondCard = page.locator(`[data-testid="match-card"][data-match="${second}"]`)
  await expect(secondCard.getByTestId('price-cell').first()).toBeVisible()
  const [secondTop = []] = await cardCells(secondCard)
  await unwatchMatch(page, first)
  await expect(cell(page, secondTop[Math.min(1, secondTop.length - 1)] ?? '')).toHaveClass(/\bcursor\b/)

  // Esc puts the cursor away.
  await page.keyboard.press('Escape')
  await expect(page.locator('.price-cell.cursor')).toHaveCount(0)
})

test('Space pins the match under the cursor to the top of the board, and again puts it back', async ({ page }) => {
  await openApp(page, host.url)
  await watchLiveMatches(page, 3)
  const cards = page.getByTestId('match-card')
  await expect(cards).toHaveCount(3)
  await expect(cards.first().getByTestId('price-cell').first()).toBeVisible()
  const cardOrder = () => cards.evaluateAll((all) => all.map((card) => Number(card.getAttribute('data-match'))))
  const watched = await cardOrder()
  const last = watched[watched.length - 1] ?? 0

  // Down the board until the cursor is on the last card.
  const cursor = page.locator('.price-cell.cursor')
  const cursorMatch = () =>
    page.locator('[data-testid="match-card"]:has(.price-cell.cursor)').getAttribute('data-match')
  await page.locator('body').press('ArrowDown')
  for (let i = 0; i < 200 && (await cursorMatch()) !== String(last); i++) await page.keyboard.press('ArrowDown')
  const outcome = (await cursor.getAttribute('data-outcome')) ?? ''

  await page.keyboard.press(' ')
  await expect.poll(cardOrder).toEqual([last, ...watched.slice(0, -1)])
  await expect(cursor).toHaveAttribute('data-outcome', outcome)
  await expect(cursor).toBeInViewport()

  await page.keyboard.press(' ')
  await expect.poll(cardOrder).toEqual(watched)
  await expect(cursor).toHaveAttribute('data-outcome', outcome)
})
