/**
 * The app's windows: secure webPreferences, hardening, crash recovery, and the main window's
 * remembered bounds.
 */
import type { BrowserWindowConstructorOptions, Rectangle } from 'electron'
import { join } from 'node:path'
import type { AppLocation } from './core/bridge/trust'
import type { FaultReporter } from './core/faults/fault-reporter'
import type { KeyValueStore } from './core/settings'
import type { ElectronApi, ShellWindow } from './electron-api'
import { recoverRenderer } from './crash-recovery'
import { hardenWebContents } from './security'

export interface WindowBounds {
  x?: number
  y?: number
  width: number
  height: number
  maximized?: boolean
}

const BOUNDS_KEY = 'windowBounds'

export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  spellcheck: false,
} as const

export interface WindowOptions {
  /** Where a renderer that crashed or hung is reported (crash-recovery.ts reloads it). */
  faults: FaultReporter
  preloadDir: string
  app: AppLocation
  load: (window: ShellWindow) => Promise<void>
  icon: string
}

type WindowApi = Pick<ElectronApi, 'BrowserWindow' | 'screen'>

/** Every window of the app is built here: one set of webPreferences, one hardening. */
function openWindow(electron: WindowApi, options: WindowOptions, shape: BrowserWindowConstructorOptions): ShellWindow {
  const window = new electron.BrowserWindow({
    ...shape,
    backgroundColor: '#0f1216',
    icon: options.icon,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: join(options.preloadDir, 'index.cjs') },
  })
  hardenWebContents(window.webContents, options.app)
  recoverRenderer(window, options.faults)
  return window
}

export function createMainWindow(electron: WindowApi, options: WindowOptions & { store: KeyValueStore }): ShellWindow {
  const saved = visibleBounds(readBounds(options.store.get(BOUNDS_KEY)), electron.screen.getAllDisplays())
  const window = openWindow(electron, options, {
    ...saved,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Odds Monitor',
  })
  if (saved.maximized) window.maximize()
  window.once('ready-to-show', () => window.show())

  const remember = () => {
    if (window.isDestroyed() || window.isMinimized()) return
    options.store.set(BOUNDS_KEY, { ...window.getNormalBounds(), maximized: window.isMaximized() })
  }
  window.on('resized', remember)
  window.on('moved', remember)
  window.on('close', remember)
  void options.load(window)
  return window
}

/** One match in its own window (the board's "open in window"); same hardening, no remembered bounds. */
export function createMatchWindow(electron: WindowApi, options: WindowOptions): ShellWindow {
  const window = openWindow(electron, options, { width: 720, height: 640, title: 'Odds Monitor — match' })
  void options.load(window)
  return window
}

/** The settings file is the trader's to edit: bounds that are not finite numbers are ignored. */
function readBounds(value: unknown): WindowBounds | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { x, y, width, height, maximized } = value as Record<string, unknown>
  if (!isSize(width) || !isSize(height) || !isPosition(x) || !isPosition(y)) return undefined
  return { x, y, width, height, maximized: maximized === true }
}

const isSize = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0
const isPosition = (n: unknown): n is number | undefined =>
  n === undefined || (typeof n === 'number' && Number.isFinite(n))

const DEFAULT_SIZE = { width: 1440, height: 900 }
/** How much of the title bar must be on a display for the window to be grabbed and moved. */
const TITLE_BAR = 40

/** A remembered position on a monitor that is gone would open the window off-screen. */
function visibleBounds(bounds: WindowBounds | undefined, displays: { workArea: Rectangle }[]): WindowBounds {
  if (!bounds) return DEFAULT_SIZE
  const { x, y } = bounds
  if (x === undefined || y === undefined) return bounds
  const onScreen = displays.some(
    ({ workArea: a }) => x < a.x + a.width && x + bounds.width > a.x && y < a.y + a.height && y + TITLE_BAR > a.y,
  )
  return onScreen ? bounds : { ...DEFAULT_SIZE, maximized: bounds.maximized }
}
