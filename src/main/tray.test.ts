/** Tray and application menu against the typed fake of Electron. */
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { createFakeElectron, type FakeBrowserWindow } from './testing/fake-electron'
import { createTray, installAppMenu } from './tray'

const icons = { idle: '/res/tray.png', unread: '/res/tray-unread.png' }

function trayOn(platform: NodeJS.Platform) {
  const electron = createFakeElectron({ userData: tmpdir() })
  let shown = 0
  const showUnread = createTray(electron, { icons, showWindow: () => void (shown += 1), platform })
  const [tray] = electron.trays
  if (!tray) throw new Error('no tray was created')
  return { electron, tray, showUnread, shown: () => shown }
}

describe('createTray', () => {
  it('shows the unread dot and count, and clears them when everything is read', () => {
    const { electron, tray, showUnread } = trayOn('linux')
    expect([tray.image, tray.toolTip]).toEqual([icons.idle, 'Odds Monitor'])
    showUnread(3)
    expect([tray.image, tray.toolTip, electron.app.badgeCount]).toEqual([
      icons.unread,
      'Odds Monitor — 3 unread alerts',
      3,
    ])
    showUnread(1)
    expect(tray.toolTip).toBe('Odds Monitor — 1 unread alert')
    showUnread(0)
    expect([tray.image, tray.toolTip, electron.app.badgeCount]).toEqual([icons.idle, 'Odds Monitor', 0])
    expect(tray.title).toBe('')
  })

  it('also puts the number next to the icon on macOS', () => {
    const { tray, showUnread } = trayOn('darwin')
    showUnread(12)
    expect(tray.title).toBe('12')
    showUnread(0)
    expect(tray.title).toBe('')
  })

  it('brings the window up from a click on the icon or on "Show Odds Monitor"', () => {
    const { tray, shown } = trayOn('linux')
    tray.click()
    tray.contextMenu?.click('Show Odds Monitor')
    expect(shown()).toBe(2)
    expect(tray.contextMenu?.item('Quit').role).toBe('quit')
  })
})

describe('installAppMenu', () => {
  it('reloads the main window from View → Reload, and does nothing when there is none', () => {
    const electron = createFakeElectron({ userData: tmpdir() })
    let window: FakeBrowserWindow | null = null
    installAppMenu(electron.Menu, { getWindow: () => window, platform: 'linux' })
    const menu = electron.applicationMenu()
    expect(menu?.template.map((item) => item.role ?? item.label)).toEqual([
      'fileMenu',
      'editMenu',
      'View',
      'windowMenu',
    ])
    menu?.click('Reload')
    window = new electron.BrowserWindow({})
    menu?.click('Reload')
    expect(window.webContents.reloads).toBe(1)
  })

  it('starts with the app menu on macOS', () => {
    const electron = createFakeElectron({ userData: tmpdir() })
    installAppMenu(electron.Menu, { getWindow: () => null, platform: 'darwin' })
    expect(electron.applicationMenu()?.template[0]?.role).toBe('appMenu')
  })
})
