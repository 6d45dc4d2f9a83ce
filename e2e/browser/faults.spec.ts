/**
 * Faults as the trader meets them, through the real browser host: the last crash file (of any run)
 * in Settings → About.
 */
import { expect, test } from '../fixtures'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchHost } from '../host'

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
