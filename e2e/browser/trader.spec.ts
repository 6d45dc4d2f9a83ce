/**
 * The trader's day through the real headless host and its built-in simulator: discover, watch,
 * see prices move, override, restart, type without triggering hotkeys, and prove that one price
 * change re-renders one cell. Screenshots of each main screen go to test-results/screens/.
 */
import { expect, test, type Page } from '../fixtures'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { finishOverrideSet, openApp } from '../app'
import { outcomesOf, renderCounts, setOverrideOn, watchLiveMatches } from '../bridge'
import { launchHost, type HostProcess } from '../host'

const SCREENS = 'test-results/screens'

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS}/${name}.png` })
}

function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  return problems
}

test.describe('a trading session', () => {
  let host: HostProcess
  test.beforeAll(async () => {
    host = await launchHost()
  })
  test.afterAll(async () => {
    await host.stop()
  })

  test('discover, watch, see prices flash, override with the editor and get the alert', async ({ page }) => {
    const problems = watchProblems(page)
    await page.goto(host.url)
    await expect(page.getByTestId('demo-badge')).toBeVisible()

    await page.getByTestId('nav-discover').click()
    const rows = page.getByTestId('discover-row')
    await expect(rows.first()).toBeVisible()
    await shot(page, 'discover')
    // One match by mouse, one by key.
    await page.getByTestId('add-match').first().click()
    await expect(page.getByTestId('discover-message')).toContainText('added to')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(rows.nth(1).getByTestId('add-match')).toHaveText('Watching')

    await page.getByTestId('nav-board').click()
    await expect(page.getByTestId('match-card')).toHaveCount(2)
    await expect(page.getByTestId('watchlist-match')).toHaveCount(2)
    // A price moves and its cell flashes in the direction of the move.
    await expect(
      page
        .locator('[data-testid="cell-price"][data-flash="up"], [data-testid="cell-price"][data-flash="down"]')
        .first(),
    ).toBeVisible()
    await expect(page.getByTestId('tape-row').first()).toBeVisible()
    await shot(page, 'board')

    // Override the first outcome through the editor, with its confirmation step.
    const cell = page.getByTestId('price-cell').first()
    await cell.click()
    const editor = page.getByTestId('override-editor')
    await editor.locator('input[name="price"]').fill('7.77')
    await editor.locator('input[name="duration"]').fill('600')
    await editor.getByRole('button', { name: 'Set override…' }).click()
    await expect(page.getByTestId('override-confirm')).toContainText('Serve 7.77')
    await shot(page, 'override-editor')
    await editor.getByRole('button', { name: 'Confirm set' }).click()
    await finishOverrideSet(page, editor)

    // The simulator serves it back on its override stream: the board marks it, an alert counts down.
    await expect(cell.getByTestId('cell-override')).toContainText('OVR 7.77')
    await expect(cell.getByTestId('cell-price')).toHaveText('7.77')
    const alert = page.getByTestId('override-alert').filter({ hasText: '7.77' }).first()
    await expect(alert).toHaveAttribute('data-action', 'set')
    await expect(alert.getByTestId('override-countdown')).toHaveAttribute('data-label', /^expires in (9|10):\d\d$/)
    await expect(page.getByTestId('override-unread')).toBeVisible()
    await shot(page, 'board-override')

    // Lift it again: the marker goes, the lift is reported.
    await cell.click()
    await editor.getByRole('button', { name: 'Lift override…' }).click()
    await editor.getByRole('button', { name: 'Confirm lift' }).click()
    await expect(page.getByTestId('override-answer')).toContainText('Done')
    await editor.getByRole('button', { name: 'Close' }).click()
    await expect(cell.getByTestId('cell-override')).toHaveCount(0)
    await expect(page.locator('[data-testid="override-alert"][data-action="lifted"]').first()).toBeVisible()
    await page.keyboard.press('Shift+A')
    await expect(page.getByTestId('override-unread')).toHaveCount(0)

    await page.getByTestId('nav-settings').click()
    await expect(page.getByTestId('keys')).toContainText('not set')
    await shot(page, 'settings')
    await page.getByTestId('nav-review').click()
    await shot(page, 'review')
    await page.getByTestId('nav-alerts').click()
    await shot(page, 'alerts')
    expect(problems).toEqual([])
  })

  test('hotkeys do nothing while typing in search, and work again outside it', async ({ page }) => {
    await openApp(page, host.url)
    await page.keyboard.press('2')
    await expect(page.getByTestId('discover')).toBeVisible()
    const search = page.getByTestId('discover-search')
    await search.click()
    // 1 and 5 switch screens, a and Enter add the selected match, j moves the selection: not here.
    await page.keyboard.type('1a5j')
    await page.keyboard.press('Enter')
    await expect(search).toHaveValue('1a5j')
    await expect(page.getByTestId('discover')).toBeVisible()
    await expect(page.getByTestId('discover-message')).toHaveCount(0)
    await expect(page.locator('[data-testid="discover-row"][aria-selected="true"]')).toHaveCount(1)
    await expect(page.getByTestId('discover-row').first()).toHaveAttribute('aria-selected', 'true')
    await search.fill('Antonsen')
    await expect(page.getByTestId('search-hits')).toContainText('Antonsen')
    await search.blur()
    await page.keyboard.press('5')
    await expect(page.getByTestId('settings')).toBeVisible()
    // The palette opens with Ctrl+K and runs a command by name.
    await page.keyboard.press('Control+k')
    await expect(page.getByRole('textbox', { name: 'Command' })).toBeFocused() // typed before this, the letters would be hotkeys
    await page.keyboard.type('go to board')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('board')).toBeVisible()
  })
})

test('watchlists and settings survive a host restart', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'odds-trader-'))
  let host = await launchHost({ dataDir })
  try {
    await page.goto(host.url)
    await page.getByLabel('New watchlist name').fill('Evening')
    await page.getByLabel('New watchlist name').press('Enter')
    await page.getByTestId('watchlist').filter({ hasText: 'Evening' }).getByRole('button').first().click()
    await page.keyboard.press('2')
    await page.getByTestId('add-match').first().click()
    await expect(page.getByTestId('discover-message')).toContainText('added to Evening')
    await page.keyboard.press('5')
    await page.getByLabel('language').fill('pt-BR')
    await page.getByLabel('conflationMs').fill('7')
    await page.getByRole('button', { name: 'Save settings' }).click()
    // A typed invalid_input answer lands beside its field.
    await expect(page.locator('.field-error')).toContainText('must be at least 8')
    await page.getByLabel('conflationMs').fill('50')
    await page.getByLabel('theme').selectOption('light')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByTestId('settings-saved')).toContainText('language')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await shot(page, 'settings-light')
  } finally {
    await host.stop()
  }
  host = await launchHost({ dataDir })
  try {
    await openApp(page, host.url)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await expect(page.getByTestId('watchlist').filter({ hasText: 'Evening' })).toHaveClass(/active/)
    await expect(page.getByTestId('watchlist-match')).toHaveCount(1)
    await expect(page.getByTestId('match-card')).toHaveCount(1)
    await shot(page, 'board-light')
    await page.keyboard.press('5')
    await expect(page.getByLabel('language')).toHaveValue('pt-BR')
    await expect(page.getByLabel('conflationMs')).toHaveValue('50')
  } finally {
    await host.stop()
  }
})

test("a setting saved in one window holds at once in the app's other windows", async ({ page }) => {
  const host = await launchHost()
  const other = await page.context().newPage()
  try {
    await openApp(page, host.url)
    await openApp(other, host.url)
    await page.keyboard.press('5')
    await page.getByLabel('theme').selectOption('light')
    await page.getByLabel('paintWarnMs').fill('1234')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByTestId('settings-saved')).toContainText('theme')
    // The other window (a popped-out match, a second tab) follows without a reload.
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'light')
    await other.keyboard.press('5')
    await expect(other.getByLabel('paintWarnMs')).toHaveValue('1234')
  } finally {
    await other.close()
    await host.stop()
  }
})

test('price ticks re-render no component: each cell writes its own new price', async ({ page }) => {
  const host = await launchHost()
  try {
    await page.goto(`${host.url}&renderCount=1`)
    await watchLiveMatches(page, 1)
    await expect(page.getByTestId('price-cell').first()).toHaveAttribute('data-direction', /.+/)
    await expect(page.getByTestId('match-card').first()).toHaveAttribute('data-in-view', 'true')
    await expect(page.getByTestId('match-card').first()).toHaveAttribute('data-prices', 'current')
    const before = await renderCounts(page)
    // Every price text written, by outcome, and every cell whose classes changed (a suspension or
    // an override changes the cell's shape, which React does re-render).
    await page.evaluate(`(() => {
      const ticks = (globalThis.__priceTicks = {})
      const reshaped = (globalThis.__reshaped = new Set())
      new MutationObserver((records) => {
        for (const record of records) {
          const element = record.target.nodeType === 1 ? record.target : record.target.parentElement
          const cell = element && element.closest('[data-testid="price-cell"]')
          if (!cell) continue
          const outcome = cell.dataset.outcome
          if (record.type === 'attributes') {
            if (element === cell) reshaped.add(outcome)
          }
          else if (element.closest('[data-testid="cell-price"]')) ticks[outcome] = (ticks[outcome] ?? 0) + 1
        }
      }).observe(document.querySelector('[data-testid="board"]'), {
        subtree: true, characterData: true, childList: true, attributes: true, attributeFilter: ['class'],
      })
    })()`)
    const ticked = () => page.evaluate<number>('Object.values(globalThis.__priceTicks).reduce((a, b) => a + b, 0)')
    await expect.poll(ticked, { timeout: 30_000 }).toBeGreaterThanOrEqual(20)
    const after = await renderCounts(page)
    const reshaped = await page.evaluate<string[]>('[...globalThis.__reshaped]')
    const rerendered = Object.keys(after).filter((key) => key.startsWith('cell:') && after[key] !== before[key])
    expect(rerendered.filter((key) => !reshaped.includes(key.slice('cell:'.length)))).toEqual([])
    const tickedCells = await page.evaluate<string[]>('Object.keys(globalThis.__priceTicks)')
    expect(tickedCells.filter((outcome) => !reshaped.includes(outcome)).length).toBeGreaterThan(0)
  } finally {
    await host.stop()
  }
})

test('one price change re-renders only its own cell', async ({ page }) => {
  // No random walk: the only price change is the override this test sets.
  const host = await launchHost({ args: ['--sim-rate', '0'] })
  try {
    await page.goto(`${host.url}&renderCount=1`)
    await watchLiveMatches(page, 1)
    const cells = page.getByTestId('price-cell')
    await expect(cells.first()).toHaveAttribute('data-direction', /.+/)
    const count = await cells.count()
    expect(count).toBeGreaterThan(4)
    // The baseline is taken once the card is on screen (its cells render once more for that) and
    // its prices are current (so do they when the stale mark goes).
    await expect(page.getByTestId('match-card').first()).toHaveAttribute('data-in-view', 'true')
    await expect(page.getByTestId('match-card').first()).toHaveAttribute('data-prices', 'current')
    const before = await renderCounts(page)
    const outcome = (await cells.nth(1).getAttribute('data-outcome')) ?? ''
    const price = cells.nth(1).getByTestId('cell-price')
    // The first price's own flash (a freshly shown cell) has run out before recording starts.
    await expect(price).not.toHaveAttribute('data-flash', /.*/)
    // Every flash state the price takes, in order: `up0` … `up5` (direction and fade step), then `off`.
    const priceSelector = JSON.stringify(`[data-outcome="${outcome}"] [data-testid="cell-price"]`)
    // What the trader sees behind the price at each state: every background drawn there (the
    // cell's, the price's own, a box of its own behind its text) laid over one another, as
    // r, g, b in 0–255. Colours read as rgb(a)(…) in 0–255 or, once mixed, color(srgb r g b / a) in 0–1.
    await page.evaluate(`(() => {
      const element = document.querySelector(${priceSelector})
      const cell = element.closest('[data-testid="price-cell"]')
      const parse = (css) => {
        const numbers = (css.match(/[0-9.]+/g) ?? []).map(Number)
        const scale = css.startsWith('color(') ? 255 : 1
        return { rgb: numbers.slice(0, 3).map((n) => n * scale), alpha: numbers.length > 3 ? numbers[3] : 1 }
      }
      const shown = () =>
        [getComputedStyle(element), getComputedStyle(element, '::before')].reduce((below, style) => {
          const { rgb, alpha } = parse(style.backgroundColor)
          return below.map((channel, i) => alpha * rgb[i] + (1 - alpha) * channel)
        }, parse(getComputedStyle(cell).backgroundColor).rgb)
      const states = (globalThis.__flashStates = [])
      const looks = (globalThis.__flashLooks = [])
      globalThis.__restingLook = shown()
      new MutationObserver(() => {
        states.push(element.dataset.flash ? element.dataset.flash + element.dataset.fade : 'off')
        looks.push({ colour: shown(), text: getComputedStyle(element).color })
      }).observe(element, { attributes: true, attributeFilter: ['data-flash', 'data-fade'] })
    })()`)
    expect(await setOverrideOn(page, outcome, 9.99)).toMatchObject({ ok: true })
    await expect(price).toHaveText('9.99')
    const after = await renderCounts(page)
    const rerendered = Object.keys(after).filter((key) => after[key] !== before[key])
    expect(rerendered).toEqual([`cell:${outcome}`])
    expect(Object.keys(after).filter((key) => key.startsWith('cell:'))).toHaveLength(count)
    // The change lit the price in its direction, faded it step by step, and cleared it (~1.5 s).
    const flashStates = () => page.evaluate<string[]>('globalThis.__flashStates')
    await expect.poll(async () => (await flashStates()).at(-1)).toBe('off')
    const states = await flashStates()
    expect(states.filter((state) => state === 'off')).toHaveLength(1)
    const direction = states[0]?.slice(0, -1)
    expect(['up', 'down']).toContain(direction)
    const steps = states.slice(0, -1).map((state) => Number(state.slice(direction?.length)))
    expect(states.slice(0, -1).every((state) => state.startsWith(direction ?? '?'))).toBe(true)
    expect(steps[0]).toBe(0)
    expect(steps.every((step, i) => i === 0 || step > (steps[i - 1] as number))).toBe(true)
    expect(steps.length).toBeGreaterThanOrEqual(4)
    // Behind the price the colour lights up, comes back step by step towards the cell's own, and
    // ends exactly on it; the text keeps its colour throughout.
    const looks = await page.evaluate<Array<{ colour: number[]; text: string }>>('globalThis.__flashLooks')
    const resting = await page.evaluate<number[]>('globalThis.__restingLook')
    const away = looks.map((look) => Math.max(...look.colour.map((channel, i) => Math.abs(channel - resting[i]!))))
    expect(away[0]).toBeGreaterThan(20)
    expect(away.every((distance, i) => i === 0 || distance < (away[i - 1] as number))).toBe(true)
    expect(away.at(-1)).toBeLessThan(0.5)
    expect(new Set(looks.map((look) => look.text)).size).toBe(1)
  } finally {
    await host.stop()
  }
})

test('the compact board puts matches side by side, toggled with D and kept in the settings', async ({ page }) => {
  const host = await launchHost({ args: ['--sim-rate', '0'] })
  try {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(host.url)
    await watchLiveMatches(page, 8)
    const cards = page.getByTestId('match-card')
    await expect(cards.first().getByTestId('price-cell').first()).toHaveAttribute('data-direction', /.+/)
    /** Cards wholly inside the board's viewport, and how many distinct rows they sit in. */
    const inView = async () => {
      const board = (await page.getByTestId('board').boundingBox())!
      const tops: number[] = []
      for (const card of await cards.all()) {
        const box = await card.boundingBox()
        if (box && box.y >= board.y && box.y + box.height <= board.y + board.height) tops.push(Math.round(box.y))
      }
      return { shown: tops.length, rows: new Set(tops).size }
    }
    const comfortable = await inView()
    expect(comfortable.shown).toBe(comfortable.rows) // one card per row

    await page.keyboard.press('d')
    await expect(page.locator('html')).toHaveAttribute('data-density', 'compact')
    await expect.poll(async () => (await inView()).shown).toBeGreaterThanOrEqual(2 * Math.max(1, comfortable.shown))
    const compact = await inView()
    expect(compact.rows).toBeLessThan(compact.shown) // several cards share a row
    await shot(page, 'board-compact')

    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-density', 'compact')
    await page.keyboard.press('5')
    await expect(page.getByLabel('boardDensity')).toHaveValue('compact')
  } finally {
    await host.stop()
  }
})

test('an off-screen card mounts no price cells and shows the current price once scrolled into view', async ({
  page,
}) => {
  // No random walk: the only price changes are the overrides this test sets.
  const host = await launchHost({ args: ['--sim-rate', '0'] })
  try {
    await page.goto(host.url)
    const matchIds = await watchLiveMatches(page, 8)
    expect(matchIds.length).toBeGreaterThan(4)
    const cards = page.getByTestId('match-card')
    await expect(cards).toHaveCount(matchIds.length)
    const lastCard = cards.last()
    await expect(lastCard).not.toBeInViewport()
    // The page has seen which cards are on screen: the first is, the last is not.
    await expect(cards.first()).toHaveAttribute('data-in-view', 'true')
    await expect(lastCard).toHaveAttribute('data-in-view', 'false')
    // Off screen a card keeps its header and its height, not its markets: no cell, no work per tick.
    await expect(lastCard.getByTestId('price-cell')).toHaveCount(0)
    // The stand-in holds the markets' height (the card itself, skipped by content-visibility, is
    // sized by the browser from its last render).
    const standIn = lastCard.getByTestId('markets-stand-in')
    await expect(standIn).toBeAttached()
    expect(
      await standIn.evaluate((element) =>
        parseFloat((element as unknown as { style: { height: string } }).style.height),
      ),
    ).toBeGreaterThan(100)
    const shownCell = cards.first().getByTestId('price-cell').nth(1)
    const hiddenOutcome = (await outcomesOf(page, matchIds.at(-1) ?? 0))[1] ?? ''
    const shownOutcome = (await shownCell.getAttribute('data-outcome')) ?? ''

    expect(await setOverrideOn(page, hiddenOutcome, 8.88)).toMatchObject({ ok: true })
    expect(await setOverrideOn(page, shownOutcome, 9.99)).toMatchObject({ ok: true })
    await expect(shownCell.getByTestId('cell-price')).toHaveText('9.99')

    // Cards above it grow as their markets mount on the way down: scroll again until it stays in view.
    const hiddenCell = lastCard.locator(`[data-outcome="${hiddenOutcome}"]`)
    await expect(async () => {
      await lastCard.scrollIntoViewIfNeeded()
      await expect(hiddenCell.getByTestId('cell-price')).toHaveText('8.88', { timeout: 1000 })
      await expect(hiddenCell.getByTestId('cell-override')).toContainText('OVR 8.88', { timeout: 1000 })
    }).toPass()
    // The first card has left the screen in turn: its cells are gone.
    await expect(cards.first()).toHaveAttribute('data-in-view', 'false')
    await expect(cards.first().getByTestId('price-cell')).toHaveCount(0)
  } finally {
    await host.stop()
  }
})
