/** Messages between the headless host and its page script: requests, answers and events. */
import type { BridgeResult } from '../shared/bridge/result'

export const BRIDGE_SOCKET_PATH = '/__host/bridge'
export const BRIDGE_SCRIPT_PATH = '/__host/bridge.js'

/** Host-only traffic (not part of the bridge contract): system notifications, which the page shows. */
export interface PageNotification {
  title: string
  body: string
  matchId: number
}

export type PageToHost = { id: number; channel: string; input: unknown } | { notificationClicked: { matchId: number } }
export type HostToPage =
  { id: number; result: BridgeResult<unknown> } | { event: string; payload: unknown } | { notify: PageNotification }
