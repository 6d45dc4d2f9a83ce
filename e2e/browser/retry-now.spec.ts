/**
 * A service that asked for an hour's wait (429, Retry-After: 3600) shows how long the app will
 * wait (at most five minutes) and a "Retry now" button; once the trader knows the cause is gone,
 * the button lifts the wait at once (issue 25.6). The simulator stands for the real services.
 */
import { expect, test } from '../fixtures'
import { startSimulator, type SimulatorHandle } from '../../src/sim'
import { endFeedSession, pointAppAtFeed, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

const REAL_KEY = 'e2e-retry-now-key-7c2e'
let host: HostProcess
let real: SimulatorHandle

test.beforeAll(async () => {
  real = await startSimulator({ port: 0, apiKey: REAL_KEY, liveMatches: 2, rate: 20 })
  host = await launchHost()
})

test('an hour of Retry-After reads as at most five minutes, and Retry now lifts it', async ({ page }) => {
  await page.goto(host.url)
  await expect(page.getByTestId('demo-badge')).toBeVisible()
  await pointAppAtFeed(page, real, REAL_KEY)
  const discoverLive = async () =>
    JSON.stringify(
      await page.evaluate(() =>
        (globalThis as unknown as PageScope).oddsMonitor.invoke('discover:matches', {
          mode: 'live',
          sport: 'badminton',
        }),
      ),
    )
  await expect(page.getByTestId('demo-badge')).toHaveCount(0)

  real.control.setFaults({ burst429: { every: 1, count: 1_000_000, retryAfterSeconds: 3600 } })
  await expect.poll(discoverLive).toContain('retrying in 300 s')
  const data = page.getByTestId('service-data')
  // Five minutes at most, counting down (the label is drawn from the attribute).
  await expect(data.locator('[data-until]')).toHaveAttribute('data-label', /^[45]:\d\d$/)
  await expect(data.getByTestId('retry-now-data')).toBeVisible()

  real.control.setFaults({})
  await data.getByTestId('retry-now-data').click()
  await expect(data.getByTestId('retry-now-data')).toHaveCount(0)
  await expect.poll(discoverLive).toContain('"ok":true')
  await endFeedSession(page, host, real)
})
