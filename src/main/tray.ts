/** Tray icon and application menu: show the window, quit; the tray shows unread alerts. */
import { app, Menu, Tray, nativeImage, type BrowserWindow } from 'electron'

export interface TrayIcons {
  idle: string
  /** The same icon with a red dot: there are unread alerts. */
  unread: string
}

export function createTray(icons: TrayIcons, showWindow: () => void): (unread: number) => void {
  const tray = new Tray(nativeImage.createFromPath(icons.idle))
  tray.setToolTip('Odds Monitor')
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Show Odds Monitor', click: showWindow },
      { type: 'separator' },
      { label: 'Quit', role: 'quit' },
    ]),
  )
  tray.on('click', showWindow)
  // Tray icons cannot carry text on Windows and Linux: the dot says "unread", the tooltip the count;
  // macOS also shows the number next to the icon and on the dock.
  return (unread) => {
    tray.setImage(nativeImage.createFromPath(unread > 0 ? icons.unread : icons.idle))
    tray.setToolTip(unread > 0 ? `Odds Monitor — ${unread} unread alert${unread === 1 ? '' : 's'}` : 'Odds Monitor')
    if (process.platform === 'darwin') tray.setTitle(unread > 0 ? String(unread) : '')
    app.setBadgeCount(unread)
  }
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
