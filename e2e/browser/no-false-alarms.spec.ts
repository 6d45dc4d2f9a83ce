/**
 * No false alarms: what the browser says in passing and what a trader mistypes are not faults.
 * Chromium's "ResizeObserver loop completed with undelivered notifications" is not counted as a
 * crash, an out-of-range value in Settings is answered beside its field in words (and never reaches
 * main as input outside the contract, which main counts as a fault), and the "Saved" line names
 * settings as the screen does, not by their stored keys.
 */
import { expect, test, type Page } from '../fixtures'
import type { PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

function faultKinds(page: Page) {
  return page.evaluate(async () => {
    const health = await (globalThis as unknown as PageScope).oddsMonitor.invoke('feed:health')
    return health.ok ? health.value.faults.byKind : null
  })
}

test("Chromium's ResizeObserver loop notice is not a fault; a real throw after it still is", async ({ page }) => {
  await page.goto(host.url)
  await expect(page.getByTestId('host-info')).toContainText('browser')
  const before = await faultKinds(page)
  // A callback that resizes what it observes: the browser delivers the rest a frame later and says so.
  // (A string: the e2e project has no DOM types.)
  const noticed = await page.evaluate<string>(`new Promise((resolve) => {
    window.addEventListener('error', (event) => resolve(event.message), { once: true })
    const box = document.body.appendChild(document.createElement('div'))
    let grow = 1
    new ResizeObserver(() => (box.style.height = grow++ + 'px')).observe(box)
  })`)
  expect(noticed).toMatch(/^ResizeObserver loop/)
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('test fault: thrown in a page timer')
    }, 0)
  })
  await expect
    .poll(() => faultKinds(page))
    .toEqual({ ...before, 'uncaught-exception': (before?.['uncaught-exception'] ?? 0) + 1 })
  await page.getByTestId('faults-count').click()
  await expect(page.getByTestId('fault-list')).toContainText('test fault: thrown in a page timer')
  await expect(page.getByTestId('fault-list')).not.toContainText('ResizeObserver')
})

test('an out-of-range setting is refused beside its field in words, and is not a fault', async ({ page }) => {
  await page.goto(host.url)
  await page.getByTestId('nav-settings').click()
  const before = await faultKinds(page)
  const conflation = page.getByLabel('conflationMs')
  const save = page.getByRole('button', { name: 'Save settings' })
  const error = page.getByTestId('settings-error-conflationMs')

  await conflation.fill('8.5')
  await save.click()
  await expect(error).toHaveText('must be a whole number')
  await conflation.fill('7')
  await save.click()
  await expect(error).toHaveText('must be at least 8')
  await page.getByLabel('retentionDays').fill('99999')
  await save.click()
  await expect(page.getByTestId('settings-error-retentionDays')).toHaveText('must be at most 3650')
  await expect(page.getByTestId('settings-saved')).toHaveCount(0)

  await conflation.fill('20')
  await page.getByLabel('retentionDays').fill('30')
  await page.getByLabel('theme').selectOption('light')
  await save.click()
  await expect(page.getByTestId('settings-saved')).toHaveText('Saved: conflation interval, theme.')
  expect(await faultKinds(page)).toEqual(before)
})
