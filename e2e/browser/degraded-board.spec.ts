/**
 * A board that cannot reach its prices says why, and keeps its words (issue 22.4, 22.5): with a
 * bookmaker id the feed does not know, each card reads "cached · bookmaker not found — check
 * Settings" on a line of its own (the team names keep their room), the status bar says the same,
 * the cached cells keep the feed's market labels, lines and outcome labels, and in the compact
 * density every cell still shows its price's age. A rejected odds key reads "cached · key rejected",
 * and the book check that keeps failing is asked ever later, not every 3 s. Under a 429 Discover
 * says it is rate limited and when it retries, rather than an empty list.
 */
import { expect, test } from '../fixtures'
import { startSimulator } from '../../src/sim'
import { endFeedSession, recordedInvokes, recordInvokes, watchLiveMatches, type PageScope } from '../bridge'
import { switchToFeed } from '../app'
import { launchHost } from '../host'

const NOT_FOUND = 'bookmaker not found — check Settings'

test('a wrong bookmaker id: cards and status bar say so, cached cells keep their words and their age in compact', async ({
  page,
}) => {
  const key = 'e2e-degraded-board-key'
  const real = await startSimulator({ port: 0, apiKey: key, liveMatches: 3, rate: 20 })
  const host = await launchHost()
  try {
    await page.goto(host.url)
    await switchToFeed(page, real, key)
    await watchLiveMatches(page, 2)
    const card = page.getByTestId('match-card').first()
    await expect(card.getByTestId('price-cell').first()).toHaveAttribute('data-direction', /.+/)
    await expect(card.getByTestId('cached-badge')).toHaveCount(0)
    /** Market labels with their lines, and outcome labels, as the card shows them. */
    const words = () =>
      card.evaluate((el) => ({
        markets: [...el.querySelectorAll('.market-label')].map(
          (m) => `${m.getAttribute('title')}|${m.querySelector('.num:not(.market-margin)')?.textContent ?? ''}`,
        ),
        outcomes: [...el.querySelectorAll('.cell-label')].map((c) => c.textContent),
      }))
    const live = await words()
    expect(live.markets.some((m) => /\|\s*\d/.test(m))).toBe(true) // a market with a line

    await page.keyboard.press('d')
    await expect(page.locator('html')).toHaveAttribute('data-density', 'compact')
    await page.evaluate(
      (bookmakerId) => (globalThis as unknown as PageScope).oddsMonitor.invoke('settings:update', { bookmakerId }),
      'no-such-bookmaker',
    )

    await expect(card.getByTestId('cached-badge')).toHaveText(`cached · ${NOT_FOUND}`)
    await expect(page.getByTestId('unsynced-status')).toHaveText(`2 on cached prices: ${NOT_FOUND}`)
    expect(await words()).toEqual(live)
    const age = card.locator('.price-cell:not(.overridden) .cell-age').first()
    await expect(age).toBeVisible()
    await expect(age).toHaveAttribute('data-label', /\d/)
    await expect(card.locator('.match-header').getByTestId('cached-badge')).toHaveCount(0)
    for (const name of await card.locator('.team-name').all()) {
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    }
  } finally {
    await endFeedSession(page, host, real)
  }
})

test('a rejected odds key: the card says so, and the failing book check backs off', async ({ page }) => {
  const key = 'e2e-degraded-key-2'
  const real = await startSimulator({ port: 0, apiKey: key, liveMatches: 2, rate: 20 })
  await recordInvokes(page, 'odds:verify')
  const host = await launchHost()
  try {
    await page.goto(host.url)
    await switchToFeed(page, real, key)
    await page.evaluate(
      (wrong) =>
        (globalThis as unknown as PageScope).oddsMonitor.invoke('keys:set', { account: 'odds-feed', key: wrong }),
      'not-the-odds-key',
    )
    const [matchId] = await watchLiveMatches(page, 1)
    const card = page.getByTestId('match-card').first()
    await expect(card.getByTestId('cached-badge')).toHaveText('cached · key rejected')
    await expect(page.getByTestId('unsynced-status')).toHaveText('1 on cached prices: key rejected')

    const asked = async () =>
      (await recordedInvokes(page)).filter((c) => (c.input as { matchId: number }).matchId === matchId).map((c) => c.at)
    await expect.poll(async () => (await asked()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3)
    const [first = 0, second = 0, third = 0] = await asked()
    // Each wait after a failed check is about twice the one before (3 s, then 6 s), not a fixed 3 s.
    expect(third - second).toBeGreaterThan(1.5 * (second - first))
  } finally {
    await endFeedSession(page, host, real)
  }
})

test('Discover under a 429 says "rate limited, retrying in N s" until the wait is over', async ({ page }) => {
  const key = 'e2e-degraded-key-3'
  const real = await startSimulator({ port: 0, apiKey: key, liveMatches: 2, rate: 20 })
  const host = await launchHost()
  try {
    await page.goto(host.url)
    await switchToFeed(page, real, key)
    real.control.setFaults({ burst429: { every: 1, count: 1_000_000, retryAfterSeconds: 6 } })
    await page.getByTestId('nav-discover').click()
    const notice = page.getByTestId('discover-rate-limited')
    await expect(notice).toHaveText(/^rate limited, retrying in \d s$/)

    real.control.setFaults({})
    await expect(page.locator('[data-testid="discover"] .match-list > *').first()).toBeVisible({ timeout: 30_000 })
    await expect(notice).toHaveCount(0)
  } finally {
    await endFeedSession(page, host, real)
  }
})
