/**
 * A board that cannot reach its prices says why, and keeps its words (issue 22.4, 22.5): with a
 * bookmaker id the feed does not know, each card reads "cached · bookmaker not found — check
 * Settings" on a line of its own (the team names keep their room), the status bar says the same,
 * the cached cells keep the feed's market labels, lines and outcome labels, and in the compact
 * density every cell still shows its price's age.
 */
import { expect, test } from '../fixtures'
import { startSimulator } from '../../src/sim'
import { endFeedSession, pointAppAtFeed, watchLiveMatches, type PageScope } from '../bridge'
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
    await pointAppAtFeed(page, real, key)
    await expect(page.getByTestId('demo-badge')).toHaveCount(0)
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
