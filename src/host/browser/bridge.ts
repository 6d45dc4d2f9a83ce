/**
 * The headless host's stand-in for the Electron preload: defines `window.oddsMonitor` over a
 * WebSocket back to the host, with the same contract and the same refusals. The host serves this
 * file before the renderer's own script; the renderer cannot tell the two transports apart. When
 * the socket closes (host stopped or restarting) it fails what is pending, says so on
 * `bridge:connection`, and reconnects with the same token until the host is back.
 */
import type { OddsMonitorApi } from '../../shared/bridge/api'
import { BRIDGE_GLOBAL, EVENT_CHANNELS, INVOKE_CHANNELS } from '../../shared/bridge/channels'
import type { BridgeResult } from '../../shared/bridge/result'
import { isValidImageHash, TEAM_IMAGE_PATH } from '../../shared/team-images'
import { BRIDGE_SOCKET_PATH, type HostToPage, type PageNotification, type PageToHost } from '../protocol'
import { installNavigationGuard } from './navigation-guard'

const invokeChannels: ReadonlySet<string> = new Set(INVOKE_CHANNELS)
const eventChannels: ReadonlySet<string> = new Set(EVENT_CHANNELS)
const pending = new Map<number, (result: BridgeResult<unknown>) => void>()
const listeners = new Map<string, Set<(payload: unknown) => void>>()
/** Requests made before the first connection opens; once connected, a closed socket fails them at once. */
const outbox: string[] = []
let nextId = 1

const token = new URLSearchParams(location.search).get('token') ?? ''
const socketUrl = `${location.origin.replace(/^http/, 'ws')}${BRIDGE_SOCKET_PATH}?token=${encodeURIComponent(token)}`
/** Reconnect back-off: quick at first (a restart takes a second or two), then every few seconds. */
const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 4000]
let socket: WebSocket
let everOpened = false
let lost = false
let attempts = 0

function connect(): void {
  socket = new WebSocket(socketUrl)
  socket.addEventListener('open', () => {
    everOpened = true
    attempts = 0
    for (const message of outbox.splice(0)) socket.send(message)
    if (lost) {
      lost = false
      emit('bridge:connection', { connected: true, reason: null })
    }
  })
  socket.addEventListener('message', (event: MessageEvent<string>) => receive(JSON.parse(event.data) as HostToPage))
  socket.addEventListener('close', () => {
    // The host is gone (stopped, crashed, restarting): nothing sent will be answered.
    const error = { code: 'disconnected', message: 'lost the connection to the app' } as const
    for (const resolve of pending.values()) resolve({ ok: false, error })
    pending.clear()
    outbox.length = 0
    if (!lost) {
      lost = true
      emit('bridge:connection', { connected: false, reason: 'the app closed the connection' })
    }
    const delay = RECONNECT_DELAYS_MS[Math.min(attempts++, RECONNECT_DELAYS_MS.length - 1)]
    setTimeout(connect, delay)
  })
}

function receive(message: HostToPage): void {
  if ('id' in message) {
    pending.get(message.id)?.(message.result)
    pending.delete(message.id)
  } else if ('notify' in message) {
    showNotification(message.notify)
  } else {
    emit(message.event, message.payload)
  }
}

function emit(channel: string, payload: unknown): void {
  for (const listener of listeners.get(channel) ?? []) listener(payload)
}

/**
 * The browser's Notification API stands in for the desktop's: the host's notifier port sends
 * `notify`, a click goes back to the host, which brings the match forward like Electron does.
 * Only once the trader allowed it (the page's "Enable notifications"): asked without a click,
 * browsers deny the permission for good. The alert is on the page either way.
 */
function showNotification({ title, body, matchId }: PageNotification): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
  const notification = new Notification(title, { body, tag: `match-${matchId}` })
  notification.onclick = () => {
    window.focus()
    send({ notificationClicked: { matchId } })
  }
}

/** False when the request cannot be sent: the connection was lost and is not back yet. */
function send(message: PageToHost): boolean {
  const text = JSON.stringify(message)
  if (socket.readyState === WebSocket.OPEN) socket.send(text)
  else if (everOpened) return false
  else outbox.push(text)
  return true
}

const api = {
  invoke: (channel: string, input?: unknown) => {
    if (!invokeChannels.has(channel)) {
      return Promise.resolve({ ok: false, error: { code: 'unknown_channel', message: `unknown channel "${channel}"` } })
    }
    return new Promise<BridgeResult<unknown>>((resolve) => {
      const id = nextId++
      if (send({ id, channel, input })) pending.set(id, resolve)
      else resolve({ ok: false, error: { code: 'disconnected', message: 'not connected to the app' } })
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
installNavigationGuard()
connect()
