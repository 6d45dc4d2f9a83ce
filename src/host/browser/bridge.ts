/**
 * The headless host's stand-in for the Electron preload: defines `window.oddsMonitor` over a
 * WebSocket back to the host, with the same contract and the same refusals. The host serves this
 * file before the renderer's own script; the renderer cannot tell the two transports apart.
 */
import type { OddsMonitorApi } from '../../shared/bridge/api'
import { BRIDGE_GLOBAL, EVENT_CHANNELS, INVOKE_CHANNELS } from '../../shared/bridge/channels'
import type { BridgeResult } from '../../shared/bridge/result'
import { isValidImageHash, TEAM_IMAGE_PATH } from '../../shared/team-images'
import { BRIDGE_SOCKET_PATH, type HostToPage, type PageNotification, type PageToHost } from '../protocol'

const invokeChannels: ReadonlySet<string> = new Set(INVOKE_CHANNELS)
const eventChannels: ReadonlySet<string> = new Set(EVENT_CHANNELS)
const pending = new Map<number, (result: BridgeResult<unknown>) => void>()
const listeners = new Map<string, Set<(payload: unknown) => void>>()
const outbox: string[] = []
let nextId = 1

const token = new URLSearchParams(location.search).get('token') ?? ''
const socket = new WebSocket(
  `${location.origin.replace(/^http/, 'ws')}${BRIDGE_SOCKET_PATH}?token=${encodeURIComponent(token)}`,
)

socket.addEventListener('open', () => {
  for (const message of outbox.splice(0)) socket.send(message)
})
socket.addEventListener('message', (event: MessageEvent<string>) => {
  const message = JSON.parse(event.data) as HostToPage
  if ('id' in message) {
    pending.get(message.id)?.(message.result)
    pending.delete(message.id)
  } else if ('notify' in message) {
    showNotification(message.notify)
  } else {
    for (const listener of listeners.get(message.event) ?? []) listener(message.payload)
  }
})

/**
 * The browser's Notification API stands in for the desktop's: the host's notifier port sends
 * `notify`, a click goes back to the host, which brings the match forward like Electron does.
 */
function showNotification({ title, body, matchId }: PageNotification): void {
  if (typeof Notification === 'undefined') return
  const show = () => {
    const notification = new Notification(title, { body, tag: `match-${matchId}` })
    notification.onclick = () => {
      window.focus()
      send({ notificationClicked: { matchId } })
    }
  }
  if (Notification.permission === 'granted') show()
  else if (Notification.permission !== 'denied')
    void Notification.requestPermission().then((p) => p === 'granted' && show())
}
socket.addEventListener('close', () => {
  for (const resolve of pending.values()) {
    resolve({ ok: false, error: { code: 'not_available', message: 'lost the connection to the host' } })
  }
  pending.clear()
})

function send(message: PageToHost): void {
  const text = JSON.stringify(message)
  if (socket.readyState === WebSocket.OPEN) socket.send(text)
  else outbox.push(text)
}

const api = {
  invoke: (channel: string, input?: unknown) => {
    if (!invokeChannels.has(channel)) {
      return Promise.resolve({ ok: false, error: { code: 'unknown_channel', message: `unknown channel "${channel}"` } })
    }
    return new Promise<BridgeResult<unknown>>((resolve) => {
      const id = nextId++
      pending.set(id, resolve)
      send({ id, channel, input })
    })
  },
  on: (channel: string, listener: (payload: unknown) => void) => {
    if (!eventChannels.has(channel)) throw new Error(`unknown event channel "${channel}"`)
    const set = listeners.get(channel) ?? new Set()
    listeners.set(channel, set)
    set.add(listener)
    return () => void set.delete(listener)
  },
  imageUrl: (hash: string) => (isValidImageHash(hash) ? `${TEAM_IMAGE_PATH}${hash}` : ''),
} as unknown as OddsMonitorApi

Object.defineProperty(window, BRIDGE_GLOBAL, { value: Object.freeze(api), writable: false })
