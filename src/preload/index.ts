/**
 * Preload: exposes the bridge contract on `window.oddsMonitor` and nothing else. The only file in
 * the renderer's process that touches ipcRenderer. Channel names outside the contract are refused
 * here too, so the page cannot reach any other IPC channel.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { BRIDGE_GLOBAL, EVENT_CHANNELS, INVOKE_CHANNELS } from '../shared/bridge/channels'
import { teamImageUrl } from '../shared/team-images'

const invokeChannels: ReadonlySet<string> = new Set(INVOKE_CHANNELS)
const eventChannels: ReadonlySet<string> = new Set(EVENT_CHANNELS)

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, {
  invoke: (channel: string, input?: unknown) =>
    invokeChannels.has(channel)
      ? ipcRenderer.invoke(channel, input)
      : Promise.resolve({ ok: false, error: { code: 'unknown_channel', message: `unknown channel "${channel}"` } }),
  on: (channel: string, listener: (payload: unknown) => void) => {
    if (!eventChannels.has(channel)) throw new Error(`unknown event channel "${channel}"`)
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(channel, forward)
    return () => void ipcRenderer.removeListener(channel, forward)
  },
  imageUrl: teamImageUrl,
})
