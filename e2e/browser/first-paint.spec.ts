/**
 * What the page does on the way to its first board paint, against the real host and its demo feed:
 * the board is asked for before React builds the shell, and the board's first render mounts only
 * the first screen's cards, the rest a frame later. A script that runs in the page before its own
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
  /** The first bridge requests, in the order the page sent them. */
  sent: string[]
  /** How many channels had been asked for when React put the shell into #root. */
  sentBeforeShell: number | null
  /** Match cards in the document when the first price cell appeared. */
  cardsAtFirstPrice: number | null
}

/** Runs before the page's scripts (a string: this file is typed without the DOM); `window.__firstPaint` holds the notes. */
const NOTE_FIRST_PAINT = `(() => {
  const notes = { sent: [], sentBeforeShell: null, cardsAtFirstPrice: null }
  Object.defineProperty(window, '__firstPaint', { value: notes })
  const send = WebSocket.prototype.send
  WebSocket.prototype.send = function (data) {
    const request = typeof data === 'string' ? JSON.parse(data) : null
    if (request && request.channel && notes.sent.length < 20) notes.sent.push(request.channel)
    return send.call(this, data)
  }
  new MutationObserver((_, observer) => {
    if (notes.sentBeforeShell === null && document.getElementById('root')?.firstChild) {
      notes.sentBeforeShell = notes.sent.length
    }
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
  // board:get was among the requests sent before #root had any content.
  expect(first.sent.indexOf('board:get')).toBeGreaterThanOrEqual(0)
  expect(first.sent.indexOf('board:get')).toBeLessThan(first.sentBeforeShell ?? 0)
  // The first screen (fewer than the 12 cards), and every card after that frame.
  expect(first.cardsAtFirstPrice).toBeGreaterThan(0)
  expect(first.cardsAtFirstPrice).toBeLessThan(12)
  await expect(page.getByTestId('match-card')).toHaveCount(12)
  await expect(page.getByTestId('match-card').last().getByTestId('price-cell').first()).toBeAttached()
})
