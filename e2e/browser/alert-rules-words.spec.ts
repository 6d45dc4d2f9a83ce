/**
 * Alerts a trader can read (issue 22 items 1 and 2): a rule's scope is picked by name (the match by
 * its teams, the outcome by the feed's labels) and listed in those words, never as ids and keys, even
 * once the match has left the watchlist;
 * and what a rule's cooldown holds back is counted on its alert and listed when opened.
 */
import { expect, test } from '../fixtures'
import { notifyOnMovesOf, unwatchMatch, watchLiveMatches, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

// A host per test: one test's rule must not raise the other's alerts.
let host: HostProcess
test.beforeEach(async () => {
  host = await launchHost()
})
test.afterEach(async () => {
  await host.stop()
})

test('a rule scope is picked by name and the rule list says it in words', async ({ page }) => {
  await page.goto(host.url)
  const [matchId = 0] = await watchLiveMatches(page, 2)
  await expect(
    page.locator(`[data-testid="match-card"][data-match="${matchId}"] [data-testid="price-cell"]`).first(),
  ).toBeVisible()
  await page.getByTestId('nav-alerts').click()
  await page.getByTestId('rule-new').click()
  const editor = page.getByTestId('rule-editor')
  await editor.getByTestId('input-name').fill('One outcome moves')
  await editor.getByTestId('rule-scope').selectOption('outcome')

  // The match by its teams, the outcome by its market and label: nothing to type.
  const matchPicker = editor.getByTestId('rule-match')
  await matchPicker.selectOption(String(matchId))
  const matchText = (await matchPicker.locator('option:checked').textContent()) ?? ''
  expect(matchText).toMatch(/^.+ v .+ · .+$/)
  const outcomePicker = editor.getByTestId('rule-outcome')
  await expect(outcomePicker.locator('option')).not.toHaveCount(1)
  await outcomePicker.selectOption({ index: 1 })
  const outcomeText = (await outcomePicker.locator('option:checked').textContent()) ?? ''
  expect(outcomeText).toMatch(/^.+ · .+$/)
  await editor.getByTestId('rule-save').click()
  await expect(page.getByTestId('rule-editor')).toHaveCount(0)

  const teams = matchText.slice(0, matchText.lastIndexOf(' · '))
  const row = page.getByTestId('rule-row').filter({ hasText: 'One outcome moves' })
  await expect(row).toContainText(`${teams} · ${outcomeText}`)
  await expect(row).not.toContainText(String(matchId))
  const stored = await page.evaluate(() => (globalThis as unknown as PageScope).oddsMonitor.invoke('rules:list'))
  expect(stored.ok && stored.value[0]?.scope).toMatchObject({ type: 'outcome', matchId })

  // The match leaves the watchlist: after a reload the rule still names it by its teams (the core kept them).
  await unwatchMatch(page, matchId)
  await page.reload()
  await page.getByTestId('nav-alerts').click()
  await expect(row).toContainText(`${teams} · `)
  await expect(row).not.toContainText(String(matchId))
})

test('what a cooldown holds back is counted on the alert and listed when opened', async ({ page }) => {
  await page.goto(host.url)
  const [matchId = 0] = await watchLiveMatches(page, 2)
  // Any move of the match, then an hour's cooldown for the match: every later move is held back.
  await notifyOnMovesOf(page, matchId, 3600)
  await page.getByTestId('nav-alerts').click()
  const entry = page.locator(`[data-testid="alert-entry"][data-match="${matchId}"]`).first()
  const held = entry.getByTestId('alert-held')
  await expect(held).toHaveText(/^\+\d+ more in 3600 s$/, { timeout: 30_000 })
  await expect(entry.getByTestId('alert-held-list')).toHaveCount(0)
  await held.click()
  const listed = entry.getByTestId('alert-held-list').locator('li')
  await expect(listed.first()).toContainText(' v ')
  await expect(page.locator('[data-testid="alert-entry"]')).toHaveCount(1)
})
