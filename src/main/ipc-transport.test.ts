/** The Electron transport against the typed fake of Electron, with the real bridge router. */
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { INVOKE_CHANNELS } from '../shared/bridge/channels'
import { BridgeRouter } from './core/bridge/router'
import { isAppUrl, type AppLocation } from './core/bridge/trust'
import { connectIpc } from './ipc-transport'
import { createFakeElectron } from './testing/fake-electron'

const APP: AppLocation = { kind: 'file', rendererDir: '/opt/app/renderer' }
const APP_FRAME = 'file:///opt/app/renderer/index.html#/'

function connected() {
  const electron = createFakeElectron({ userData: tmpdir() })
  const router = new BridgeRouter({ isTrustedSender: (url) => isAppUrl(url, APP) })
  const opened: number[] = []
  router.handle('window:openMatch', ({ matchId }) => {
    opened.push(matchId)
    return { url: null }
  })
  const disconnect = connectIpc(electron, router)
  return { electron, router, opened, disconnect }
}

describe('connectIpc', () => {
  it('serves every contract channel and answers a request from the app', async () => {
    const { electron, opened } = connected()
    expect(electron.ipcMain.channels().sort()).toEqual([...INVOKE_CHANNELS].sort())
    expect(await electron.ipcMain.invoke('window:openMatch', { matchId: 12 }, APP_FRAME)).toEqual({
      ok: true,
      value: { url: null },
    })
    expect(opened).toEqual([12])
  })

  it('refuses a sender outside the app with a typed error, and never runs the handler', async () => {
    const { electron, opened } = connected()
    for (const frame of ['https://evil.example/', 'file:///tmp/evil.html', 'about:blank', '', null]) {
      expect(await electron.ipcMain.invoke('window:openMatch', { matchId: 12 }, frame), String(frame)).toEqual({
        ok: false,
        error: { code: 'forbidden_sender', message: 'request refused: it did not come from the app' },
      })
    }
    expect(opened).toEqual([])
  })

  it('refuses bad input with a typed error, never a throw', async () => {
    const { electron, opened } = connected()
    for (const input of [{ matchId: '12' }, { matchId: 1.5 }, { matchId: 12, extra: 1 }, null, 'x']) {
      const answer = (await electron.ipcMain.invoke('window:openMatch', input, APP_FRAME)) as {
        ok: boolean
        error: { code: string }
      }
      expect(answer.ok, JSON.stringify(input)).toBe(false)
      expect(answer.error.code).toBe('invalid_input')
    }
    expect(opened).toEqual([])
  })

  it('sends events to every open window', () => {
    const { electron, router } = connected()
    const [first, second, closed] = [0, 1, 2].map(() => new electron.BrowserWindow({}))
    closed!.close()
    router.emit('app:focusMatch', { matchId: 7 })
    expect(first!.webContents.sent).toEqual([{ channel: 'app:focusMatch', args: [{ matchId: 7 }] }])
    expect(second!.webContents.sent).toEqual([{ channel: 'app:focusMatch', args: [{ matchId: 7 }] }])
    expect(closed!.webContents.sent).toEqual([])
  })

  it('disconnects: no handler left, no event sent', async () => {
    const { electron, router, disconnect } = connected()
    const window = new electron.BrowserWindow({})
    disconnect()
    expect(electron.ipcMain.channels()).toEqual([])
    await expect(electron.ipcMain.invoke('window:openMatch', { matchId: 1 }, APP_FRAME)).rejects.toThrow(
      /No handler registered/,
    )
    router.emit('app:focusMatch', { matchId: 7 })
    expect(window.webContents.sent).toEqual([])
  })
})
