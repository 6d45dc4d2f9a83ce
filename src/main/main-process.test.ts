/**
 * The Electron main process's lifecycle against the typed fake of Electron, with everything else
 * real: the core, the demo simulator on loopback sockets, the SQLite cache and settings file in a
 * temp folder, the keychain adapter (run under the Secret Service, see scripts/test.sh; without
 * one the core simply stays on the demo feed).
 */
import Conf from 'conf'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import nodeLog from 'electron-log/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { INVOKE_CHANNELS } from '../shared/bridge/channels'
import { startSimulator } from '../sim'
import { KeytarSecretStore } from './adapters/keytar-secrets'
import type { SecretStore } from './core/secrets/secret-store'
import { startMainProcess, type MainLog, type RunningShell } from './main-process'
import { rendererSource } from './renderer-source'
import { SECURE_WEB_PREFERENCES } from './window'
import { createFakeElectron, type FakeElectron, type FakeElectronOptions } from './testing/fake-electron'

const RENDERER_DIR = '/opt/odds-monitor/out/renderer'
const APP_FRAME = `file://${RENDERER_DIR}/index.html#/`

const running: RunningShell[] = []
afterEach(async () => {
  for (const shell of running.splice(0)) await shell.stop()
  // One electron-log error handler per process: the next launch installs its own.
  nodeLog.errorHandler.stopCatching()
})

function recordingLog(): MainLog & { lines: string[] } {
  const lines: string[] = []
  const record = (message: string, ...details: unknown[]) =>
    void lines.push([message, ...details.map((d) => (d instanceof Error ? d.message : String(d)))].join(' '))
  return {
    lines,
    info: record,
    error: record,
    transports: { file: { getFile: () => ({ path: '/logs/main.log' }) } },
    // electron-log's own error handler, in its Node build: the real catchErrors machinery.
    errorHandler: nodeLog.errorHandler,
  }
}

function launch(options: Partial<FakeElectronOptions> & { platform?: NodeJS.Platform; secrets?: SecretStore } = {}) {
  const userData = options.userData ?? mkdtempSync(join(tmpdir(), 'om-main-'))
  const electron = createFakeElectron({ ...options, userData })
  const log = recordingLog()
  const started = startMainProcess({
    electron,
    log,
    openStore: () => {
      const conf = new Conf<Record<string, unknown>>({ cwd: userData, configName: 'config' })
      return { get: (key) => conf.get(key), set: (key, value) => conf.set(key, value) }
    },
    secrets: options.secrets ?? new KeytarSecretStore(`Odds Monitor test ${randomUUID()}`),
    renderer: rendererSource({ devServer: undefined, rendererDir: RENDERER_DIR }),
    preloadDir: '/opt/odds-monitor/out/preload',
    resourcesDir: '/opt/odds-monitor/resources',
    startDemoFeed: () => startSimulator({ port: 0, rate: 20, liveMatches: 2 }),
    platform: options.platform ?? 'linux',
  })
  return { electron, log, started }
}

async function launched(options: Parameters<typeof launch>[0] = {}) {
  const { electron, log, started } = launch(options)
  if (!started) throw new Error('the single-instance lock was refused')
  const shell = await started
  running.push(shell)
  const [window] = electron.windows
  if (!window) throw new Error('no main window')
  return { electron, log, shell, window }
}

function invoke(electron: FakeElectron, channel: string, input?: unknown, frame = APP_FRAME) {
  return electron.ipcMain.invoke(channel, input, frame)
}

describe('startMainProcess', () => {
  it('quits at once when another instance holds the lock, and starts nothing', () => {
    const { electron, started } = launch({ singleInstanceLock: false })
    expect(started).toBeNull()
    expect(electron.app.quitRequested).toBe(true)
    expect(electron.windows).toEqual([])
    expect(electron.protocol.privileged).toEqual([])
  })

  it('starts the core, IPC, image protocol, menu, tray and a secure main window', async () => {
    const { electron, window } = await launched()
    expect(electron.protocol.privileged.map((s) => s.scheme)).toEqual(['team-image'])
    expect(electron.ipcMain.channels().sort()).toEqual([...INVOKE_CHANNELS].sort())
    expect(electron.applicationMenu()).not.toBeNull()
    expect(electron.trays.map((tray) => tray.image)).toEqual(['/opt/odds-monitor/resources/tray.png'])
    expect(window.options.webPreferences).toEqual({
      ...SECURE_WEB_PREFERENCES,
      preload: '/opt/odds-monitor/out/preload/index.cjs',
    })
    expect(window.webContents.getURL()).toBe(APP_FRAME)
    expect(window.webContents.navigate('https://evil.example/')).toBe(false)
    const info = await invoke(electron, 'app:info')
    expect(info).toMatchObject({
      ok: true,
      value: { host: 'electron', version: '0.0.0-fake', logFile: '/logs/main.log' },
    })
    expect(await invoke(electron, 'app:info', undefined, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    })
    const image = await electron.protocol.fetch('team-image://image/none')
    expect(image.headers.get('content-type')).toBe('image/png')
  })

  it('brings the first window forward when the app is started a second time', async () => {
    const { electron, window } = await launched()
    window.minimize()
    electron.app.launchSecondInstance(['odds-monitor'])
    expect([window.isMinimized(), window.visible, window.focused]).toEqual([false, true, true])
  })

  it('opens a match in its own hardened window through the bridge', async () => {
    const { electron } = await launched()
    expect(await invoke(electron, 'window:openMatch', { matchId: 12 })).toEqual({ ok: true, value: { url: null } })
    const matchWindow = electron.windows[1]
    expect(matchWindow?.webContents.getURL()).toBe(`file://${RENDERER_DIR}/index.html#/match/12`)
    expect(matchWindow?.webContents.openWindow('https://evil.example/')).toBe('deny')
  })

  it('shows a fired rule as a desktop notification whose click brings up the window on that match', async () => {
    const { electron, window } = await launched()
    const answer = async <T>(channel: string, input?: unknown): Promise<T> => {
      const result = (await invoke(electron, channel, input)) as { ok: boolean; value: T; error?: unknown }
      if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`)
      return result.value
    }
    // The trader watches the demo feed's live matches and asks to be told of any move.
    const { sport } = await answer<{ sport: string }>('feed:mode')
    const live = await answer<{ matches: Array<{ matchId: number }> }>('discover:matches', {
      mode: 'live',
      sport,
      limit: 2,
    })
    const lists = await answer<{ activeId: string | null; lists: Array<{ id: string }> }>('watchlists:get')
    const listId = lists.activeId ?? lists.lists[0]?.id ?? ''
    for (const match of live.matches) await answer('watchlists:command', { op: 'addMatch', id: listId, match })
    await answer('rules:deliverySet', { coalesceSeconds: 0, quietHours: null, muted: false })
    await answer('rules:save', {
      name: 'Any move',
      enabled: true,
      scope: { type: 'all' },
      condition: { kind: 'move', minPct: 0.1, windowSeconds: 60 },
      cooldownSeconds: 3600,
      doNotRepeat: false,
    })
    await vi.waitFor(() => expect(electron.notifications.length).toBeGreaterThan(0), { timeout: 20_000, interval: 100 })
    const [notification] = electron.notifications
    const alerts = await answer<{ entries: Array<{ matchId: number }> }>('alerts:list')
    const matchId = alerts.entries.at(-1)?.matchId
    expect(live.matches.map((m) => m.matchId)).toContain(matchId)
    window.minimize()
    notification?.click()
    expect([window.isMinimized(), window.visible, window.focused]).toEqual([false, true, true])
    expect(window.webContents.sent).toContainEqual({ channel: 'app:focusMatch', args: [{ matchId }] })
  })

  it('quits when the last window closes, except on macOS', async () => {
    const linux = await launched()
    linux.window.close()
    linux.electron.app.emit('window-all-closed')
    expect(linux.electron.app.quitRequested).toBe(true)
    const mac = await launched({ platform: 'darwin' })
    mac.window.close()
    mac.electron.app.emit('window-all-closed')
    expect(mac.electron.app.quitRequested).toBe(false)
  })

  it('forgets a closed main window: a second instance then has nothing to show', async () => {
    const { electron, window, shell } = await launched()
    window.close()
    expect(shell.mainWindow()).toBeNull()
    electron.app.launchSecondInstance()
    expect(window.visible).toBe(false)
  })

  it('disconnects IPC and stops the core before quitting', async () => {
    const { electron, shell } = await launched()
    electron.app.quit()
    await shell.stop()
    expect(electron.ipcMain.channels()).toEqual([])
  })

  it('survives an uncaught error in main and counts it in the health the trader sees (electron-log catchErrors)', async () => {
    const { electron } = await launched()
    // What electron-log's process hooks call; its typings leave out the errorName they pass.
    const handle = nodeLog.errorHandler.handle.bind(nodeLog.errorHandler) as (
      error: Error,
      options: { errorName: string },
    ) => void
    handle(new TypeError('x is undefined'), { errorName: 'Unhandled' })
    handle(new Error('socket hang up'), { errorName: 'Unhandled rejection' })
    const health = (await invoke(electron, 'feed:health')) as { value: { faults: { byKind: Record<string, number> } } }
    expect(health.value.faults.byKind).toMatchObject({ 'uncaught-exception': 1, 'unhandled-rejection': 1 })
  })

  it('logs an uncaught error that comes before the core is up', async () => {
    const { log, started } = launch()
    nodeLog.errorHandler.handle(new RangeError('too early'))
    expect(log.lines).toContainEqual(expect.stringMatching(/^main fault uncaught-exception: RangeError: too early/))
    running.push(await (started ?? Promise.reject(new Error('no lock'))))
  })

  it('reloads a crashed main window with a notice, and reports a child process that died', async () => {
    const { electron, window } = await launched()
    window.webContents.crash('oom')
    expect(window.webContents.getURL()).toBe(`file://${RENDERER_DIR}/index.html?recovered=crashed#/`)
    electron.app.childProcessGone({ type: 'GPU', reason: 'crashed', exitCode: 9 })
    const health = (await invoke(electron, 'feed:health')) as { value: { faults: { byKind: Record<string, number> } } }
    expect(health.value.faults.byKind).toMatchObject({ 'render-process-gone': 1, 'child-process-gone': 1 })
  })

  it('logs, closes the main window it opened and quits when the core cannot start', async () => {
    const notAFolder = join(mkdtempSync(join(tmpdir(), 'om-main-')), 'file')
    writeFileSync(notAFolder, '') // a file where the data folder goes: nothing can be kept anywhere
    const { electron, log, started } = launch({ userData: notAFolder })
    await expect(started).rejects.toThrow()
    expect(electron.windows).toHaveLength(1)
    expect(electron.BrowserWindow.getAllWindows()).toEqual([])
    expect(electron.app.quitRequested).toBe(true)
    expect(log.lines.some((line) => line.startsWith('the app could not start; quitting'))).toBe(true)
  })

  it('opens the main window while the core starts; a bridge call the page makes meanwhile is answered once it is up', async () => {
    // The real keychain, each read held until the test lets it go: the core waits on it to choose its feed.
    const keychain = new KeytarSecretStore(`Odds Monitor test ${randomUUID()}`)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const secrets: SecretStore = {
      get: async (account) => {
        await held
        return keychain.get(account)
      },
      set: (account, secret) => keychain.set(account, secret),
      delete: (account) => keychain.delete(account),
    }
    const { electron, started } = launch({ secrets })
    await vi.waitFor(() => expect(electron.windows).toHaveLength(1))
    const info = invoke(electron, 'app:info')
    release()
    expect(await info).toMatchObject({ ok: true, value: { name: 'Odds Monitor', host: 'electron' } })
    running.push(await (started ?? Promise.reject(new Error('no lock'))))
  })

  it('starts with banners, not a quit, when folders are where config.json and cache.sqlite should be (issue 25.4)', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'om-main-'))
    mkdirSync(join(userData, 'cache.sqlite'))
    mkdirSync(join(userData, 'config.json'))
    const { electron, window } = await launched({ userData })
    expect(electron.app.quitRequested).toBe(false)
    const problems = (await invoke(electron, 'problems:get')) as {
      ok: true
      value: Array<{ id: string; happened: string }>
    }
    expect(problems.value.map((p) => p.id).sort()).toEqual(['cache-not-saved', 'settings-not-saved'])
    expect(problems.value.find((p) => p.id === 'cache-not-saved')?.happened).toContain(
      'a folder is where cache.sqlite should be',
    )
    // An edit is kept (in memory) and answered, not refused as "internal".
    const updated = (await invoke(electron, 'settings:update', { theme: 'light' })) as { ok: boolean }
    expect(updated.ok).toBe(true)
    expect(window.isDestroyed()).toBe(false)
  })
})
