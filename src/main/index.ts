/**
 * Electron composition root, and nothing more: app lifecycle, the window, tray and menu, and the
 * Electron adapters for the core's ports. All behaviour lives in ./core.
 */
import { app, BrowserWindow } from 'electron'
import log from 'electron-log/main'
import Store from 'electron-store'
import { join } from 'node:path'
import { createCore } from './core/app'
import { isAppUrl, type AppLocation } from './core/bridge/trust'
import { connectIpc } from './ipc-transport'
import { createTray, installAppMenu } from './tray'
import { createMainWindow, type WindowBounds } from './window'

const here = import.meta.dirname
const resources = app.isPackaged ? process.resourcesPath : join(here, '../../resources')
const devServer = process.env['ELECTRON_RENDERER_URL']
const rendererDir = join(here, '../renderer')
const appLocation: AppLocation = devServer ? { kind: 'origin', origin: devServer } : { kind: 'file', rendererDir }

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  log.initialize()
  let mainWindow: BrowserWindow | null = null
  const showWindow = () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.show()
    mainWindow.focus()
  }
  app.on('second-instance', showWindow)

  void app.whenReady().then(() => {
    const store = new Store<{ windowBounds?: WindowBounds; settings?: unknown }>()
    const core = createCore({
      info: {
        name: 'Odds Monitor',
        version: app.getVersion(),
        host: 'electron',
        platform: process.platform,
        dataDir: app.getPath('userData'),
        logFile: log.transports.file.getFile().path,
      },
      store: { get: (key) => store.get(key), set: (key, value) => store.set(key, value) },
      isTrustedSender: (url) => isAppUrl(url, appLocation),
      log,
    })
    const disconnectIpc = connectIpc(core.router)
    installAppMenu(() => mainWindow)
    createTray(join(resources, 'tray.png'), showWindow)
    mainWindow = createMainWindow({
      preloadDir: join(here, '../preload'),
      app: appLocation,
      state: store,
      icon: join(resources, 'icon.png'),
      load: (window) => (devServer ? window.loadURL(devServer) : window.loadFile(join(rendererDir, 'index.html'))),
    })
    mainWindow.on('closed', () => (mainWindow = null))

    app.on('before-quit', () => {
      disconnectIpc()
      void core.stop()
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
