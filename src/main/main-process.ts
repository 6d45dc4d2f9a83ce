/**
 * The Electron main process's lifecycle, given Electron and the adapters: the single-instance lock,
 * the core, IPC, the team-image protocol, tray and menu, the main window, shutdown. index.ts hands
 * in the real modules; tests hand in the typed fake (testing/fake-electron.ts) and a real core.
 */
import { join } from 'node:path'
import type { SimulatorHandle } from '../sim/types'
import { createCore, type Core, type CoreLog } from './core/app'
import { openSettingsStore, type SettingsFileCheck } from './core/settings-file'
import type { SettingsStore } from './core/settings-store'
import { isAppUrl } from './core/bridge/trust'
import type { FaultReporter } from './core/faults/fault-reporter'
import type { SecretStore } from './core/secrets/secret-store'
import type { KeyValueStore } from './core/settings'
import type { ElectronApi, ShellWindow } from './electron-api'
import { reportChildProcessGone } from './crash-recovery'
import { electronHostPorts } from './host-adapters'
import { connectIpc } from './ipc-transport'
import type { RendererSource } from './renderer-source'
import { registerTeamImageScheme, serveTeamImages } from './team-image-protocol'
import { createTray, installAppMenu } from './tray'
import { createMainWindow, createMatchWindow } from './window'
import { describeStartupMarks, markStartup } from '../shared/startup-marks'

/** The part of electron-log's main logger the shell uses. */
export interface MainLog extends CoreLog {
  transports: { file: { getFile(): { path: string } } }
  errorHandler: {
    /** electron-log's catchErrors: `onError` answering false means "handled, do not log it again". */
    startCatching(options: { showDialog: boolean; onError(event: { error: Error; errorName: string }): boolean }): void
  }
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
  startDemoFeed: (worldFile: string) => Promise<SimulatorHandle>
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
  const faults = faultDoor(options.log)
  // An uncaught error in main is reported and survived: the core's state lives in services that
  // validate every input, and ending the process would take the trader's board with it.
  options.log.errorHandler.startCatching({
    showDialog: false,
    onError: ({ error, errorName }) => {
      const kind = /rejection/i.test(errorName) ? 'unhandled-rejection' : 'uncaught-exception'
      faults.report({ process: 'main', kind, message: `${error.name}: ${error.message}`, error })
      return false
    },
  })
  const main = mainWindowSlot()
  app.on('second-instance', main.show)
  app.on('window-all-closed', () => {
    if (options.platform !== 'darwin') app.quit()
  })
  return app
    .whenReady()
    .then(() => startShell(options, main, faults))
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

/** Before the core is up a fault can only be logged; from then on it goes through the core's door. */
function faultDoor(log: CoreLog): FaultReporter & { open(door: FaultReporter): void } {
  let door: FaultReporter | null = null
  return {
    open: (coreDoor) => void (door = coreDoor),
    report(fault) {
      if (door) door.report(fault)
      else log.error(`${fault.process} fault ${fault.kind}: ${fault.message}`, fault.error ?? '')
    },
  }
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

/**
 * The main window and everything behind it: core, IPC, image protocol, menu and tray. The window
 * is created while the core starts, so its page loads meanwhile; the page's bridge calls wait for
 * the core (ipc-transport.ts). A core that cannot start takes the window with it.
 */
async function startShell(
  options: MainProcessOptions,
  main: ReturnType<typeof mainWindowSlot>,
  faults: ReturnType<typeof faultDoor>,
): Promise<RunningShell> {
  const { electron, log, renderer, platform } = options
  // electron-store throws on a file that is not JSON: an unreadable one is kept aside, defaults used;
  // an unreadable watchlist, match or rule is left out alone.
  // A store the disk refuses keeps the edits (and the window's place) in memory (settings-store.ts).
  const { store, check: settingsFile } = openSettingsStore(electron.app.getPath('userData'), options.openStore)
  const icon = join(options.resourcesDir, 'icon.png')
  const windowOptions = { preloadDir: options.preloadDir, app: renderer.app, icon, faults }
  const starting = startCore(options, { main, windowOptions, store, settingsFile })
  const disconnectIpc = connectIpc(
    electron,
    starting.then((up) => up.router),
  )
  main.set(createMainWindow(electron, { ...windowOptions, store, load: (w) => renderer.load(w, '') }))
  markStartup('main:window-created')
  let core: Core
  try {
    core = await starting
  } catch (error) {
    disconnectIpc()
    main.get()?.close()
    throw error
  }
  faults.open(core.faults)
  electron.app.on('child-process-gone', (_event, details) => reportChildProcessGone(faults, details))
  serveTeamImages(electron.protocol, core.images, faults)
  installAppMenu(electron.Menu, { getWindow: main.get, platform })
  const icons = { idle: join(options.resourcesDir, 'tray.png'), unread: join(options.resourcesDir, 'tray-unread.png') }
  core.onUnreadChange(createTray(electron, { icons, showWindow: main.show, platform }))
  markStartup('main:core-up')
  log.info(describeStartupMarks())
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

/** The core with the Electron ports; the main window it talks to may already be loading. */
function startCore(
  options: MainProcessOptions,
  shell: {
    main: ReturnType<typeof mainWindowSlot>
    windowOptions: Omit<Parameters<typeof createMatchWindow>[1], 'load'>
    store: SettingsStore
    settingsFile: SettingsFileCheck
  },
): Promise<Core> {
  const { electron, log, renderer, platform } = options
  const { main, windowOptions, store, settingsFile } = shell
  let up: Core | null = null
  const core = createCore({
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
      // Asked for by a notification's click, which only a core that is up can have sent.
      focusMatch: (matchId) => up?.focusMatch(matchId),
      openMatchWindow: (matchId) =>
        createMatchWindow(electron, { ...windowOptions, load: (w) => renderer.load(w, `match/${matchId}`) }),
    }),
    isTrustedSender: (url) => isAppUrl(url, renderer.app),
    // Packaged: core-built events are trusted; in dev every payload is checked against the contract.
    checkEvents: !electron.app.isPackaged,
    log,
    startDemoFeed: options.startDemoFeed,
    settingsFile,
  })
  return core.then((started) => (up = started))
}
