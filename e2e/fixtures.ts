/**
 * The e2e suite's `test` and `expect`: every spec imports them from here rather than from
 * @playwright/test, so each page's renderer coverage is recorded when `npm test` collects it
 * (e2e/coverage.ts). Outside a coverage run the `page` fixture is Playwright's own.
 */
import { test as base } from '@playwright/test'
import { recordPageCoverage } from './coverage'

export { _electron, expect } from '@playwright/test'
export type { ElectronApplication, Locator, Page } from '@playwright/test'

export const test = base.extend({
  page: async ({ page }, use) => {
    const storeCoverage = await recordPageCoverage(page)
    await use(page)
    await storeCoverage()
  },
})
