/**
 * The bridge on `window.oddsMonitor`, built from the contract's channel names over ipcRenderer, and
 * nothing else. Channel names outside the contract are refused here too, so the page cannot reach
 * any other IPC channel. Electron is handed in (index.ts passes the real one, tests the typed fake).
 */
import type { ContextBridge, IpcRenderer } from 'electron'
import { BRIDGE_GLOBAL, EVENT_CHANNELS, INVOKE_CHANNELS } from '../shared/bridge/channels'
import { teamImageUrl } from '../shared/team-images'

type IpcListener = (event: unknown, payload: unknown) => void

/** The part of Electron's preload API this uses, with Electron's own method types. */
export interface PreloadElectron {
  contextBridge: Pick<ContextBridge, 'exposeInMainWorld'>
  ipcRenderer: Pick<IpcRenderer, 'invoke'> & {
    on(channel: string, listener: IpcListener): unknown
    removeListener(channel: string, listener: IpcListener): unknown
  }
}

const invokeChannels: ReadonlySet<string> = new Set(INVOKE_CHANNELS)
const eventChannels: ReadonlySet<string> = new Set(EVENT_CHANNELS)

export function exposeBridge({ contextBridge, ipcRenderer }: PreloadElectron): void {
  contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, {
    invoke: (channel: string, input?: unknown) =>
      invokeChannels.has(channel)
        ? ipcRenderer.invoke(channel, input)
        : Promise.resolve({ ok: false, error: { code: 'unknown_channel', message: `unknown channel "${channel}"` } }),
    on: (channel: string, listener: (payload: unknown) => void) => {
      if (!eventChannels.has(channel)) throw new Error(`unknown event channel "${channel}"`)
      const forward: IpcListener = (_event, payload) => listener(payload)
      ipcRenderer.on(channel, forward)
      return () => void ipcRenderer.removeListener(channel, forward)
    },
    imageUrl: teamImageUrl,
  })
}
