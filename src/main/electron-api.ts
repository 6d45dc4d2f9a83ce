/**
 * The part of Electron's main-process API the shell uses, as narrow interfaces built from
 * Electron's own typings (electron.d.ts): methods are `Pick`ed, events are the overloads the shell
 * listens to, with Electron's own event and detail types. Shell modules take these instead of
 * importing 'electron', so tests hand in the typed fake (testing/fake-electron.ts) and never load
 * Electron, which needs its binary. index.ts assigns the real module to `ElectronApi`, so a change
 * in Electron's typings that breaks the shell is a type error there; one that breaks the fake is a
 * type error in the fake.
 *
 * Events return `unknown` rather than Electron's `this`: a `Pick` would pin `this` to the whole
 * Electron class, which no fake could be.
 */
import type {
  App,
  BrowserWindow,
  BrowserWindowConstructorOptions,
  Details,
  Event,
  IpcMain,
  MenuItemConstructorOptions,
  Notification,
  NotificationConstructorOptions,
  Protocol,
  RenderProcessGoneDetails,
  SaveDialogOptions,
  SaveDialogReturnValue,
  Screen,
  Session,
  Shell,
  Tray,
  WebContents,
  WebContentsWillFrameNavigateEventParams,
  WebContentsWillNavigateEventParams,
  WebContentsWillRedirectEventParams,
  WebFrameMain,
} from 'electron'

/** Every permission name Electron can ask about. */
export type PermissionName = Parameters<NonNullable<Parameters<Session['setPermissionRequestHandler']>[0]>>[1]

export interface ShellSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: PermissionName, callback: (granted: boolean) => void) => void,
  ): void
  setPermissionCheckHandler(handler: (contents: unknown, permission: PermissionName) => boolean): void
}

export interface ShellWebContents extends Pick<
  WebContents,
  'send' | 'setWindowOpenHandler' | 'getURL' | 'loadURL' | 'reload' | 'forcefullyCrashRenderer'
> {
  readonly session: ShellSession
  on(event: 'will-navigate', listener: (event: Event<WebContentsWillNavigateEventParams>, url: string) => void): unknown
  on(event: 'will-frame-navigate', listener: (event: Event<WebContentsWillFrameNavigateEventParams>) => void): unknown
  on(event: 'will-redirect', listener: (event: Event<WebContentsWillRedirectEventParams>, url: string) => void): unknown
  on(event: 'will-attach-webview', listener: (event: Event) => void): unknown
  on(event: 'render-process-gone', listener: (event: Event, details: RenderProcessGoneDetails) => void): unknown
}

export interface ShellWindow extends Pick<
  BrowserWindow,
  | 'show'
  | 'focus'
  | 'restore'
  | 'maximize'
  | 'isMinimized'
  | 'isMaximized'
  | 'isDestroyed'
  | 'getNormalBounds'
  | 'loadURL'
  | 'loadFile'
  | 'close'
> {
  readonly webContents: ShellWebContents
  on(event: 'close', listener: (event: Event) => void): unknown
  on(event: 'closed', listener: () => void): unknown
  on(event: 'resized', listener: () => void): unknown
  on(event: 'moved', listener: () => void): unknown
  on(event: 'unresponsive', listener: () => void): unknown
  once(event: 'ready-to-show', listener: () => void): unknown
}

export interface ShellBrowserWindowClass {
  new (options: BrowserWindowConstructorOptions): ShellWindow
  getAllWindows(): ShellWindow[]
}

export interface ShellApp extends Pick<
  App,
  'requestSingleInstanceLock' | 'quit' | 'whenReady' | 'getVersion' | 'getPath' | 'setBadgeCount' | 'isPackaged'
> {
  on(event: 'second-instance', listener: () => void): unknown
  on(event: 'window-all-closed', listener: () => void): unknown
  on(event: 'before-quit', listener: () => void): unknown
  on(event: 'child-process-gone', listener: (event: Event, details: Details) => void): unknown
}

/** The shell only builds menus and hands them to Electron; it calls nothing on them. */
export type ShellMenu = object

export interface ShellMenuClass {
  buildFromTemplate(template: MenuItemConstructorOptions[]): ShellMenu
  setApplicationMenu(menu: ShellMenu | null): void
}

export interface ShellTray extends Pick<Tray, 'setToolTip' | 'setImage' | 'setTitle'> {
  setContextMenu(menu: ShellMenu | null): void
  on(event: 'click', listener: () => void): unknown
}

export interface ShellNotification extends Pick<Notification, 'show'> {
  on(event: 'click', listener: () => void): unknown
}

export interface ShellNotificationClass {
  new (options: NotificationConstructorOptions): ShellNotification
  isSupported(): boolean
}

/** What the IPC transport reads of an invoke event: the frame that sent it. */
export interface ShellInvokeEvent {
  readonly senderFrame: Pick<WebFrameMain, 'url'> | null
}

export interface ShellIpcMain extends Pick<IpcMain, 'removeHandler'> {
  handle(channel: string, listener: (event: ShellInvokeEvent, input: unknown) => unknown): void
}

export interface ShellDialog {
  showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>
}

export interface ElectronApi {
  app: ShellApp
  BrowserWindow: ShellBrowserWindowClass
  ipcMain: ShellIpcMain
  protocol: Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle'>
  Tray: new (image: string) => ShellTray
  Menu: ShellMenuClass
  Notification: ShellNotificationClass
  screen: Pick<Screen, 'getAllDisplays'>
  dialog: ShellDialog
  shell: Pick<Shell, 'openPath'>
}
