/**
 * Keep-alives are not data (issue 25, item 10): when the odds feed sends nothing for longer than
 * the stale limit — not even its heartbeat — while its sockets still answer pings, the status bar
 * shows its streams as silent and the service as degraded, without reconnecting them, and live
 * again at the next message. The simulator's delay knob holds every odds message back.
 */
import { expect, test } from '../fixtures'
import { startSimulator } from '../../src/sim'
import { endFeedSession, pointAppAtFeed, watchLiveMatches } from '../bridge'
import { launchHost } from '../host'

const KEY = 'e2e-silent-key-3b8f0d62'
/** Longer than the app's stale limit (15 s) by enough for the silence to be seen. */
const HOLD_MS = 30_000

test('an odds feed that only answers pings is shown silent, not reconnected, and live at its next message', async ({
  page,
}) => {
  const feed = await startSimulator({ apiKey: KEY, liveMatches: 1, rate: 20, seed: 4 })
  const host = await launchHost()
  try {
    await page.goto(host.url)
    await pointAppAtFeed(page, feed, KEY)
    await watchLiveMatches(page, 1)
    const odds = page.getByTestId('service-odds')
    await expect(page.getByTestId('service-state-odds')).toHaveText('live')

    // Every odds message, heartbeats included, now leaves the feed HOLD_MS late: the sockets stay up.
    feed.control.setFaults({ oddsStreamDelayMs: HOLD_MS })
    const silent = page.getByTestId('silent-odds')
    await expect(silent).toHaveText('2 silent', { timeout: 30_000 })
    await expect(silent).toHaveAttribute('title', /answering keep-alives, but no data/)
    await expect(page.getByTestId('service-state-odds')).toHaveText('degraded')
    await expect(odds).toContainText('0/2 live')
    await odds.screenshot({ path: 'test-results/screens/status-bar-silent.png' })

    // The held messages arrive: live again, on the same connections.
    feed.control.setFaults({})
    await expect(page.getByTestId('service-state-odds')).toHaveText('live', { timeout: 45_000 })
    await expect(silent).toHaveCount(0)
    await expect(page.getByTestId('reconnects-odds')).toHaveCount(0)
  } finally {
    await endFeedSession(page, host, feed)
  }
})
