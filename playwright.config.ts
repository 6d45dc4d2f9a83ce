import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from './e2e/chromium'

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two spec files at a time: most of a spec's time is waiting on the feed's and the app's own clocks,
  // not CPU. Each worker has its own keychain (e2e/keyring.ts), the rest is per test already (data
  // folder, ports).
  workers: 2,
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
