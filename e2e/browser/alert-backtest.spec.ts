/**
 * "Try on recorded data" against the real headless host, its demo simulator and its cache: a desk
 * is recorded with a rule that fires, the rule is tried unchanged (its would-be alerts are the ones
 * it raised), then edited in the editor and tried again on the same recording: more would fire.
 */
import { mkdirSync } from 'node:fs'
import { expect, test } from '../fixtures'
import { watchLiveMatches, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

const SCREENS = 'test-results/screens'
let host: HostProcess

test.beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true })
  // A busy desk whose match clocks run 10× (scores, and so prices, move faster): a 2 % rule fires within seconds.
  host = await launchHost({ args: ['--sim-rate', '400', '--sim-live-matches', '4', '--sim-speed', '10'] })
})
test.afterAll(async () => {
  await host.stop()
})

test('a rule edited in the editor is re-run on the recorded desk: its would-be alerts beside what fired', async ({
  page,
}) => {
  await page.goto(host.url)
  await page.getByTestId('nav-alerts').click()

  // The rule exists before the first price is recorded, so live saw every tick the backtest reads.
  await page.getByTestId('rule-new').click()
  const editor = page.getByTestId('rule-editor')
  await editor.getByTestId('input-name').fill('Big moves')
  await editor.getByTestId('input-minPct').fill('2')
  await editor.getByTestId('input-cooldownSeconds').fill('5')
  await editor.getByTestId('rule-save').click()
  await expect(page.getByTestId('rule-row')).toContainText('Big moves')

  await watchLiveMatches(page, 4)
  await expect(page.getByTestId('alert-entry')).not.toHaveCount(0, { timeout: 30_000 })
  await expect.poll(() => page.getByTestId('alert-entry').count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(3)
  // The cooldown has held some firings back (counted on their alert).
  await expect(page.getByTestId('alert-held').first()).toBeVisible({ timeout: 60_000 })

  await page.getByTestId('rule-row').getByRole('button', { name: 'Edit' }).click()
  const trial = editor.getByTestId('backtest')
  // A custom range with no times is refused in words, nothing sent.
  await trial.getByTestId('backtest-range').selectOption('custom')
  await trial.getByTestId('backtest-run').click()
  await expect(trial.getByTestId('backtest-error')).toHaveText('Pick a start and an end time')
  await trial.getByTestId('backtest-range').selectOption('hour')

  // Unchanged, the rule would have fired exactly what it fired.
  await trial.getByTestId('backtest-run').click()
  const results = trial.getByTestId('backtest-results')
  await expect(results).toContainText('recorded ticks read')
  const would = results.getByTestId('backtest-would')
  const did = results.getByTestId('backtest-did')
  const didCount = Number(await did.getByTestId('backtest-did-count').textContent())
  expect(didCount).toBeGreaterThanOrEqual(3)
  await expect(would.getByTestId('backtest-would-count')).toHaveText(String(didCount))
  await expect(did.getByTestId('backtest-did-entry')).toHaveCount(didCount)
  // Each entry with its time and its match.
  const first = would.getByTestId('backtest-would-entry').first()
  await expect(first.locator('.alert-time')).toHaveText(/^\d\d:\d\d:\d\d$/)
  await expect(first.locator('.alert-title')).toContainText(' v ')
  expect(Number(await first.getAttribute('data-match'))).toBeGreaterThan(0)

  // Edited (no cooldown, not saved): the list says so until it is tried again; then every firing
  // the cooldown held back is an alert of its own, so more would fire than did.
  await editor.getByTestId('input-cooldownSeconds').fill('0')
  await expect(results).toContainText('the rule changed since: try again')
  await trial.getByTestId('backtest-run').click()
  await expect(results).not.toContainText('the rule changed since')
  // The desk recorded on meanwhile, so both counts are read from this run.
  const count = async (id: string) => Number(await results.getByTestId(id).textContent())
  expect(await count('backtest-would-count')).toBeGreaterThan(await count('backtest-did-count'))
  await page.screenshot({ path: `${SCREENS}/alerts-backtest.png` })

  // Trying changed nothing live: the saved rule is still the one with a cooldown.
  await editor.getByRole('button', { name: 'Cancel' }).click()
  const saved = await page.evaluate(() => (globalThis as unknown as PageScope).oddsMonitor.invoke('rules:list'))
  expect(saved).toMatchObject({ ok: true, value: [{ name: 'Big moves', cooldownSeconds: 5 }] })
})
