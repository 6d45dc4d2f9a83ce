/**
 * The Electron entry: hands the real Electron modules and adapters to the lifecycle in
 * main-process.ts, and nothing more (tests drive that file against a typed fake of Electron).
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, protocol, screen, shell, Tray } from 'electron'
import log from 'electron-log/main'
import Store from 'electron-store'
import { join } from 'node:path'
import { startSimulator } from '../sim'
import { KeytarSecretStore } from './adapters/keytar-secrets'
import { readKeysEarly } from './core/secrets/early-reads'
import type { ElectronApi } from './electron-api'
import { startMainProcess } from './main-process'
import { rendererSource } from './renderer-source'

// Assigning the real modules to ElectronApi is what makes Electron's typings check the shell's shapes.
const electron: ElectronApi = {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  Notification,
  protocol,
  screen,
  shell,
  Tray,
}
const here = import.meta.dirname

log.initialize()
startMainProcess({
  electron,
  log,
  openStore: () => new Store<Record<string, unknown>>(),
  // The keychain's answers (which feed to start on) are on their way while Electron gets ready.
  secrets: readKeysEarly(new KeytarSecretStore()),
  renderer: rendererSource({ devServer: process.env['ELECTRON_RENDERER_URL'], rendererDir: join(here, '../renderer') }),
  preloadDir: join(here, '../preload'),
  resourcesDir: app.isPackaged ? process.resourcesPath : join(here, '../../resources'),
  startDemoFeed: (worldFile) => startSimulator({ port: 0, worldFile }),
  platform: process.platform,
})?.catch(() => undefined) // a failed start is logged and quits in main-process.ts
