/** Windows against the typed fake of Electron, with a real settings file (conf) for the bounds. */
import Conf from 'conf'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppLocation } from './core/bridge/trust'
import type { KeyValueStore } from './core/settings'
import { testFaultLog } from './testing/fault-log'
import { createFakeElectron, fakeDisplay, type FakeBrowserWindow } from './testing/fake-electron'
import { createMainWindow, createMatchWindow, SECURE_WEB_PREFERENCES } from './window'

const APP: AppLocation = { kind: 'file', rendererDir: '/opt/app/renderer' }
const LEFT = fakeDisplay(1, { x: 0, y: 0, width: 1920, height: 1080 })
const RIGHT = fakeDisplay(2, { x: 1920, y: 0, width: 2560, height: 1440 })

function settingsFile(): KeyValueStore & { path: string } {
  const conf = new Conf<Record<string, unknown>>({
    cwd: mkdtempSync(join(tmpdir(), 'om-window-')),
    configName: 'config',
  })
  return { get: (key) => conf.get(key), set: (key, value) => conf.set(key, value), path: conf.path }
}

function openMain(store: KeyValueStore, displays = [LEFT]) {
  const electron = createFakeElectron({ userData: tmpdir(), displays })
  const routes: string[] = []
  const window = createMainWindow(electron, {
    faults: testFaultLog().faults,
    preloadDir: '/opt/app/preload',
    app: APP,
    icon: '/opt/app/icon.png',
    store,
    load: (w) => {
      routes.push('')
      return w.loadFile('/opt/app/renderer/index.html', { hash: '/' })
    },
  }) as FakeBrowserWindow
  return { electron, window, routes }
}

describe('createMainWindow', () => {
  it('opens hidden with secure webPreferences and the preload, hardened, shown once ready', () => {
    const { window, routes } = openMain(settingsFile())
    expect(window.options.webPreferences).toEqual({ ...SECURE_WEB_PREFERENCES, preload: '/opt/app/preload/index.cjs' })
    expect(window.visible).toBe(false)
    expect(routes).toEqual([''])
    expect(window.webContents.navigate('https://evil.example/')).toBe(false)
    expect(window.webContents.openWindow('https://evil.example/')).toBe('deny')
    window.emit('ready-to-show')
    expect(window.visible).toBe(true)
  })

  it('remembers where the trader left it, and opens there next time', () => {
    const store = settingsFile()
    const first = openMain(store, [LEFT, RIGHT]).window
    first.moveTo({ x: 2100, y: 120, width: 1200, height: 800 })
    first.close()
    expect(store.get('windowBounds')).toEqual({ x: 2100, y: 120, width: 1200, height: 800, maximized: false })
    expect(openMain(store, [LEFT, RIGHT]).window.getNormalBounds()).toEqual({
      x: 2100,
      y: 120,
      width: 1200,
      height: 800,
    })
  })

  it('opens on screen when the remembered position is on a display that is gone', () => {
    const store = settingsFile()
    store.set('windowBounds', { x: 2100, y: 120, width: 1200, height: 800, maximized: true })
    const { window } = openMain(store, [LEFT])
    expect(window.options.x).toBeUndefined()
    expect(window.options.y).toBeUndefined()
    expect([window.options.width, window.options.height]).toEqual([1440, 900])
    expect(window.isMaximized()).toBe(true)
  })

  it('ignores bounds in the settings file that are not numbers', () => {
    const store = settingsFile()
    for (const bad of [
      'big',
      { width: 'wide', height: 800 },
      { width: 1200, height: -1 },
      { x: 'left', width: 1, height: 1 },
    ]) {
      store.set('windowBounds', bad)
      const { window } = openMain(store)
      expect([window.options.width, window.options.height], JSON.stringify(bad)).toEqual([1440, 900])
    }
  })

  it('does not remember a minimised window', () => {
    const store = settingsFile()
    const { window } = openMain(store)
    window.minimize()
    window.moveTo({ x: -32000, y: -32000, width: 160, height: 28 })
    expect(store.get('windowBounds')).toBeUndefined()
  })
})

describe('createMatchWindow', () => {
  it('opens a match with the same preferences and hardening', () => {
    const electron = createFakeElectron({ userData: tmpdir() })
    const window = createMatchWindow(electron, {
      faults: testFaultLog().faults,
      preloadDir: '/opt/app/preload',
      app: APP,
      icon: '/opt/app/icon.png',
      load: (w) => w.loadFile('/opt/app/renderer/index.html', { hash: '/match/12' }),
    }) as FakeBrowserWindow
    expect(window.options.webPreferences).toMatchObject(SECURE_WEB_PREFERENCES)
    expect(window.webContents.getURL()).toBe('file:///opt/app/renderer/index.html#/match/12')
    expect(window.webContents.redirect('https://evil.example/')).toBe(false)
    expect(electron.windows).toEqual([window])
  })
})
