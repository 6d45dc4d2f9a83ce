/**
 * The preload's bridge against the typed fake of Electron: its ipcRenderer reaches the real IPC
 * transport and bridge router in main, as a page at a given frame URL.
 */
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import type { OddsMonitorApi } from '../shared/bridge/api'
import { BridgeRouter } from '../main/core/bridge/router'
import { isAppUrl, type AppLocation } from '../main/core/bridge/trust'
import { connectIpc } from '../main/ipc-transport'
import { createFakeElectron, fakePreloadElectron } from '../main/testing/fake-electron'
import { exposeBridge } from './bridge'

const APP: AppLocation = { kind: 'file', rendererDir: '/opt/app/renderer' }

function page(frameUrl = 'file:///opt/app/renderer/index.html#/') {
  const electron = createFakeElectron({ userData: tmpdir() })
  const router = new BridgeRouter({ isTrustedSender: (url) => isAppUrl(url, APP) })
  router.handle('window:openMatch', () => ({ url: null }))
  connectIpc(electron, router)
  const preload = fakePreloadElectron(electron, new electron.BrowserWindow({}), frameUrl)
  exposeBridge(preload)
  return { router, preload, api: preload.contextBridge.exposed.get('oddsMonitor') as OddsMonitorApi }
}

describe('the preload bridge', () => {
  it('exposes only the typed bridge, under one name', () => {
    const { preload, api } = page()
    expect([...preload.contextBridge.exposed.keys()]).toEqual(['oddsMonitor'])
    expect(Object.keys(api).sort()).toEqual(['imageUrl', 'invoke', 'on'])
  })

  it('invokes a contract channel through main', async () => {
    const { api } = page()
    expect(await api.invoke('window:openMatch', { matchId: 3 })).toEqual({ ok: true, value: { url: null } })
  })

  it('refuses a channel outside the contract in the page (main has no handler: it would throw)', async () => {
    const { api } = page()
    const invoke = api.invoke as (channel: string, input?: unknown) => Promise<unknown>
    expect(await invoke('fs:read', '/etc/passwd')).toEqual({
      ok: false,
      error: { code: 'unknown_channel', message: 'unknown channel "fs:read"' },
    })
  })

  it('is refused by main when the page is not the app', async () => {
    const { api } = page('https://evil.example/')
    const answer = await api.invoke('window:openMatch', { matchId: 3 })
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
  })

  it('delivers contract events until unsubscribed, and refuses other event names', () => {
    const { api, router } = page()
    const seen: number[] = []
    const stop = api.on('app:focusMatch', ({ matchId }) => seen.push(matchId))
    router.emit('app:focusMatch', { matchId: 4 })
    stop()
    router.emit('app:focusMatch', { matchId: 5 })
    expect(seen).toEqual([4])
    const on = api.on as (channel: string, listener: () => void) => () => void
    expect(() => on('ipc:anything', () => {})).toThrow('unknown event channel "ipc:anything"')
  })

  it('builds team-image URLs for plain hashes only', () => {
    const { api } = page()
    expect(api.imageUrl('abc_1')).toBe('team-image://image/abc_1')
    expect(api.imageUrl('../secret')).toBe('')
  })
})
