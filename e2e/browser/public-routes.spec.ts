/**
 * The odds feed's public routes on screen (issue 21.7), with the simulator standing in for the real
 * services and a bookmaker whose routes cover badminton only: Discover lists hockey from the
 * provider's public feed (not addable), shows a sport's leagues with the provider's counts and
 * lists one; Review fills an unrecorded match from the provider's history, marked as such.
 */
import { expect, test } from '../fixtures'
import { startSimulator, type SimulatorHandle } from '../../src/sim'
import { endFeedSession } from '../bridge'
import { switchToFeed } from '../app'
import { launchHost, type HostProcess } from '../host'

const REAL_KEY = 'e2e-public-routes-key-5d1a'
let host: HostProcess
let real: SimulatorHandle

test.beforeAll(async () => {
  real = await startSimulator({ port: 0, apiKey: REAL_KEY, liveMatches: 2, rate: 20, bookmakerSports: ['badminton'] })
  host = await launchHost()
})

/** A settled badminton match of the provider's history, asked of the simulator directly. */
async function finishedMatchId(): Promise<number> {
  const res = await fetch(`${real.oddsBaseUrl}/badminton-history`, { headers: { authorization: `Bearer ${REAL_KEY}` } })
  const rows = (await res.json()) as Array<{ matchId: number; odds: Record<string, unknown> }>
  const row = rows.find((r) => Object.keys(r.odds).length > 0)
  if (!row) throw new Error('the simulator has no settled match with prices')
  return row.matchId
}

test('Discover lists a public-only sport and a sport’s leagues with counts; Review fills gaps from the provider’s history', async ({
  page,
}) => {
  await page.goto(host.url)
  await switchToFeed(page, real, REAL_KEY)

  await page.getByTestId('nav-discover').click()
  const discover = page.getByTestId('discover')
  await discover.getByLabel('Sport').selectOption('hockey')
  await expect(discover.getByTestId('public-feed-note')).toContainText('public feed')
  const publicRows = discover.getByTestId('discover-row')
  await expect(publicRows.first()).toBeVisible()
  await expect(publicRows.first().getByTestId('add-match')).toBeDisabled()
  await expect(publicRows.first().getByTestId('add-match')).toHaveText('Public feed')

  await discover.getByLabel('Sport').selectOption('badminton')
  await expect(discover.getByTestId('public-feed-note')).toHaveCount(0)
  await discover.getByTestId('leagues-menu').click()
  const leagues = discover.getByTestId('league-count')
  await expect(leagues.first()).toContainText(/\d+ available/)
  const withMatches = leagues.filter({ hasNotText: ' 0 available' }).first()
  const name = (await withMatches.locator('span').first().textContent()) ?? ''
  await withMatches.click()
  await expect(discover.locator('.chip')).toHaveText(`league: ${name}`)

  await page.getByTestId('nav-review').click()
  await page.getByTestId('review-match-id').fill(String(await finishedMatchId()))
  await page.getByRole('button', { name: 'Open' }).click()
  const panel = page.getByTestId('provider-history')
  await panel.getByTestId('provider-history-load').click()
  await expect(panel.getByTestId('provider-history-summary')).toContainText(
    "from the provider's history this app did not record",
  )
  await expect(panel.getByTestId('provider-price').first()).toContainText("from the provider's history")
  await endFeedSession(page, host, real)
})
