/**
 * The renderer's only door to main: the typed API a host put on `window` (the Electron preload or
 * the headless host's script). The renderer never knows which transport is underneath.
 */
import type { OddsMonitorApi } from '../../shared/bridge/api'
import type { EventChannel, InvokeChannel } from '../../shared/bridge/channels'
import type { EventPayload, InvokeInput, InvokeOutput } from '../../shared/bridge/contract'
import type { BridgeError } from '../../shared/bridge/result'

declare global {
  interface Window {
    oddsMonitor: OddsMonitorApi
  }
}

export class BridgeCallError extends Error {
  constructor(readonly error: BridgeError) {
    super(error.message)
    this.name = 'BridgeCallError'
  }
}

/** Invokes a channel and returns its value; a typed bridge error becomes a BridgeCallError. */
export async function call<C extends InvokeChannel>(
  channel: C,
  ...input: InvokeInput<C> extends undefined ? [] : [InvokeInput<C>]
): Promise<InvokeOutput<C>> {
  const result = await window.oddsMonitor.invoke(channel, ...input)
  if (!result.ok) throw new BridgeCallError(result.error)
  return result.value
}

export function subscribe<C extends EventChannel>(
  channel: C,
  listener: (payload: EventPayload<C>) => void,
): () => void {
  return window.oddsMonitor.on(channel, listener)
}

/** URL of a cached team image, or '' for a hash that is not of the accepted shape (show a placeholder). */
export function imageUrl(hashImage: string | null): string {
  return hashImage ? window.oddsMonitor.imageUrl(hashImage) : ''
}
