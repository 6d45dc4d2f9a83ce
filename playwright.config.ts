import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from './e2e/chromium'

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'browser',
      testDir: 'e2e/browser',
      use: {
        browserName: 'chromium',
        // Debian's chromium, never a downloaded browser (see README).
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
        viewport: { width: 1440, height: 900 },
      },
    },
    { name: 'electron', testDir: 'e2e/electron' },
  ],
})
