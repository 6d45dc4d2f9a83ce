/**
 * The real desktop app, launched with Playwright's `_electron`. It needs the Electron binary,
 * which `ELECTRON_SKIP_BINARY_DOWNLOAD=1` installs leave out (machines without internet access):
 * there the whole file is skipped with that reason, never faked.
 */
import { _electron as electron, expect, test } from '../fixtures'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { electronBinary as binary, NO_ELECTRON_REASON } from './electron-binary'

test.skip(binary === null, NO_ELECTRON_REASON)

test('the desktop app opens its shell with secure webPreferences', async () => {
  const userData = mkdtempSync(join(tmpdir(), 'odds-electron-'))
  const app = await electron.launch({
    executablePath: binary ?? undefined,
    args: ['out/main/index.js', `--user-data-dir=${userData}`, '--no-sandbox'],
  })
  const window = await app.firstWindow()
  await expect(window.getByTestId('app-shell')).toBeVisible()
  await expect(window.getByTestId('host-info')).toContainText('electron')
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    // getLastWebPreferences is Electron's own (untyped) accessor for the preferences in force.
    const contents = BrowserWindow.getAllWindows()[0]?.webContents as unknown as {
      getLastWebPreferences(): Record<string, unknown>
    }
    const webPreferences = contents.getLastWebPreferences()
    return {
      contextIsolation: webPreferences?.contextIsolation,
      sandbox: webPreferences?.sandbox,
      nodeIntegration: webPreferences?.nodeIntegration,
    }
  })
  expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false })
  expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined')
  await app.close()
})
