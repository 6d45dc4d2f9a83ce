import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Sockets, SQLite files and a keychain are real: keep workers few so 2 cores are not oversubscribed.
    pool: 'forks',
    maxWorkers: 2,
    // `vitest run --coverage` (npm test): V8 coverage of every source file, loaded or not, as
    // Istanbul JSON for scripts/coverage-report.ts, which merges it with the e2e suite's and decides
    // what counts.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      reporter: [['json', { file: 'coverage-final.json' }]],
      reportsDirectory: 'coverage/unit',
    },
  },
})
