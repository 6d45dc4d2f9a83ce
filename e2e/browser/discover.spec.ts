/**
 * The odds feed's own routes put to use, against the real host and its simulator: Discover marks
 * the matches the bookmaker prices (its match list), and each market on the board shows the book's
 * margin (its verify route).
 */
import { expect, test } from '../fixtures'
import { watchLiveMatches, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

test('Discover marks the matches the odds feed prices', async ({ page }) => {
  await page.goto(host.url)
  await page.getByTestId('nav-discover').click()
  const rows = page.getByTestId('discover-row')
  await expect(rows.first()).toBeVisible()
  const priced = await page.evaluate(async () => {
    const api = (globalThis as unknown as PageScope).oddsMonitor
    const mode = await api.invoke('feed:mode')
    if (!mode.ok) throw new Error(mode.error.message)
    const answer = await api.invoke('discover:priced', { sport: mode.value.sport })
    if (!answer.ok) throw new Error(answer.error.message)
    return answer.value
  })
  expect(priced.length).toBeGreaterThan(0)
  // Each row's mark agrees with the odds feed's list: live matches are priced in the simulator.
  await expect(rows.first()).toHaveAttribute('data-priced', /true|false/)
  const count = await rows.count()
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i)
    const matchId = Number(await row.getAttribute('data-match'))
    await expect(row).toHaveAttribute('data-priced', String(priced.includes(matchId)))
  }
  await expect(rows.first()).toContainText(/priced|no prices/)
  await expect(page.locator('[data-testid="discover-row"][data-priced="true"]').first()).toContainText('priced')
})

test("each market on the board shows the book's margin from the verify route", async ({ page }) => {
  await page.goto(host.url)
  const [matchId] = await watchLiveMatches(page, 1)
  const card = page.locator(`[data-testid="match-card"][data-match="${matchId}"]`)
  await expect(card.getByTestId('market-margin').first()).toBeVisible()
  const check = await page.evaluate(
    (id) => (globalThis as unknown as PageScope).oddsMonitor.invoke('odds:verify', { matchId: id }),
    matchId ?? 0,
  )
  if (!check.ok) throw new Error(check.error.message)
  const winner = check.value.margins['full-time|match_winner']
  expect(winner).toBeGreaterThan(0)
  const row = card.locator('.market-row').filter({ hasText: 'Match winner' }).first()
  // The answer the card shows may be a check older or newer than ours: same format, a few tenths apart at most.
  await expect(row.getByTestId('market-margin')).toHaveText(/^\s*\d+\.\d%$/)
  const shown = Number((await row.getByTestId('market-margin').textContent())?.replace('%', ''))
  expect(Math.abs(shown - (winner ?? 0) * 100)).toBeLessThan(2)
})

test.describe('a query left behind', () => {
  let slowHost: HostProcess
  test.beforeAll(async () => {
    // Every answer takes 1.5 s, and 120 live matches make "Load all" several pages long.
    slowHost = await launchHost({ args: ['--sim-live-matches', '120', '--sim-faults', 'slow=1500'] })
  })
  test.afterAll(async () => {
    await slowHost.stop()
  })

  test('"Load all" of one listing never shows its rows or its cancellation under the next', async ({ page }) => {
    await page.goto(slowHost.url)
    await page.getByTestId('nav-discover').click()
    const rows = page.getByTestId('discover-row')
    await expect(rows).toHaveCount(50)
    await page.getByRole('button', { name: 'Load all' }).click()
    await expect(page.getByRole('progressbar')).toBeVisible()
    await page.getByRole('button', { name: 'By date' }).click()
    await page.getByLabel('Date').fill('2030-01-01')
    // From here on the list is the 2030 listing's, which has no matches: record what the screen
    // shows at every change, since the live listing's pages and errors come and go meanwhile.
    // A string: this file is typed for Node, without the page's DOM names.
    await page.evaluate(`(() => {
      const seen = (globalThis.__seen = { rows: 0, notes: [] })
      const look = () => {
        seen.rows = Math.max(seen.rows, document.querySelectorAll('[data-testid="discover-row"]').length)
        for (const note of document.querySelectorAll('.discover-footer .inline-note'))
          if (note.textContent && !seen.notes.includes(note.textContent)) seen.notes.push(note.textContent)
      }
      look()
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true })
    })()`)
    await expect(page.getByText('No matches.')).toBeVisible()
    // The live listing's next page (1.5 s late, then cancelled by the core) has been answered by now.
    await page.waitForTimeout(3000)
    const seen = await page.evaluate(
      () => (globalThis as unknown as { __seen: { rows: number; notes: string[] } }).__seen,
    )
    expect(seen).toEqual({ rows: 0, notes: [] })
    await expect(page.getByText('0 shown')).toBeVisible()
    await expect(page.getByRole('progressbar')).toHaveCount(0)
  })
})
