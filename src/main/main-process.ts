/**
 * The Electron main process's lifecycle, given Electron and the adapters: the single-instance lock,
 * the core, IPC, the team-image protocol, tray and menu, the main window, shutdown. index.ts hands
 * in the real modules; tests hand in the typed fake (testing/fake-electron.ts) and a real core.
 */
import { join } from 'node:path'
import type { SimulatorHandle } from '../sim/types'
import { createCore, type Core, type CoreLog } from './core/app'
import { isAppUrl } from './core/bridge/trust'
import type { SecretStore } from './core/secrets/secret-store'
import type { KeyValueStore } from './core/settings'
import type { ElectronApi, ShellWindow } from './electron-api'
import { electronHostPorts } from './host-adapters'
import { connectIpc } from './ipc-transport'
import type { RendererSource } from './renderer-source'
import { registerTeamImageScheme, serveTeamImages } from './team-image-protocol'
import { createTray, installAppMenu } from './tray'
import { createMainWindow, createMatchWindow } from './window'

/** The part of electron-log's main logger the shell uses. */
export interface MainLog extends CoreLog {
  transports: { file: { getFile(): { path: string } } }
}

export interface MainProcessOptions {
  electron: ElectronApi
  log: MainLog
  /** Settings, watchlists and the window's bounds (electron-store); opened once the app is ready. */
  openStore: () => KeyValueStore
  secrets: SecretStore
  renderer: RendererSource
  preloadDir: string
  resourcesDir: string
  startDemoFeed: () => Promise<SimulatorHandle>
  platform: NodeJS.Platform
}

export interface RunningShell {
  core: Core
  mainWindow(): ShellWindow | null
  /** What `before-quit` does: IPC off, the core stopped. */
  stop(): Promise<void>
}

/** Null when another instance holds the lock: this one quits and that one comes forward. */
export function startMainProcess(options: MainProcessOptions): Promise<RunningShell> | null {
  const { app } = options.electron
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return null
  }
  registerTeamImageScheme(options.electron.protocol)
  const main = mainWindowSlot()
  app.on('second-instance', main.show)
  app.on('window-all-closed', () => {
    if (options.platform !== 'darwin') app.quit()
  })
  return app
    .whenReady()
    .then(() => startShell(options, main))
    .then(
      (shell) => {
        app.on('before-quit', () => void shell.stop())
        return shell
      },
      (error: unknown) => {
        // Without a core there is nothing to show: say why in the log and end, never hang windowless.
        options.log.error('the app could not start; quitting', error)
        app.quit()
        throw error
      },
    )
}

/** The main window while it is open; tray, menu, notifications and a second instance bring it up. */
function mainWindowSlot() {
  let current: ShellWindow | null = null
  return {
    get: () => current,
    set(window: ShellWindow) {
      current = window
      window.on('closed', () => (current = null))
    },
    show() {
      if (!current) return
      if (current.isMinimized()) current.restore()
      current.show()
      current.focus()
    },
  }
}

/** Everything behind the main window, then the window: core, IPC, image protocol, menu and tray. */
async function startShell(options: MainProcessOptions, main: ReturnType<typeof mainWindowSlot>): Promise<RunningShell> {
  const { electron, log, renderer, platform } = options
  const store = options.openStore()
  const icon = join(options.resourcesDir, 'icon.png')
  const windowOptions = { preloadDir: options.preloadDir, app: renderer.app, icon }
  const core: Core = await createCore({
    info: {
      name: 'Odds Monitor',
      version: electron.app.getVersion(),
      host: 'electron',
      platform,
      dataDir: electron.app.getPath('userData'),
      logFile: log.transports.file.getFile().path,
    },
    store,
    secrets: options.secrets,
    ports: electronHostPorts(electron, {
      showMainWindow: main.show,
      focusMatch: (matchId) => core.focusMatch(matchId),
      openMatchWindow: (matchId) =>
        createMatchWindow(electron, { ...windowOptions, load: (w) => renderer.load(w, `match/${matchId}`) }),
    }),
    isTrustedSender: (url) => isAppUrl(url, renderer.app),
    log,
    startDemoFeed: options.startDemoFeed,
  })
  serveTeamImages(electron.protocol, core.images)
  const disconnectIpc = connectIpc(electron, core.router)
  installAppMenu(electron.Menu, { getWindow: main.get, platform })
  const icons = { idle: join(options.resourcesDir, 'tray.png'), unread: join(options.resourcesDir, 'tray-unread.png') }
  core.onUnreadChange(createTray(electron, { icons, showWindow: main.show, platform }))
  main.set(createMainWindow(electron, { ...windowOptions, store, load: (w) => renderer.load(w, '') }))
  let stopping: Promise<void> | null = null
  return {
    core,
    mainWindow: main.get,
    // before-quit can fire more than once (a quit that was put off, then repeated): stop once.
    stop: () =>
      (stopping ??= (async () => {
        disconnectIpc()
        await core.stop()
      })()),
  }
}
