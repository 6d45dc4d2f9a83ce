/** The main window: secure webPreferences, remembered size and position. */
import { BrowserWindow, screen } from 'electron'
import { join } from 'node:path'
import type { AppLocation } from './core/bridge/trust'
import { hardenWebContents } from './security'

export interface WindowBounds {
  x?: number
  y?: number
  width: number
  height: number
  maximized?: boolean
}

export interface WindowStateStore {
  get(key: 'windowBounds'): WindowBounds | undefined
  set(key: 'windowBounds', value: WindowBounds): void
}

export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  spellcheck: false,
} as const

export function createMainWindow(options: {
  preloadDir: string
  app: AppLocation
  load: (window: BrowserWindow) => Promise<void>
  state: WindowStateStore
  icon: string
}): BrowserWindow {
  const saved = visibleBounds(options.state.get('windowBounds'))
  const window = new BrowserWindow({
    ...saved,
    minWidth: 960,
    minHeight: 600,
    show: false,
    backgroundColor: '#0f1216',
    title: 'Odds Monitor',
    icon: options.icon,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: join(options.preloadDir, 'index.cjs') },
  })
  if (saved.maximized) window.maximize()
  hardenWebContents(window.webContents, options.app)
  window.once('ready-to-show', () => window.show())

  const remember = () => {
    if (window.isDestroyed() || window.isMinimized()) return
    options.state.set('windowBounds', { ...window.getNormalBounds(), maximized: window.isMaximized() })
  }
  window.on('resized', remember)
  window.on('moved', remember)
  window.on('close', remember)
  void options.load(window)
  return window
}

/** One match in its own window (the board's "open in window"); same hardening, no remembered bounds. */
export function createMatchWindow(options: {
  preloadDir: string
  app: AppLocation
  load: (window: BrowserWindow) => Promise<void>
  icon: string
}): BrowserWindow {
  const window = new BrowserWindow({
    width: 720,
    height: 640,
    backgroundColor: '#0f1216',
    title: 'Odds Monitor — match',
    icon: options.icon,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: join(options.preloadDir, 'index.cjs') },
  })
  hardenWebContents(window.webContents, options.app)
  void options.load(window)
  return window
}

/** A remembered position on a monitor that is gone would open the window off-screen. */
function visibleBounds(bounds: WindowBounds | undefined): WindowBounds {
  const fallback = { width: 1440, height: 900 }
  if (!bounds) return fallback
  const onScreen = screen
    .getAllDisplays()
    .some(({ workArea: a }) =>
      bounds.x === undefined || bounds.y === undefined
        ? true
        : bounds.x < a.x + a.width && bounds.x + bounds.width > a.x && bounds.y < a.y + a.height && bounds.y + 40 > a.y,
    )
  return onScreen ? bounds : { ...fallback, maximized: bounds.maximized }
}
