/**
 * Problems the trader must know about, as the banner stack shows them through the real browser host:
 * a cache file the core found damaged at start and set aside (a real file in the data folder the
 * host is started on).
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openApp } from '../app'
import type { PageScope } from '../bridge'
import { expect, test } from '../fixtures'
import { launchHost } from '../host'

test('a damaged cache file set aside at start shows its banner, in both themes, until it is dismissed', async ({
  page,
}, testInfo) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'odds-e2e-'))
  writeFileSync(join(dataDir, 'cache.sqlite'), 'SQLite format 3\0 and then nothing a database holds'.repeat(50))
  const host = await launchHost({ dataDir })
  try {
    const keptAs = readdirSync(dataDir).find((name) => name.startsWith('cache.sqlite.corrupt-'))
    expect(keptAs).toBeDefined()
    await openApp(page, host.url)
    const banner = page.locator('[data-testid="problem-banner"][data-problem="cache-set-aside"]')
    await expect(banner).toContainText('Price cache set aside')
    await expect(banner.getByTestId('problem-happened')).toContainText(
      `The price cache was damaged and set aside as ${join(dataDir, keptAs ?? '')}; history before`,
    )
    await expect(banner.getByTestId('problem-to-do')).toContainText('Nothing to do unless you need that history')
    await page.screenshot({ path: testInfo.outputPath('problems-dark.png') })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.keyboard.press('Control+k')
    await expect(page.getByRole('textbox', { name: 'Command' })).toBeFocused()
    await page.keyboard.type('toggle dark')
    await page.keyboard.press('Enter')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await page.screenshot({ path: testInfo.outputPath('problems-light.png') })

    await banner.getByRole('button', { name: 'Dismiss: Price cache set aside' }).click()
    await expect(banner).toHaveCount(0)
    // Dismissed in main, not only on this page: a reloaded page (or a second window) does not show it.
    expect(await page.evaluate(() => (globalThis as unknown as PageScope).oddsMonitor.invoke('problems:get'))).toEqual({
      ok: true,
      value: [],
    })
  } finally {
    await host.stop()
  }
})
