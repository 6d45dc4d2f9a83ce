/**
 * What the page does on the way to its first board paint, against the real host and its demo feed:
 * the board is asked for before React builds the shell, and the board's first render mounts only
 * the first screen's cards, the rest a frame later; the other screens' code loads when each is first
 * shown. A script that runs in the page before its own
 * notes what happened, in order; nothing here is timed.
 */
import { expect, test, type Page } from '../fixtures'
import { watchLiveMatches } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost({ args: ['--sim-live-matches', '12'] })
})
test.afterAll(async () => {
  await host.stop()
})

interface FirstPaintNotes {
  /** The first bridge requests, in the order the page made them (requests made before the socket opens wait, in order). */
  sent: string[]
  /** Match cards in the document when the first price cell appeared. */
  cardsAtFirstPrice: number | null
}

/** Runs before the page's scripts (a string: this file is typed without the DOM); `window.__firstPaint` holds the notes. */
const NOTE_FIRST_PAINT = `(() => {
  const notes = { sent: [], cardsAtFirstPrice: null }
  Object.defineProperty(window, '__firstPaint', { value: notes })
  const send = WebSocket.prototype.send
  WebSocket.prototype.send = function (data) {
    const request = typeof data === 'string' ? JSON.parse(data) : null
    if (request && request.channel && notes.sent.length < 20) notes.sent.push(request.channel)
    return send.call(this, data)
  }
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="price-cell"]')) {
      notes.cardsAtFirstPrice = document.querySelectorAll('[data-testid="match-card"]').length
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true })
})()`

const notes = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __firstPaint: FirstPaintNotes }).__firstPaint)

test('the page asks for the board before React renders the shell, and the first board shows the first screen first', async ({
  page,
}) => {
  await page.goto(host.url)
  const watched = await watchLiveMatches(page, 12)
  expect(watched).toHaveLength(12)
  await expect(page.getByTestId('match-card')).toHaveCount(12)
  await expect(page.getByTestId('price-cell').first()).toBeVisible()

  // A fresh page on the same host: the 12 watched matches and their prices are there at once.
  await page.addInitScript(NOTE_FIRST_PAINT)
  await page.reload()
  await expect(page.getByTestId('price-cell').first()).toBeVisible()
  const first = await notes(page)
  // Asked for before anything the shell's first render asks for (app:info, settings, problems…).
  expect(first.sent[0]).toBe('board:get')
  // The first screen (fewer than the 12 cards), and every card after that frame.
  expect(first.cardsAtFirstPrice).toBeGreaterThan(0)
  expect(first.cardsAtFirstPrice).toBeLessThan(12)
  await expect(page.getByTestId('match-card')).toHaveCount(12)
  // A card's prices are mounted while it is on screen (MatchCard.tsx): the last one's once scrolled to.
  await page.getByTestId('match-card').last().scrollIntoViewIfNeeded()
  await expect(page.getByTestId('match-card').last().getByTestId('price-cell').first()).toBeVisible()
})

test('the first paint loads the board only: another screen is loaded when it is first shown', async ({ page }) => {
  const screenScripts = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\/assets\/(Review|Alerts|Discover|Settings)Screen-[\w-]+\.js$/.test(name))
        .map((name) => /(\w+)Screen-/.exec(name)?.[1]),
    )
  await page.goto(host.url)
  await expect(page.getByTestId('board')).toBeVisible()
  expect(await screenScripts()).toEqual([])
  await page.keyboard.press('3')
  await expect(page.getByTestId('review-screen')).toBeVisible()
  expect(await screenScripts()).toEqual(['Review'])
  // `/` focuses the search box once the Discover screen has loaded.
  await page.keyboard.press('/')
  await expect(page.getByTestId('discover-search')).toBeFocused()
  expect(await screenScripts()).toEqual(['Review', 'Discover'])
})
