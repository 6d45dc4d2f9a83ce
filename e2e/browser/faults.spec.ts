/**
 * Faults as the trader meets them, through the real browser host: a dropped board patch the page
 * recovers from, the fault count and list, the last crash file (of any run) in Settings → About.
 */
import { expect, test } from '@playwright/test'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { watchLiveMatches } from '../bridge'
import { launchHost } from '../host'

test('a board patch main had to drop: the page resyncs, the board converges, the fault is counted', async ({
  page,
}) => {
  // No ticks after the first snapshot: only a resync can bring the dropped board to the page.
  const host = await launchHost({ args: ['--test-faults', 'drop-board-snapshot', '--sim-rate', '0'] })
  try {
    await page.goto(host.url)
    const [matchId] = await watchLiveMatches(page, 1)
    const card = page.locator(`[data-testid="match-card"][data-match="${matchId}"]`)
    await expect(card.getByTestId('cell-price').first()).toBeVisible()
    await expect(page.getByTestId('faults-count')).toHaveText('1 fault')
    await page.getByTestId('faults-count').click()
    await expect(page.getByTestId('health-panel')).toContainText('emit-dropped')
    await expect(page.getByTestId('fault-list')).toContainText('a board:patch event was dropped')
  } finally {
    await host.stop()
  }
})

test('Settings → About shows the last crash an earlier run left, newest of several', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'odds-e2e-'))
  const crashes = join(dataDir, 'crashes')
  mkdirSync(crashes)
  const crash = (time: string, kind: string, message: string) =>
    writeFileSync(
      join(crashes, `${time.replace(/[:.]/g, '-')}-main.json`),
      JSON.stringify({ time, at: Date.parse(time), process: 'main', kind, message, appVersion: '0.1.0' }),
    )
  crash('2026-01-02T08:00:00.000Z', 'uncaught-exception', 'an older crash')
  crash('2026-01-03T09:30:00.000Z', 'render-process-gone', 'the renderer was killed')
  const host = await launchHost({ dataDir })
  try {
    await page.goto(host.url)
    await page.getByTestId('nav-settings').click()
    const about = page.getByTestId('about')
    await expect(about).toContainText(dataDir)
    await expect(about.getByTestId('last-crash')).toContainText('render-process-gone')
    await expect(about.getByTestId('last-crash')).toContainText('the renderer was killed')
    await expect(about.getByTestId('open-crash-folder')).toBeVisible()
  } finally {
    await host.stop()
  }
})
