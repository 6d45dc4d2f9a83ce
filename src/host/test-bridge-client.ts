/**
 * A test's own page over real sockets: connects to a running browser host's bridge WebSocket the
 * way the page script does (token, same Origin), invokes channels and records every event.
 * Shared by the host's tests and `npm run bench -- hostile-probes`.
 */
import WebSocket from 'ws'
import type { InvokeChannel } from '../shared/bridge/channels'
import type { BridgeResult } from '../shared/bridge/result'
import { BRIDGE_SOCKET_PATH, type HostToPage } from './protocol'

export interface BridgeClient {
  events: Array<{ event: string; payload: unknown }>
  /** Bytes of every message received so far. */
  receivedBytes(): number
  /** Stops reading the socket, as a hung tab does (the host's writes back up), and starts again. */
  freeze(): void
  thaw(): void
  /** Resolves when the host closed the socket. */
  closed: Promise<void>
  invoke<T = unknown>(channel: InvokeChannel, input?: unknown): Promise<T>
  close(): void
}

/** The bridge socket, opened as the page opens it (the door passed). */
async function openBridgeSocket(origin: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}${BRIDGE_SOCKET_PATH}?token=${token}`, { origin })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return ws
}

/**
 * A socket of the page's own making, the door passed, for a caller that sends whatever it likes;
 * the host closing it mid-send is what such a caller expects, so its errors are let go.
 */
export async function openHostileSocket(origin: string, token: string): Promise<WebSocket> {
  const ws = await openBridgeSocket(origin, token)
  ws.on('error', () => undefined)
  return ws
}

export async function connectBridge(origin: string, token: string): Promise<BridgeClient> {
  const ws = await openBridgeSocket(origin, token)
  const events: BridgeClient['events'] = []
  let received = 0
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()))
  const pending = new Map<number, (result: BridgeResult<unknown>) => void>()
  ws.on('message', (data) => {
    received += (data as Buffer).length
    const message = JSON.parse(String(data)) as HostToPage
    if ('event' in message) events.push(message)
    else if ('id' in message) pending.get(message.id)?.(message.result)
  })
  let nextId = 1
  return {
    events,
    receivedBytes: () => received,
    freeze: () => ws.pause(),
    thaw: () => ws.resume(),
    closed,
    async invoke<T>(channel: InvokeChannel, input?: unknown): Promise<T> {
      const id = nextId++
      const answer = new Promise<BridgeResult<unknown>>((resolve) => pending.set(id, resolve))
      ws.send(JSON.stringify({ id, channel, input }))
      const result = await answer
      if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
      return result.value as T
    },
    close: () => ws.close(),
  }
}

/** Watches up to `limit` of the demo feed's live matches, in the active watchlist; answers them. */
export async function watchLive(bridge: BridgeClient, limit: number): Promise<Array<{ matchId: number }>> {
  const mode = await bridge.invoke<{ sport: string }>('feed:mode')
  const live = await bridge.invoke<{ matches: Array<{ matchId: number }> }>('discover:matches', {
    mode: 'live',
    sport: mode.sport,
    limit,
  })
  const { activeId } = await bridge.invoke<{ activeId: string }>('watchlists:get')
  for (const match of live.matches) await bridge.invoke('watchlists:command', { op: 'addMatch', id: activeId, match })
  return live.matches
}
