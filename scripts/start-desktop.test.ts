/** `npm start` where the Electron binary is missing says what to do instead, and starts nothing. */
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

describe('npm start without Electron', () => {
  it('points to the browser host instead of ending with "Electron uninstall"', () => {
    // The electron package's own override: its binary is looked for in an empty folder.
    const empty = mkdtempSync(join(tmpdir(), 'no-electron-'))
    const run = spawnSync('npm', ['start', '--silent'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty },
      encoding: 'utf8',
    })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain('npm run start:browser')
    expect(run.stderr).toContain('Electron binary')
    expect(run.stderr).not.toContain('Electron uninstall')
  })
})
