/**
 * THE ONE MOCK THIS PROJECT ALLOWS: a typed fake of Electron's API, because Electron itself cannot
 * run here (no binary, and Electron 42+ downloads it when first required). Every other part of a
 * shell test is real: the core, the simulator's sockets, the SQLite cache, the image cache on disk.
 *
 * It is typed against Electron's own .d.ts: every class implements the shell's narrow interfaces
 * (src/main/electron-api.ts), whose methods are `Pick`ed from Electron's classes and whose events
 * carry Electron's own event and detail types; the whole object `satisfies ElectronApi`. When
 * Electron's typings move, this file stops compiling rather than drifting.
 *
 * Besides the API it offers what the other side would do (a page navigating, Chromium asking for
 * a permission, a user clicking the tray, a renderer crashing), each behaving as Electron does
 * when no handler is installed: navigation, window.open, webviews and permissions are allowed.
 * That is what makes a hardening test fail when the hardening is missing.
 */
import { EventEmitter } from 'node:events'
import { pathToFileURL } from 'node:url'
import type {
  BrowserWindowConstructorOptions,
  CustomScheme,
  Details,
  Display,
  Event,
  HandlerDetails,
  LoadFileOptions,
  MenuItemConstructorOptions,
  NativeImage,
  NotificationConstructorOptions,
  Rectangle,
  RenderProcessGoneDetails,
  SaveDialogOptions,
  SaveDialogReturnValue,
  TitleOptions,
  WindowOpenHandlerResponse,
} from 'electron'
import type { PreloadElectron } from '../../preload/bridge'
import type {
  ElectronApi,
  PermissionName,
  ShellApp,
  ShellDialog,
  ShellIpcMain,
  ShellInvokeEvent,
  ShellMenu,
  ShellNotification,
  ShellSession,
  ShellTray,
  ShellWebContents,
  ShellWindow,
} from '../electron-api'

/** An Electron `Event<Params>`: the params plus `preventDefault`. */
function electronEvent<P extends object>(params: P): Event<P> {
  let prevented = false
  return {
    ...params,
    preventDefault: () => void (prevented = true),
    get defaultPrevented() {
      return prevented
    },
  }
}

type PermissionRequestHandler = Parameters<ShellSession['setPermissionRequestHandler']>[0]
type PermissionCheckHandler = Parameters<ShellSession['setPermissionCheckHandler']>[0]

export class FakeSession implements ShellSession {
  private requestHandler: PermissionRequestHandler | null = null
  private checkHandler: PermissionCheckHandler | null = null

  setPermissionRequestHandler(handler: PermissionRequestHandler): void {
    this.requestHandler = handler
  }

  setPermissionCheckHandler(handler: PermissionCheckHandler): void {
    this.checkHandler = handler
  }

  /** A web API asks for a permission; Electron grants it when no handler is set. */
  requestPermission(contents: FakeWebContents, permission: PermissionName): Promise<boolean> {
    const handler = this.requestHandler
    if (!handler) return Promise.resolve(true)
    return new Promise((resolve) => handler(contents, permission, resolve))
  }

  /** A synchronous permission check; Electron answers true when no handler is set. */
  checkPermission(contents: FakeWebContents, permission: PermissionName): boolean {
    return this.checkHandler ? this.checkHandler(contents, permission) : true
  }
}

export class FakeWebContents extends EventEmitter implements ShellWebContents {
  readonly session = new FakeSession()
  /** Everything main sent to this page, in order. */
  readonly sent: Array<{ channel: string; args: unknown[] }> = []
  /** Every URL the page was loaded at (by main, or by a navigation Electron let through). */
  readonly loads: string[] = []
  reloads = 0
  forcedCrashes = 0
  /** Set it to make the next loads fail as Electron's do (`ERR_ABORTED` when another load wins). */
  loadError: Error | null = null
  private url = ''
  private windowOpenHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | null = null
  private renderer: FakeIpcRenderer | null = null

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args })
    this.renderer?.emit(channel, { sender: this.renderer }, ...args)
  }

  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.windowOpenHandler = handler
  }

  getURL(): string {
    return this.url
  }

  loadURL(url: string): Promise<void> {
    if (this.loadError) return Promise.reject(this.loadError)
    this.url = url
    this.loads.push(url)
    return Promise.resolve()
  }

  reload(): void {
    this.reloads += 1
  }

  forcefullyCrashRenderer(): void {
    this.forcedCrashes += 1
  }

  /** The preload's ipcRenderer in this page: what main sends here reaches its listeners. */
  attachRenderer(renderer: FakeIpcRenderer): void {
    this.renderer = renderer
  }

  // What the page and Chromium do. Each answers whether Electron would go ahead.

  /** A link, `location.href = …` or a dropped URL starts a main-frame navigation. */
  navigate(url: string): boolean {
    const params = { url, isSameDocument: false, isMainFrame: true, frame: null }
    const navigate = electronEvent(params)
    this.emit('will-navigate', navigate, url)
    const frameNavigate = electronEvent(params)
    this.emit('will-frame-navigate', frameNavigate)
    const allowed = !navigate.defaultPrevented && !frameNavigate.defaultPrevented
    if (allowed) void this.loadURL(url)
    return allowed
  }

  /** An iframe navigates: only `will-frame-navigate` sees it. */
  navigateFrame(url: string): boolean {
    const event = electronEvent({ url, isSameDocument: false, isMainFrame: false, frame: null })
    this.emit('will-frame-navigate', event)
    return !event.defaultPrevented
  }

  /** The server answers a navigation with a redirect to `url`. */
  redirect(url: string): boolean {
    const event = electronEvent({ url, isSameDocument: false, isMainFrame: true, frame: null })
    this.emit('will-redirect', event, url)
    return !event.defaultPrevented
  }

  /** `window.open(url)` or a `target=_blank` link. */
  openWindow(url: string): WindowOpenHandlerResponse['action'] {
    const details: HandlerDetails = {
      url,
      frameName: '',
      features: '',
      disposition: 'new-window',
      referrer: { url: this.url, policy: 'strict-origin-when-cross-origin' },
    }
    return this.windowOpenHandler ? this.windowOpenHandler(details).action : 'allow'
  }

  /** A `<webview>` is about to be attached. */
  attachWebview(src: string): boolean {
    const event = electronEvent({})
    this.emit('will-attach-webview', event, { nodeIntegration: false }, { src })
    return !event.defaultPrevented
  }

  /** The renderer process died. */
  crash(reason: RenderProcessGoneDetails['reason'], exitCode = 1): void {
    this.emit('render-process-gone', electronEvent({}), { reason, exitCode } satisfies RenderProcessGoneDetails)
  }
}

export class FakeBrowserWindow extends EventEmitter implements ShellWindow {
  readonly webContents = new FakeWebContents()
  visible = false
  focused = false
  private bounds: Rectangle
  private minimized = false
  private maximized = false
  private destroyed = false

  constructor(readonly options: BrowserWindowConstructorOptions) {
    super()
    const { x = 0, y = 0, width = 800, height = 600 } = options
    this.bounds = { x, y, width, height }
    this.visible = options.show ?? true
  }

  show(): void {
    this.visible = true
    this.minimized = false
  }
  focus(): void {
    this.focused = true
  }
  restore(): void {
    this.minimized = false
  }
  maximize(): void {
    this.maximized = true
  }
  isMinimized(): boolean {
    return this.minimized
  }
  isMaximized(): boolean {
    return this.maximized
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  getNormalBounds(): Rectangle {
    return { ...this.bounds }
  }
  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url)
  }
  loadFile(filePath: string, options: LoadFileOptions = {}): Promise<void> {
    const url = pathToFileURL(filePath)
    if (options.search) url.search = options.search
    else if (options.query) url.search = new URLSearchParams(options.query).toString()
    if (options.hash) url.hash = options.hash
    return this.webContents.loadURL(url.toString())
  }

  // What the user and the window system do.

  minimize(): void {
    this.minimized = true
    this.focused = false
    this.emit('minimize')
  }
  moveTo(bounds: Rectangle): void {
    this.bounds = { ...bounds }
    this.emit('moved')
  }
  close(): void {
    this.emit('close', electronEvent({}))
    this.destroyed = true
    this.emit('closed')
  }
}

export class FakeApp extends EventEmitter implements ShellApp {
  readonly isPackaged = false
  quitRequested = false
  badgeCount = 0

  constructor(
    private readonly lock: boolean,
    private readonly userData: string,
  ) {
    super()
  }

  requestSingleInstanceLock(): boolean {
    return this.lock
  }
  /** As Electron: `before-quit` first (only once), then the app ends. */
  quit(): void {
    if (this.quitRequested) return
    this.quitRequested = true
    this.emit('before-quit', electronEvent({}))
  }
  whenReady(): Promise<void> {
    return Promise.resolve()
  }
  getVersion(): string {
    return '0.0.0-fake'
  }
  getPath(name: Parameters<ShellApp['getPath']>[0]): string {
    if (name !== 'userData') throw new Error(`fake-electron: app.getPath('${name}') is not faked`)
    return this.userData
  }
  setBadgeCount(count = 0): boolean {
    this.badgeCount = count
    return true
  }

  /** The trader starts the app again while it runs. */
  launchSecondInstance(argv: string[] = []): void {
    this.emit('second-instance', electronEvent({}), argv, process.cwd(), {})
  }
  /** A GPU, utility or other child process ended. */
  childProcessGone(details: Details): void {
    this.emit('child-process-gone', electronEvent({}), details)
  }
}

export class FakeMenu {
  constructor(readonly template: MenuItemConstructorOptions[]) {}

  /** The item with this label, searched through submenus. */
  item(label: string): MenuItemConstructorOptions {
    const found = findItem(this.template, label)
    if (!found) throw new Error(`fake-electron: no menu item "${label}"`)
    return found
  }

  /** A click on the item. The shell's click handlers read no arguments, so none are made up. */
  click(label: string): void {
    const click = this.item(label).click as (() => void) | undefined
    if (!click) throw new Error(`fake-electron: menu item "${label}" has no click handler`)
    click()
  }
}

function findItem(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions | null {
  for (const item of items) {
    if (item.label === label) return item
    const inner = Array.isArray(item.submenu) ? findItem(item.submenu, label) : null
    if (inner) return inner
  }
  return null
}

export class FakeTray extends EventEmitter implements ShellTray {
  image: string
  toolTip = ''
  title = ''
  contextMenu: FakeMenu | null = null

  constructor(image: string) {
    super()
    this.image = image
  }

  setToolTip(toolTip: string): void {
    this.toolTip = toolTip
  }
  setImage(image: NativeImage | string): void {
    this.image = typeof image === 'string' ? image : '(native image)'
  }
  setTitle(title: string, _options?: TitleOptions): void {
    this.title = title
  }
  setContextMenu(menu: ShellMenu | null): void {
    this.contextMenu = menu instanceof FakeMenu ? menu : null
  }

  /** The user clicks the tray icon. */
  click(): void {
    this.emit('click', electronEvent({}), { x: 0, y: 0, width: 16, height: 16 }, { x: 0, y: 0 })
  }
}

export class FakeNotification extends EventEmitter implements ShellNotification {
  shown = false

  constructor(readonly options: NotificationConstructorOptions) {
    super()
  }

  show(): void {
    this.shown = true
  }

  /** The user clicks the notification. */
  click(): void {
    this.emit('click', electronEvent({}))
  }
}

export class FakeIpcMain implements ShellIpcMain {
  private readonly handlers = new Map<string, (event: ShellInvokeEvent, input: unknown) => unknown>()

  handle(channel: string, listener: (event: ShellInvokeEvent, input: unknown) => unknown): void {
    // Electron's own rule: one handler per channel.
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, listener)
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }

  channels(): string[] {
    return [...this.handlers.keys()]
  }

  /** `ipcRenderer.invoke` from a frame at `frameUrl` (null: the frame is gone). */
  async invoke(channel: string, input: unknown, frameUrl: string | null): Promise<unknown> {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`No handler registered for '${channel}'`)
    return handler({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, input)
  }
}

type ProtocolHandler = Parameters<ElectronApi['protocol']['handle']>[1]

export class FakeProtocol implements Pick<ElectronApi['protocol'], 'registerSchemesAsPrivileged' | 'handle'> {
  readonly privileged: CustomScheme[] = []
  private readonly handlers = new Map<string, ProtocolHandler>()

  registerSchemesAsPrivileged(schemes: CustomScheme[]): void {
    this.privileged.push(...schemes)
  }

  handle(scheme: string, handler: ProtocolHandler): void {
    this.handlers.set(scheme, handler)
  }

  /** The page requests `url` (an `<img src>`); Chromium answers an unhandled scheme with an error. */
  async fetch(url: string): Promise<Response> {
    const handler = this.handlers.get(new URL(url).protocol.replace(/:$/, ''))
    if (!handler) throw new Error(`net::ERR_UNKNOWN_URL_SCHEME (${url})`)
    return handler(new Request(url))
  }
}

export class FakeDialog implements ShellDialog {
  readonly asked: SaveDialogOptions[] = []

  constructor(public answer: SaveDialogReturnValue) {}

  showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue> {
    this.asked.push(options)
    return Promise.resolve(this.answer)
  }
}

/** `shell.openPath`: records the folder; answers '' (shown) or the error Electron would give. */
export class FakeShell implements Pick<ElectronApi['shell'], 'openPath'> {
  readonly opened: string[] = []

  constructor(private readonly canOpen: boolean) {}

  openPath(path: string): Promise<string> {
    if (!this.canOpen) return Promise.resolve('Failed to open path')
    this.opened.push(path)
    return Promise.resolve('')
  }
}

/** A display with Electron's full `Display` shape; only the work area matters to the shell. */
export function fakeDisplay(id: number, workArea: Rectangle): Display {
  return {
    id,
    label: `display ${id}`,
    accelerometerSupport: 'unknown',
    bounds: workArea,
    colorDepth: 24,
    colorSpace: 'srgb',
    depthPerComponent: 8,
    detected: true,
    displayFrequency: 60,
    internal: false,
    maximumCursorSize: { width: 64, height: 64 },
    monochrome: false,
    nativeOrigin: { x: workArea.x, y: workArea.y },
    rotation: 0,
    scaleFactor: 1,
    size: { width: workArea.width, height: workArea.height },
    touchSupport: 'unknown',
    workArea,
    workAreaSize: { width: workArea.width, height: workArea.height },
  }
}

export interface FakeElectronOptions {
  /** Where `app.getPath('userData')` points (a temp folder). */
  userData: string
  /** False: another instance already runs. */
  singleInstanceLock?: boolean
  displays?: Display[]
  notificationsSupported?: boolean
  saveDialogAnswer?: SaveDialogReturnValue
  /** False: the system has no file manager to show a folder in. */
  canOpenFolders?: boolean
}

/** Electron's API as the shell sees it, plus what a test inspects: every window, tray and notification made. */
export interface FakeElectron extends ElectronApi {
  app: FakeApp
  BrowserWindow: {
    new (options: BrowserWindowConstructorOptions): FakeBrowserWindow
    getAllWindows(): FakeBrowserWindow[]
  }
  ipcMain: FakeIpcMain
  protocol: FakeProtocol
  Tray: new (image: string) => FakeTray
  Notification: { new (options: NotificationConstructorOptions): FakeNotification; isSupported(): boolean }
  dialog: FakeDialog
  shell: FakeShell
  windows: FakeBrowserWindow[]
  trays: FakeTray[]
  notifications: FakeNotification[]
  applicationMenu(): FakeMenu | null
}

export function createFakeElectron(options: FakeElectronOptions): FakeElectron {
  const windows: FakeBrowserWindow[] = []
  const trays: FakeTray[] = []
  const notifications: FakeNotification[] = []
  const menus = { application: null as FakeMenu | null }
  const displays = options.displays ?? [fakeDisplay(1, { x: 0, y: 0, width: 1920, height: 1080 })]
  const notificationsSupported = options.notificationsSupported ?? true

  const electron = {
    app: new FakeApp(options.singleInstanceLock ?? true, options.userData),
    BrowserWindow: class extends FakeBrowserWindow {
      constructor(windowOptions: BrowserWindowConstructorOptions) {
        super(windowOptions)
        windows.push(this)
      }
      static getAllWindows(): FakeBrowserWindow[] {
        return windows.filter((window) => !window.isDestroyed())
      }
    },
    ipcMain: new FakeIpcMain(),
    protocol: new FakeProtocol(),
    Tray: class extends FakeTray {
      constructor(image: string) {
        super(image)
        trays.push(this)
      }
    },
    Menu: {
      buildFromTemplate: (template: MenuItemConstructorOptions[]) => new FakeMenu(template),
      setApplicationMenu: (menu: ShellMenu | null) => void (menus.application = menu instanceof FakeMenu ? menu : null),
    },
    Notification: class extends FakeNotification {
      constructor(notificationOptions: NotificationConstructorOptions) {
        super(notificationOptions)
        notifications.push(this)
      }
      static isSupported(): boolean {
        return notificationsSupported
      }
    },
    screen: { getAllDisplays: () => displays },
    dialog: new FakeDialog(options.saveDialogAnswer ?? { canceled: true, filePath: '' }),
    shell: new FakeShell(options.canOpenFolders ?? true),
  } satisfies ElectronApi

  return {
    ...electron,
    windows,
    trays,
    notifications,
    applicationMenu: () => menus.application,
  }
}

/** The preload side: `contextBridge` records what is exposed, as Electron refuses a key twice. */
export class FakeContextBridge implements Pick<PreloadElectron['contextBridge'], 'exposeInMainWorld'> {
  readonly exposed = new Map<string, unknown>()

  exposeInMainWorld(apiKey: string, api: unknown): void {
    if (this.exposed.has(apiKey))
      throw new Error('Cannot bind an API on top of an existing property on the window object')
    this.exposed.set(apiKey, api)
  }
}

/** A page's ipcRenderer, wired to the fake ipcMain as a frame at `frameUrl` and to its webContents. */
export class FakeIpcRenderer extends EventEmitter implements Pick<PreloadElectron['ipcRenderer'], 'invoke'> {
  constructor(
    private readonly ipcMain: FakeIpcMain,
    private readonly frameUrl: string,
    contents: FakeWebContents,
  ) {
    super()
    contents.attachRenderer(this)
  }

  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    return this.ipcMain.invoke(channel, args[0], this.frameUrl)
  }
}

/** What the real preload would get in a page of `window` at `frameUrl`. */
export function fakePreloadElectron(
  electron: FakeElectron,
  window: FakeBrowserWindow,
  frameUrl: string,
): PreloadElectron & { contextBridge: FakeContextBridge; ipcRenderer: FakeIpcRenderer } {
  return {
    contextBridge: new FakeContextBridge(),
    ipcRenderer: new FakeIpcRenderer(electron.ipcMain, frameUrl, window.webContents),
  }
}
