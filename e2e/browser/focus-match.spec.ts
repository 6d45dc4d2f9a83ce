/**
 * A notification click brings its match into view (issue 15.6), however far down a long board it
 * is: off-screen cards keep a card's height instead of collapsing to their border, and the focus
 * holds the card at the top while the cards around it lay out.
 */
import { expect, test } from '../fixtures'
import {
  clickNotification,
  recordedNotifications,
  notifyOnMovesOf,
  recordNotifications,
  watchLiveMatches,
} from '../bridge'
import { launchHost } from '../host'

test('a notification click scrolls a match far down the board into view', async ({ page }) => {
  await recordNotifications(page)
  const host = await launchHost({ args: ['--sim-live-matches', '30'] })
  try {
    await page.goto(host.url)
    const ids = await watchLiveMatches(page, 30)
    expect(ids.length).toBe(30)
    const far = ids[ids.length - 3] ?? 0
    const card = page.locator(`[data-testid="match-card"][data-match="${far}"]`)
    await expect(page.getByTestId('match-card')).toHaveCount(30)
    await expect(card).not.toBeInViewport()
    // Off screen it keeps a card's height: the board's scroll length says where it is.
    expect((await card.boundingBox())?.height).toBeGreaterThan(100)

    // A rule on that match alone, notifying at once: its first move is a system notification.
    await notifyOnMovesOf(page, far, 3600)
    await expect.poll(async () => (await recordedNotifications(page)).length, { timeout: 30_000 }).toBe(1)

    await clickNotification(page, 0)
    await expect(card).toHaveClass(/focused/)
    await expect(card).toBeInViewport({ ratio: 0.9 })
  } finally {
    await host.stop()
  }
})
