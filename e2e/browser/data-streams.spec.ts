/**
 * The data service's live streams for the whole desk (issue 14.1): ten watched matches hold one
 * data stream per live type, each shown live in the status bar, and every card shows a score and a
 * running clock from the documented message shapes (issue 21.1); where
 * the service refuses those streams (the simulator's `refusetype` knob), the status bar shows each
 * type held per match and the cards still get their scores.
 */
import { expect, test, type Page } from '../fixtures'
import { watchLiveMatches } from '../bridge'
import { launchHost } from '../host'

const LIVE_TYPES = ['status', 'score', 'time', 'incident']

async function expectKinds(page: Page, perMatch: string | null): Promise<void> {
  const kinds = page.getByTestId('stream-kinds-data')
  for (const kind of LIVE_TYPES) {
    const chip = kinds.locator(`[data-kind="${kind}"]`)
    await expect(chip).toHaveAttribute('data-state', 'live')
    if (perMatch) await expect(chip).toContainText(perMatch)
  }
  if (!perMatch) await expect(kinds).not.toContainText('per match')
}

test('ten watched matches: one data stream per live type for the desk, every card scored', async ({ page }) => {
  const host = await launchHost({ args: ['--sim-live-matches', '10', '--sim-speed', '20'] })
  try {
    await page.goto(host.url)
    const ids = await watchLiveMatches(page, 10)
    expect(ids).toHaveLength(10)
    await expect(page.getByTestId('match-card')).toHaveCount(10)
    await expect(page.getByTestId('service-data')).toContainText('4/4 live')
    await expectKinds(page, null)
    await expect(page.getByTestId('match-card').locator('.score')).toHaveCount(10)
    // The clock runs: at 20× a match minute passes every 3 s, and each time message restates the start.
    const clock = page.getByTestId('match-card').first().getByTestId('match-clock')
    await expect(clock).toHaveAttribute('data-label', /^[1-3] \d+′$/)
    const first = await clock.getAttribute('data-label')
    await expect(clock).not.toHaveAttribute('data-label', first ?? '', { timeout: 15_000 })
    await page.screenshot({ path: 'test-results/screens/data-streams-desk.png' })
  } finally {
    await host.stop()
  }
})

test('per-type streams refused: each type is held per match, shown so, and the cards are still scored', async ({
  page,
}) => {
  const host = await launchHost({
    args: ['--sim-live-matches', '3', '--sim-speed', '20', '--sim-faults', 'refusetype=404'],
  })
  try {
    await page.goto(host.url)
    await watchLiveMatches(page, 3)
    await expect(page.getByTestId('match-card')).toHaveCount(3)
    await expect(page.getByTestId('service-data')).toContainText('12/12 live')
    await expectKinds(page, '3/3 per match')
    await expect(page.getByTestId('match-card').locator('.score')).toHaveCount(3)
  } finally {
    await host.stop()
  }
})
