/**
 * The e2e suite's `test` and `expect`: every spec imports them from here rather than from
 * @playwright/test, so each page's renderer coverage is recorded when `npm test` collects it
 * (e2e/coverage.ts), and each worker's hosts keep their keys in that worker's own keychain
 * (e2e/keyring.ts), which lets the suite run on several workers. Outside a coverage run the `page`
 * fixture is Playwright's own.
 */
import { test as base } from '@playwright/test'
import { recordPageCoverage } from './coverage'
import { startPrivateKeyring } from './keyring'

export { _electron, expect } from '@playwright/test'
export type { ElectronApplication, Locator, Page } from '@playwright/test'

export const test = base.extend<object, { privateKeyring: void }>({
  privateKeyring: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const keyring = await startPrivateKeyring()
      // Child processes (the hosts, the desktop app) take their environment from here.
      process.env['DBUS_SESSION_BUS_ADDRESS'] = keyring.address
      await use()
      keyring.stop()
    },
    { scope: 'worker', auto: true },
  ],
  page: async ({ page }, use) => {
    const storeCoverage = await recordPageCoverage(page)
    await use(page)
    await storeCoverage()
  },
})
