/**
 * The notice a window shows after Electron's main reloaded it because its renderer crashed or hung
 * (src/main/crash-recovery.ts adds `?recovered=<reason>`). The renderer is the same in the browser
 * host, so its side is tested here.
 */
import { expect, test } from '../fixtures'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

test('a window reloaded after a crash tells the trader, once', async ({ page }) => {
  await page.goto(`${host.url}&recovered=crashed`)
  await expect(page.getByTestId('recovery-notice')).toContainText('The display crashed and was reloaded.')
  // The mark leaves the address, so a manual reload does not repeat the notice.
  expect(new URL(page.url()).searchParams.get('recovered')).toBeNull()
  await page.getByTestId('recovery-notice').getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByTestId('recovery-notice')).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('host-info')).toContainText('browser')
  await expect(page.getByTestId('recovery-notice')).toHaveCount(0)
})

test('a window reloaded after it hung says so', async ({ page }) => {
  await page.goto(`${host.url}&recovered=unresponsive`)
  await expect(page.getByTestId('recovery-notice')).toContainText('The display stopped responding and was reloaded.')
})
