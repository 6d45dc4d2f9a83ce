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

/** Why the app cannot be reached now (see store/connection-store.ts); null while it can. */
let unreachable: string | null = null
/** The calls waiting for an answer, by the function that fails one. */
const waiting = new Set<(error: BridgeCallError) => void>()

function disconnected(reason: string): BridgeCallError {
  return new BridgeCallError({ code: 'disconnected', message: `connection to the app lost (${reason}): not sent` })
}

/**
 * Marks the app unreachable (with the reason) or reachable again (null). Going unreachable fails
 * every call still waiting: an answer may never come, and a trader must not watch "Sending…" forever.
 */
export function setAppReachable(reason: string | null): void {
  unreachable = reason
  if (reason === null) return
  const error = new BridgeCallError({
    code: 'disconnected',
    message: `connection to the app lost (${reason}): the action may or may not have been done`,
  })
  for (const fail of waiting) fail(error)
  waiting.clear()
}

/** Invokes a channel and returns its value; a typed bridge error becomes a BridgeCallError. */
export async function call<C extends InvokeChannel>(
  channel: C,
  ...input: InvokeInput<C> extends undefined ? [] : [InvokeInput<C>]
): Promise<InvokeOutput<C>> {
  if (unreachable !== null) throw disconnected(unreachable)
  const result = await new Promise<Awaited<ReturnType<typeof window.oddsMonitor.invoke<C>>>>((resolve, reject) => {
    waiting.add(reject)
    window.oddsMonitor
      .invoke(channel, ...input)
      .then(resolve, reject)
      .finally(() => waiting.delete(reject))
  })
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
