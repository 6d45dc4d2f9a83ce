/**
 * The Alerts and Review screens against the real headless host, its demo simulator and its cache:
 * a rule made through the form (a bad value stays a field error), an alert raised by simulated
 * price moves and followed to its match, and the recorded history charted, listed, exported and
 * replayed on the desk.
 */
import { expect, test } from '../fixtures'
import { mkdirSync, readFileSync } from 'node:fs'
import {
  clickNotification,
  notifyOnMovesOf,
  recordedNotifications,
  recordedSpanMs,
  recordNotifications,
  type PageScope,
  watchLiveMatches,
} from '../bridge'
import { launchHost, type HostProcess } from '../host'
import { dragAcrossChart, showTheme } from '../app'

const SCREENS = 'test-results/screens'

let host: HostProcess

test.beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true })
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

test('a rule made in the editor raises an in-app alert that leads to its match', async ({ page }) => {
  await page.goto(host.url)
  await watchLiveMatches(page, 2)
  await page.getByTestId('nav-alerts').click()
  await expect(page.getByTestId('alerts-screen')).toBeVisible()

  await page.getByTestId('rule-new').click()
  const editor = page.getByTestId('rule-editor')
  await editor.getByTestId('input-name').fill('Any move')
  await editor.getByTestId('input-minPct').fill('-1')
  await editor.getByTestId('rule-save').click()
  await expect(editor.getByTestId('field-error-condition.minPct')).toHaveText('Must be above 0 %')
  await editor.getByTestId('input-cooldownSeconds').fill('soon')
  await expect(editor.getByTestId('field-error-cooldownSeconds')).toHaveText('Must be a number (use . for decimals)')
  await page.screenshot({ path: `${SCREENS}/alerts-rule-errors.png` })
  const stored = await page.evaluate(() => (globalThis as unknown as PageScope).oddsMonitor.invoke('rules:list'))
  expect(stored).toEqual({ ok: true, value: [] })

  // A loose rule: any move of 0.1 % on any watched match.
  await editor.getByTestId('input-minPct').fill('0.1')
  await editor.getByTestId('input-cooldownSeconds').fill('0')
  await expect(editor.getByTestId('field-error-condition.minPct')).toHaveText('')
  await editor.getByTestId('rule-save').click()
  await expect(page.getByTestId('rule-editor')).toHaveCount(0)
  await expect(page.getByTestId('rule-row')).toHaveCount(1)
  await expect(page.getByTestId('rule-row')).toContainText('Any move')
  await expect(page.getByTestId('rule-row')).toContainText('moves ≥ 0.1 % within 60 s · all watched matches')

  // The simulator moves prices; the engine fires; main pushes the list.
  const entry = page.getByTestId('alert-entry').first()
  await expect(entry).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('alerts-unread')).not.toHaveText('0 unread')
  await page.screenshot({ path: `${SCREENS}/alerts.png` })

  // Newer alerts keep arriving above it, so "the first" may change between two reads: open one of
  // the match read here, whichever position it has moved to.
  const matchId = await entry.getAttribute('data-match')
  await page.locator(`[data-testid="alert-entry"][data-match="${matchId}"]`).first().locator('.alert-open').click()
  // The board, scrolled to that match.
  await expect(page.getByTestId('nav-board')).toHaveClass(/on/)
  await expect(page.locator(`[data-testid="match-card"][data-match="${matchId}"]`)).toHaveClass(/focused/)
})

test('the rule list toggles, edits and deletes, and delivery settings keep a bad value off', async ({ page }) => {
  await page.goto(host.url)
  await page.getByTestId('nav-alerts').click()
  await page.getByTestId('rule-new').click()
  const editor = page.getByTestId('rule-editor')
  await editor.getByTestId('input-name').fill('Home above 3')
  await editor.getByTestId('rule-kind-threshold').click()
  await editor.getByTestId('input-price').fill('0.5')
  await editor.getByTestId('rule-save').click()
  await expect(editor.getByTestId('field-error-condition.price')).toHaveText('Must be a decimal price above 1')
  await editor.getByTestId('input-price').fill('3')
  await editor.getByTestId('rule-save').click()
  const row = page.getByTestId('rule-row').filter({ hasText: 'Home above 3' })
  await expect(row).toContainText('crosses 3 either way')

  await row.getByRole('checkbox').uncheck()
  await expect(row).toHaveClass(/disabled/)
  await row.getByRole('button', { name: 'Edit' }).click()
  await page.getByTestId('rule-editor').getByTestId('input-price').fill('3.5')
  await page.getByTestId('rule-editor').getByTestId('rule-save').click()
  await expect(row).toContainText('crosses 3.5 either way')
  page.once('dialog', (dialog) => void dialog.accept())
  await row.getByRole('button', { name: 'Delete' }).click()
  await expect(row).toHaveCount(0)

  const delivery = page.getByTestId('delivery-panel')
  await delivery.getByTestId('input-coalesceSeconds').fill('900')
  await delivery.getByTestId('delivery-save').click()
  await expect(delivery.getByTestId('field-error-coalesceSeconds')).toHaveText('At most 600 seconds')
  await delivery.getByTestId('input-coalesceSeconds').fill('10')
  await delivery.getByTestId('delivery-muted').check()
  await delivery.getByTestId('delivery-save').click()
  await expect(delivery).toContainText('Saved')
  const saved = await page.evaluate(() => (globalThis as unknown as PageScope).oddsMonitor.invoke('rules:deliveryGet'))
  expect(saved).toEqual({ ok: true, value: { coalesceSeconds: 10, quietHours: null, muted: true } })
})

test('review charts, lists, replays and exports a watched match', async ({ page }) => {
  await page.goto(host.url)
  const [matchId = 0] = await watchLiveMatches(page, 2)
  // The cache has recorded a few seconds of simulated trading: enough ticks to chart and to drag across.
  await expect.poll(() => recordedSpanMs(page, matchId), { timeout: 30_000 }).toBeGreaterThanOrEqual(4000)
  await page.getByTestId('nav-review').click()
  await page.getByTestId('review-match').selectOption(String(matchId))

  const chart = page.getByTestId('review-chart')
  await expect(chart).toBeVisible()
  await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(1)
  await expect(chart.locator('canvas')).toHaveCount(1)
  await expect(page.getByTestId('review-stats')).toContainText(/\d+ ticks/)
  await expect(page.getByTestId('tick-row').first()).toBeVisible()
  expect(await page.getByTestId('tick-row').count()).toBeGreaterThan(1)
  // The feed's words, never its keys: market tabs and the tick table.
  await expect(page.getByRole('tab', { name: 'Match winner', exact: true })).toBeVisible()
  const keysShown = /_|full-time|#/
  for (const tab of await page.getByRole('tab').allTextContents()) expect(tab).not.toMatch(keysShown)
  for (const row of await page.getByTestId('tick-row').allTextContents()) expect(row).not.toMatch(keysShown)

  await page.screenshot({ path: `${SCREENS}/review.png` })

  // Drag across the middle of the plot: that range reloads, and the tick table follows it.
  const totalBefore = await page.getByTestId('tick-range').textContent()
  await dragAcrossChart(page, 0.1, 0.9)
  await expect(page.getByTestId('review-range')).not.toHaveText('whole recording')
  await expect(page.getByTestId('review-range-reset')).toBeVisible()
  await expect(page.getByTestId('tick-range')).not.toHaveText(totalBefore ?? '')
  await expect(page.getByTestId('tick-range')).toHaveText(/^1–\d+ of \d+$/)

  // Export the range: the headless host hands the CSV to the page, which downloads it.
  const download = page.waitForEvent('download')
  await page.getByTestId('review-export').click()
  const file = await (await download).path()
  const lines = readFileSync(file, 'utf8').split('\r\n')
  expect(lines[0]).toBe(
    'received_time,server_time,match_id,match,odd_type,odd_key,market,outcome,price,suspended,overridden',
  )
  expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[^,]+Z,[^,]+Z,${matchId},[^,]+ v [^,]+,`))
  await expect(page.getByTestId('export-message')).toContainText(/Downloaded odds-\d+-[\d-]+\.csv \(\d+ ticks\)/)

  // Replay the range at 60×, the match's list offered first, or the match alone: alone, the board
  // shows its card only under the replay banner.
  await page.getByTestId('review-replay').click()
  await expect(page.getByTestId('replay-range')).toHaveText(await page.getByTestId('review-range').innerText())
  const replayList = page.getByTestId('replay-list')
  await expect(replayList.locator('option:checked')).toHaveText('My matches (2 matches)')
  await replayList.selectOption(`match:${matchId}`)
  await expect(replayList.locator('option:checked')).toHaveText(/^Only .+ v .+$/)
  await page.getByTestId('replay-start-speed-60').click()
  await page.getByTestId('replay-go').click()
  await expect(page.getByTestId('replay-banner')).toBeVisible()
  await expect(page.getByTestId('replay-title')).toContainText(' v ')
  await expect(page.getByTestId('match-card')).toHaveCount(1)
  await expect(page.locator(`[data-testid="match-card"][data-match="${matchId}"]`)).toBeVisible()
  // A few seconds at 60×: played to the range's end at once.
  const end = await page.getByTestId('replay-timeline').getAttribute('aria-valuemax')
  await expect(page.getByTestId('replay-clock')).toHaveAttribute('data-at', end ?? '')
  await page.getByTestId('replay-exit').click()
  await expect(page.getByTestId('replay-banner')).toHaveCount(0)

  await showTheme(page, 'light')
  await page.screenshot({ path: `${SCREENS}/review-light.png` })
  await page.getByTestId('nav-alerts').click()
  await page.screenshot({ path: `${SCREENS}/alerts-light.png` })
})

/**
 * The system notification: main's notifier port → the browser host → the page's Notification API.
 * The page's Notification is replaced by a recorder before the app loads; clicking the recorded
 * notification goes back through the host to main, which brings the match forward.
 */
test('a fired rule shows a system notification whose click lands on the match', async ({ page }) => {
  await recordNotifications(page)
  // A host of its own: rules and pending notifications of the tests above must not notify here.
  const own = await launchHost()
  try {
    await page.goto(own.url)
    const [watched = 0] = await watchLiveMatches(page, 2)
    await notifyOnMovesOf(page, watched, 3600)
    await expect.poll(async () => (await recordedNotifications(page)).length, { timeout: 30_000 }).toBeGreaterThan(0)
    const matchId = await page.evaluate(async () => {
      const alerts = await (globalThis as unknown as PageScope).oddsMonitor.invoke('alerts:list')
      return alerts.ok ? alerts.value.entries[0]?.matchId : undefined
    })
    const recorded = await recordedNotifications(page)
    // One rule with a long cooldown per match fires once for its match: one notification, naming the rule and the move.
    expect(recorded).toHaveLength(1)
    expect(recorded[0]?.body).toContain('Moves of one match')
    expect(recorded[0]?.title).toMatch(/ v .*%/)

    await page.getByTestId('nav-discover').click()
    await clickNotification(page, 0)
    await expect(page.getByTestId('nav-board')).toHaveClass(/on/)
    await expect(page.locator(`[data-testid="match-card"][data-match="${matchId}"]`)).toHaveClass(/focused/)
  } finally {
    await own.stop()
  }
})
