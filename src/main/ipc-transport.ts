/**
 * The Electron transport of the bridge: the only file in main that touches ipcMain. It forwards
 * every contract channel to the router with the sender frame's URL (the router refuses a sender
 * outside the app and input that fails its schema, with a typed error), and sends events to every
 * window. What the channels mean lives in the core.
 */
import { INVOKE_CHANNELS } from '../shared/bridge/channels'
import type { BridgeRouter } from './core/bridge/router'
import type { ElectronApi } from './electron-api'

export function connectIpc(electron: Pick<ElectronApi, 'ipcMain' | 'BrowserWindow'>, router: BridgeRouter): () => void {
  const { ipcMain, BrowserWindow } = electron
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, (event, input) => router.dispatch(channel, input, { url: event.senderFrame?.url ?? '' }))
  }
  const removeSink = router.addSink((channel, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed()) window.webContents.send(channel, payload)
    }
  })
  return () => {
    removeSink()
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel)
  }
}
