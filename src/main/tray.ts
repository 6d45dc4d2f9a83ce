/** Tray icon and application menu: show the window, quit. */
import { Menu, Tray, nativeImage, type BrowserWindow } from 'electron'

export function createTray(iconPath: string, showWindow: () => void): Tray {
  const tray = new Tray(nativeImage.createFromPath(iconPath))
  tray.setToolTip('Odds Monitor')
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Show Odds Monitor', click: showWindow },
      { type: 'separator' },
      { label: 'Quit', role: 'quit' },
    ]),
  )
  tray.on('click', showWindow)
  return tray
}

export function installAppMenu(getWindow: () => BrowserWindow | null): void {
  const isMac = process.platform === 'darwin'
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      ...(isMac ? [{ role: 'appMenu' as const }] : []),
      { role: 'fileMenu' },
      { role: 'editMenu' },
      {
        label: 'View',
        submenu: [
          { label: 'Reload', accelerator: 'CmdOrCtrl+R', click: () => getWindow()?.webContents.reload() },
          { role: 'toggleDevTools' },
          { type: 'separator' },
          { role: 'resetZoom' },
          { role: 'zoomIn' },
          { role: 'zoomOut' },
          { type: 'separator' },
          { role: 'togglefullscreen' },
        ],
      },
      { role: 'windowMenu' },
    ]),
  )
}
