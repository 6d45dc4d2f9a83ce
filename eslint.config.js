import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const electronInCore = {
  name: 'electron',
  message: 'src/main/core runs without Electron: put Electron behind a port and adapt it in src/main.',
}
const ipcOutsideBridge = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message:
    'IPC is handed in by the entries (src/main/index.ts, src/preload/index.ts) and used only by src/main/ipc-transport.ts and src/preload/bridge.ts; use the bridge contract.',
}
const electronOutsideEntries = {
  name: 'electron',
  allowTypeImports: true,
  message:
    'Shell modules take Electron as a parameter (src/main/electron-api.ts) so tests can hand in the typed fake; only the entries (src/main/index.ts, src/preload/index.ts) import it.',
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      '.tools/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [ipcOutsideBridge] }],
    },
  },
  {
    files: ['src/main/**/*.ts', 'src/preload/**/*.ts'],
    ignores: ['src/main/core/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronOutsideEntries] }] },
  },
  {
    files: ['src/main/index.ts', 'src/preload/index.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Specs take `test` and `expect` from e2e/fixtures.ts, whose page records coverage for npm test.
    files: ['e2e/browser/**', 'e2e/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', message: 'Import test, expect and types from e2e/fixtures.ts.' }] },
      ],
    },
  },
  {
    files: ['src/main/core/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronInCore], patterns: ['electron/*'] }] },
  },
  {
    files: ['src/renderer/**', 'src/host/browser/**', 'bench/pages/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: ['electron'], patterns: ['node:*'] }],
    },
  },
)
