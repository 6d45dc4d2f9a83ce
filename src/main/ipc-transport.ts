/**
 * The Electron transport of the bridge: the only file in main that touches ipcMain. It forwards
 * every contract channel to the router with the sender frame's URL (the router refuses a sender
 * outside the app and input that fails its schema, with a typed error), and sends events to every
 * window. What the channels mean lives in the core.
 */
import { INVOKE_CHANNELS } from '../shared/bridge/channels'
import type { BridgeRouter } from './core/bridge/router'
import type { ElectronApi } from './electron-api'

export function connectIpc(
  electron: Pick<ElectronApi, 'ipcMain' | 'BrowserWindow'>,
  router: BridgeRouter | Promise<BridgeRouter>,
): () => void {
  const { ipcMain, BrowserWindow } = electron
  // The main window loads while the core starts (main-process.ts): a call it makes meanwhile waits
  // for the router, rather than failing for want of a handler.
  const ready = Promise.resolve(router)
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, async (event, input) =>
      (await ready).dispatch(channel, input, { url: event.senderFrame?.url ?? '' }),
    )
  }
  let removeSink = () => {}
  let disconnected = false
  const attach = (up: BridgeRouter) => {
    if (disconnected) return
    removeSink = up.addSink((channel, payload) => {
      for (const window of BrowserWindow.getAllWindows()) {
        if (!window.isDestroyed()) window.webContents.send(channel, payload)
      }
    })
  }
  // A core that did not start is main-process.ts's to report.
  if (router instanceof Promise) router.then(attach, () => undefined)
  else attach(router)
  return () => {
    disconnected = true
    removeSink()
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel)
  }
}
