/**
 * Electron composition root, and nothing more: app lifecycle, windows, tray and menu, and the
 * Electron adapters for the core's ports. All behaviour lives in ./core.
 */
import { app, BrowserWindow } from 'electron'
import log from 'electron-log/main'
import Store from 'electron-store'
import { join } from 'node:path'
import { startSimulator } from '../sim'
import { KeytarSecretStore } from './adapters/keytar-secrets'
import { createCore, type Core } from './core/app'
import { isAppUrl, type AppLocation } from './core/bridge/trust'
import { electronHostPorts } from './host-adapters'
import { connectIpc } from './ipc-transport'
import { registerTeamImageScheme, serveTeamImages } from './team-image-protocol'
import { createTray, installAppMenu } from './tray'
import { createMainWindow, createMatchWindow, type WindowBounds } from './window'

const here = import.meta.dirname
const resources = app.isPackaged ? process.resourcesPath : join(here, '../../resources')
const devServer = process.env['ELECTRON_RENDERER_URL']
const rendererDir = join(here, '../renderer')
const appLocation: AppLocation = devServer ? { kind: 'origin', origin: devServer } : { kind: 'file', rendererDir }

/** Loads the renderer at a hash route (`''` for the main view, `match/12` for one match). */
function loadRenderer(window: BrowserWindow, route: string): Promise<void> {
  return devServer
    ? window.loadURL(`${devServer}#/${route}`)
    : window.loadFile(join(rendererDir, 'index.html'), { hash: `/${route}` })
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  log.initialize()
  registerTeamImageScheme()
  let mainWindow: BrowserWindow | null = null
  let core: Core | null = null
  const showWindow = () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.show()
    mainWindow.focus()
  }
  app.on('second-instance', showWindow)

  void app.whenReady().then(async () => {
    const store = new Store<{ windowBounds?: WindowBounds; settings?: unknown }>()
    const preloadDir = join(here, '../preload')
    const icon = join(resources, 'icon.png')
    core = await createCore({
      info: {
        name: 'Odds Monitor',
        version: app.getVersion(),
        host: 'electron',
        platform: process.platform,
        dataDir: app.getPath('userData'),
        logFile: log.transports.file.getFile().path,
      },
      store: { get: (key) => store.get(key), set: (key, value) => store.set(key, value) },
      secrets: new KeytarSecretStore(),
      ports: electronHostPorts({
        mainWindow: () => mainWindow,
        showMainWindow: showWindow,
        focusMatch: (matchId) => core?.focusMatch(matchId),
        openMatchWindow: (matchId) =>
          createMatchWindow({ preloadDir, app: appLocation, icon, load: (w) => loadRenderer(w, `match/${matchId}`) }),
      }),
      isTrustedSender: (url) => isAppUrl(url, appLocation),
      // Packaged: core-built events are trusted; in dev every payload is checked against the contract.
      checkEvents: !app.isPackaged,
      log,
      startDemoFeed: () => startSimulator({ port: 0 }),
    })
    serveTeamImages(core.images)
    const disconnectIpc = connectIpc(core.router)
    installAppMenu(() => mainWindow)
    const showUnread = createTray(
      { idle: join(resources, 'tray.png'), unread: join(resources, 'tray-unread.png') },
      showWindow,
    )
    core.onUnreadChange(showUnread)
    mainWindow = createMainWindow({
      preloadDir,
      app: appLocation,
      state: store,
      icon,
      load: (w) => loadRenderer(w, ''),
    })
    mainWindow.on('closed', () => (mainWindow = null))

    app.on('before-quit', () => {
      disconnectIpc()
      void core?.stop()
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
