/** The API the renderer sees on `window.oddsMonitor`, whichever transport is underneath. */
import type { EventChannel, InvokeChannel } from './channels'
import type { EventPayload, InvokeInput, InvokeOutput } from './contract'
import type { BridgeResult } from './result'

export interface OddsMonitorApi {
  invoke<C extends InvokeChannel>(
    channel: C,
    ...input: InvokeInput<C> extends undefined ? [] : [InvokeInput<C>]
  ): Promise<BridgeResult<InvokeOutput<C>>>
  /** Subscribes to an event channel; returns the function that unsubscribes. */
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void
  /** Where the page loads a team image from (a custom protocol in Electron, a path in the browser host). */
  imageUrl(hashImage: string): string
}
