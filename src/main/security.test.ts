/** The navigation guard against the typed fake of Electron (testing/fake-electron.ts). */
import { describe, expect, it } from 'vitest'
import type { AppLocation } from './core/bridge/trust'
import { hardenWebContents } from './security'
import { FakeWebContents } from './testing/fake-electron'

const FILE_APP: AppLocation = { kind: 'file', rendererDir: '/opt/odds-monitor/out/renderer' }
const DEV_APP: AppLocation = { kind: 'origin', origin: 'http://localhost:5173' }
const APP_PAGE = 'file:///opt/odds-monitor/out/renderer/index.html#/match/12'
const FOREIGN = [
  'https://evil.example/',
  'file:///etc/passwd',
  'file:///opt/odds-monitor/out/renderer-evil/index.html',
  'http://localhost:5173.evil.example/',
  'javascript:alert(1)',
  'not a url',
]

function hardened(app: AppLocation = FILE_APP): FakeWebContents {
  const contents = new FakeWebContents()
  hardenWebContents(contents, app)
  return contents
}

describe('hardenWebContents', () => {
  it('leaves the page where it is when it tries to navigate anywhere outside the app', () => {
    const contents = hardened()
    for (const url of FOREIGN) expect(contents.navigate(url), url).toBe(false)
    expect(contents.loads).toEqual([])
    expect(contents.navigate(APP_PAGE)).toBe(true)
  })

  it('refuses a foreign URL in a frame, which will-navigate alone would not see', () => {
    const contents = hardened()
    expect(contents.navigateFrame('https://evil.example/frame')).toBe(false)
    expect(contents.navigateFrame(APP_PAGE)).toBe(true)
  })

  it('refuses a server redirect out of the app', () => {
    const contents = hardened(DEV_APP)
    expect(contents.redirect('https://evil.example/landing')).toBe(false)
    expect(contents.redirect('http://localhost:5173/#/board')).toBe(true)
  })

  it('denies every window.open, even to the app itself', () => {
    const contents = hardened()
    expect(contents.openWindow('https://evil.example/')).toBe('deny')
    expect(contents.openWindow(APP_PAGE)).toBe('deny')
  })

  it('refuses to attach a webview', () => {
    expect(hardened().attachWebview('https://evil.example/')).toBe(false)
  })

  it('denies every permission request and check', async () => {
    const contents = hardened()
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'] as const) {
      expect(await contents.session.requestPermission(contents, permission), permission).toBe(false)
      expect(contents.session.checkPermission(contents, permission), permission).toBe(false)
    }
  })

  it('is what stops them: unhardened, the fake lets all of it through as Electron does', async () => {
    const contents = new FakeWebContents()
    expect(contents.navigate('https://evil.example/')).toBe(true)
    expect(contents.navigateFrame('https://evil.example/')).toBe(true)
    expect(contents.redirect('https://evil.example/')).toBe(true)
    expect(contents.openWindow('https://evil.example/')).toBe('allow')
    expect(contents.attachWebview('https://evil.example/')).toBe(true)
    expect(await contents.session.requestPermission(contents, 'media')).toBe(true)
  })
})
