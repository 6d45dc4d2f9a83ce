/** Crash recovery against the typed fake of Electron, reporting into the core's real fault log. */
import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { describe, expect, it, vi } from 'vitest'
import { recoverRenderer, reportChildProcessGone, RELOAD_LIMIT, RELOAD_WINDOW_MS } from './crash-recovery'
import { testFaultLog } from './testing/fault-log'
import { createFakeElectron } from './testing/fake-electron'

const PAGE = 'file:///opt/app/renderer/index.html#/match/12'

function watchedWindow(url = PAGE) {
  let clock = 1_000_000
  const { faults, crashDir } = testFaultLog(() => clock)
  const electron = createFakeElectron({ userData: tmpdir() })
  const window = new electron.BrowserWindow({})
  if (url) void window.loadURL(url)
  recoverRenderer(window, faults, () => clock)
  return { window, faults, crashDir, advance: (ms: number) => void (clock += ms) }
}

describe('recoverRenderer', () => {
  it('reloads a crashed renderer on the page it was on, tells the trader, and reports it', () => {
    const { window, faults, crashDir } = watchedWindow()
    window.webContents.crash('crashed', 139)
    expect(window.webContents.loads.at(-1)).toBe('file:///opt/app/renderer/index.html?recovered=crashed#/match/12')
    expect(faults.snapshot()).toMatchObject({
      total: 1,
      byKind: { 'render-process-gone': 1 },
      byProcess: { renderer: 1 },
    })
    expect(faults.snapshot().recent[0]?.message).toContain('crashed, exit code 139')
    expect(readdirSync(crashDir)).toHaveLength(1)
  })

  it('ends a hung renderer, reloads it once, and counts one fault', () => {
    const { window, faults } = watchedWindow()
    window.emit('unresponsive')
    expect(window.webContents.forcedCrashes).toBe(1)
    // Ending it makes Electron report the renderer gone: that is the same fault, not a second one.
    window.webContents.crash('killed')
    expect(window.webContents.loads.slice(1)).toEqual([
      'file:///opt/app/renderer/index.html?recovered=unresponsive#/match/12',
    ])
    expect(faults.snapshot().byKind).toEqual({ unresponsive: 1 })
  })

  it('ignores a clean exit and a window that is already gone', () => {
    const { window, faults } = watchedWindow()
    window.webContents.crash('clean-exit', 0)
    window.close()
    window.webContents.crash('crashed')
    expect(window.webContents.loads).toEqual([PAGE])
    expect(faults.snapshot().total).toBe(0)
  })

  it('stops reloading a renderer that keeps dying, and starts again after a quiet minute', () => {
    const { window, faults, advance } = watchedWindow()
    for (let i = 0; i <= RELOAD_LIMIT; i += 1) window.webContents.crash('oom')
    expect(window.webContents.loads).toHaveLength(1 + RELOAD_LIMIT)
    expect(faults.snapshot().byKind).toEqual({ 'render-process-gone': RELOAD_LIMIT + 1, 'renderer-not-reloaded': 1 })
    advance(RELOAD_WINDOW_MS)
    window.webContents.crash('oom')
    expect(window.webContents.loads).toHaveLength(2 + RELOAD_LIMIT)
  })

  it('reports a reload that failed', async () => {
    const { window, faults } = watchedWindow()
    window.webContents.loadError = new Error('ERR_ABORTED (-3) loading the page')
    window.webContents.crash('crashed')
    await vi.waitFor(() => expect(faults.snapshot().byKind).toMatchObject({ 'renderer-reload-failed': 1 }))
  })

  it('starts a renderer that never got to a page again plainly', () => {
    const { window } = watchedWindow('')
    window.webContents.crash('launch-failed')
    expect(window.webContents.reloads).toBe(1)
    expect(window.webContents.loads).toEqual([])
  })
})

describe('reportChildProcessGone', () => {
  it('reports a child process that died, and not one that exited cleanly', () => {
    const { faults } = testFaultLog()
    reportChildProcessGone(faults, { type: 'GPU', reason: 'crashed', exitCode: 9 })
    reportChildProcessGone(faults, { type: 'Utility', reason: 'clean-exit', exitCode: 0, name: 'Audio Service' })
    expect(faults.snapshot()).toMatchObject({ total: 1, byKind: { 'child-process-gone': 1 }, byProcess: { child: 1 } })
    expect(faults.snapshot().recent[0]?.message).toBe('the GPU process ended (crashed, exit code 9)')
  })
})
