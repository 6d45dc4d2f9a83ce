/** Tray icon and application menu: show the window, quit; the tray shows unread alerts. */
import type { ElectronApi, ShellWindow } from './electron-api'

export interface TrayIcons {
  idle: string
  /** The same icon with a red dot: there are unread alerts. */
  unread: string
}

export function createTray(
  electron: Pick<ElectronApi, 'Tray' | 'Menu' | 'app'>,
  options: { icons: TrayIcons; showWindow: () => void; platform: NodeJS.Platform },
): (unread: number) => void {
  const { icons, showWindow } = options
  const tray = new electron.Tray(icons.idle)
  tray.setToolTip('Odds Monitor')
  tray.setContextMenu(
    electron.Menu.buildFromTemplate([
      { label: 'Show Odds Monitor', click: showWindow },
      { type: 'separator' },
      { label: 'Quit', role: 'quit' },
    ]),
  )
  tray.on('click', showWindow)
  // Tray icons cannot carry text on Windows and Linux: the dot says "unread", the tooltip the count;
  // macOS also shows the number next to the icon and on the dock.
  return (unread) => {
    tray.setImage(unread > 0 ? icons.unread : icons.idle)
    tray.setToolTip(unread > 0 ? `Odds Monitor — ${unread} unread alert${unread === 1 ? '' : 's'}` : 'Odds Monitor')
    if (options.platform === 'darwin') tray.setTitle(unread > 0 ? String(unread) : '')
    electron.app.setBadgeCount(unread)
  }
}

export function installAppMenu(
  Menu: ElectronApi['Menu'],
  options: { getWindow: () => ShellWindow | null; platform: NodeJS.Platform },
): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      ...(options.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
      { role: 'fileMenu' },
      { role: 'editMenu' },
      {
        label: 'View',
        submenu: [
          { label: 'Reload', accelerator: 'CmdOrCtrl+R', click: () => options.getWindow()?.webContents.reload() },
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
