/**
 * The Electron transport of the bridge: the only file in main that touches ipcMain. It forwards
 * every contract channel to the router with the sender frame's URL, and sends events to every
 * window. What the channels mean lives in the core.
 */
import { BrowserWindow, ipcMain } from 'electron'
import { INVOKE_CHANNELS } from '../shared/bridge/channels'
import type { BridgeRouter } from './core/bridge/router'

export function connectIpc(router: BridgeRouter): () => void {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, (event, input: unknown) =>
      router.dispatch(channel, input, { url: event.senderFrame?.url ?? '' }),
    )
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
