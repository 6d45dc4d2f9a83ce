import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Sockets, SQLite files and a keychain are real: keep workers few so 2 cores are not oversubscribed.
    pool: 'forks',
    maxWorkers: 2,
  },
})
