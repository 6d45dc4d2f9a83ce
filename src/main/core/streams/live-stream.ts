/**
 * One live stream held open for as long as it is wanted: WebSocket first, the HTTP event stream
 * when WebSocket cannot connect, dead-socket detection, jittered exponential reconnects, a slot
 * from the shared connection bound, and the stream's health. Messages are parsed here and handed
 * to `decode`; malformed ones and unknown kinds are counted and skipped, never fatal, and a stream
 * that refuses most of its frames says so in its health (`not_understood`, feed-understanding.ts).
 *
 * Two silences, two answers. No sign of life at all (no message, no pong, no event-stream bytes)
 * for the stale limit: the socket is dead and is replaced (`stale`). Signs of life but no data
 * message (only WebSocket pongs or event-stream `:` comments) for the stale limit, on a feed that
 * promises a data message at least that often (`heartbeats`, the odds feed: wire/odds.ts A5): the
 * stream is `silent` — shown as not live, but not reconnected, since a reconnect would refetch
 * the REST snapshot every stale period and gain nothing the next data message would not. The
 * first data message makes it live again. A feed with no heartbeat (the data service) may be
 * quiet as long as it likes: its keep-alives keep it live.
 */
import type { LatencyWindow } from '../../../shared/latency-window'
import { parseJsonSafely, type SafeJson } from '../../../shared/safe-json'
import { REDACTED } from '../faults/secret-scrubber'
import type { FeedService, StreamHealth, StreamState, StreamTransport } from '../../../shared/health'
import { backoffDelay, type BackoffPolicy } from './backoff'
import { FeedUnderstanding } from './feed-understanding'
import type { FrameHistory, RecentFrames } from './frame-history'
import type { FrameTapPoint, TappedFrame, TappedStream } from './frame-tap'
import { RateMeter } from './rate-meter'
import type { SlotQueue } from './slots'
import { NETWORK_TRANSPORTS, type TransportConnection, type TransportEnd, type TransportOpeners } from './transports'

export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: 'malformed' | 'unknown_kind'; detail: string }

export interface LiveStreamOptions<T> {
  id: string
  service: FeedService
  kind: string
  /** The match this stream carries; null for a stream of every event (the data service's per-type streams). */
  matchId: number | null
  /** The sport of its match or matches, for the health model (absent: not said). */
  sport?: string
  /** Stream address without the token (`ws:`/`wss:`). */
  wsUrl: string
  /** The same stream as an HTTP event stream (`http:`/`https:`). */
  sseUrl: string
  token: string
  /** Sent with every connect besides the token (wire/keys.ts K4); they carry the key, so never shown. */
  headers?: Record<string, string>
  /** The subprotocol the WebSocket offers (none by default); a server that agrees to none is accepted. */
  wsSubprotocol?: string
  decode: (json: unknown) => Decoded<T>
  /**
   * A hand check of the commonest message: it passes only what `decode` accepts, exactly as
   * `decode` would return it, and only a parsed frame with no key beyond the ones it checks, so it
   * proves the frame free of forbidden keys. Such a frame skips the text scan (safe-json.ts) and
   * `decode`.
   */
  provenSafe?: (json: unknown) => json is T
  onMessage: (message: T, receivedAt: number) => void
  /**
   * The feed's own send time of an accepted message (epoch ms) from its parsed frame, null where it
   * carries none. Absent: the feed's messages carry no time, and the stream reports no lag.
   */
  sentAt?: (json: unknown) => number | null
  /** Where the lag of every timed message goes: the service's window over the last minute. */
  lag?: LatencyWindow
  /**
   * Every message refused (already counted in this stream's health as malformed or unknown kind):
   * for the log line, never a second count.
   */
  onRefused?: (reason: 'malformed' | 'unknown_kind', detail: string) => void
  /**
   * HTTP answers that mean "this address is not served here" rather than a fault to retry or a
   * refused key. When the event stream (tried after WebSocket) answers one, the stream stops,
   * closed, and says so once here; its owner decides what replaces it.
   */
  addressRefused?: { statuses: readonly number[]; onRefused(status: number): void }
  /** Every connect and reconnect, before any message of the new connection. */
  onConnected?: () => void
  onState?: (health: StreamHealth) => void
  slots: SlotQueue
  /**
   * A connection with no sign of life (message, pong, event-stream bytes) for this long is dead
   * and is replaced. A quiet stream that answers its pings stays live however long it is quiet.
   */
  staleAfterMs: number
  /**
   * The feed sends a data message (its own `heartbeat` at least) more often than `staleAfterMs`:
   * keep-alives alone for that long make the stream `silent` (see the header). Absent: never silent.
   */
  heartbeats?: boolean
  backoff: BackoffPolicy
  connectTimeoutMs?: number
  /** How a connection is opened (default: the network); a bench feeds recorded frames through it. */
  transports?: TransportOpeners
  /** Where raw frames go while a frame inspector is open (frame-tap.ts). */
  frames?: FrameTapPoint
  /** Where the stream keeps its last frames for the diagnostic bundle (frame-history.ts). */
  history?: FrameHistory
  clock?: () => number
  random?: () => number
}

/**
 * What the owner of a stream chooses; the rest (token, key headers, slots, timing, sinks) its engine
 * fills in. `marketplaceHost` is the host a marketplace key names for this stream (urls.ts).
 */
export type StreamSpec<T> = { marketplaceHost: string } & Pick<
  LiveStreamOptions<T>,
  | 'id'
  | 'service'
  | 'kind'
  | 'matchId'
  | 'sport'
  | 'wsUrl'
  | 'sseUrl'
  | 'wsSubprotocol'
  | 'decode'
  | 'provenSafe'
  | 'onMessage'
  | 'onConnected'
  | 'onRefused'
  | 'addressRefused'
>

/** How a stream reads frames: the part of its options `decodeParsed` needs. */
export type FrameReader<T> = Pick<LiveStreamOptions<T>, 'decode' | 'provenSafe'>

/** A frame parsed with the guard (or the fast path's proof), then decoded unless the fast path already took it. */
export function decodeParsed<T>(json: SafeJson, reader: FrameReader<T>): Decoded<T> {
  if (!json.ok) return { ok: false, reason: 'malformed', detail: json.detail }
  return json.proven ? { ok: true, value: json.value as T } : reader.decode(json.value)
}

function withToken(url: string, token: string): string {
  const u = new URL(url)
  u.searchParams.set('token', token)
  return u.toString()
}

export class LiveStream<T> {
  private state: StreamState = 'closed'
  private transport: StreamTransport | null = null
  private conn: TransportConnection | null = null
  private releaseSlot: (() => void) | null = null
  private retryTimer: NodeJS.Timeout | null = null
  private staleTimer: NodeJS.Timeout | null = null
  private retryAt: number | null = null
  private lastMessageAt: number | null = null
  /** Last message or other sign of life (pong, keep-alive): what says the socket is not dead. */
  private lastAliveAt = 0
  /** When the stale check last ran, to tell our own stall from the peer's silence. */
  private lastCheckAt = 0
  private lastError: string | null = null
  /** Failed attempts since the last connection that delivered a message. */
  private attempts = 0
  private reconnects = 0
  private malformed = 0
  private unknownKind = 0
  private lastLagMs: number | null = null
  private started = false
  private readonly rate: RateMeter
  private readonly understanding: FeedUnderstanding
  private readonly recent: RecentFrames | null
  private readonly clock: () => number
  private readonly frames: FrameTapPoint

  constructor(private readonly o: LiveStreamOptions<T>) {
    this.clock = o.clock ?? Date.now
    this.frames = o.frames ?? { tap: null }
    this.rate = new RateMeter(this.clock())
    this.understanding = new FeedUnderstanding(this.clock())
    this.recent =
      o.history?.ring({ id: o.id, service: o.service, kind: o.kind, matchId: o.matchId, url: o.wsUrl }) ?? null
  }

  start(): void {
    if (this.started) return
    this.started = true
    this.requestSlot()
  }

  close(): void {
    this.started = false
    this.teardown()
    this.setState('closed')
  }

  health(now = this.clock()): StreamHealth {
    // Only a connected stream can be judged on its words; any other state says more.
    const notUnderstood = this.state === 'live' ? this.understanding.state(now) : null
    return {
      id: this.o.id,
      service: this.o.service,
      kind: this.o.kind,
      matchId: this.o.matchId,
      sport: this.o.sport ?? null,
      state: notUnderstood ? 'not_understood' : this.state,
      transport: this.transport,
      retryAt: this.state === 'backing_off' ? this.retryAt : null,
      retryInMs: this.state === 'backing_off' && this.retryAt !== null ? Math.max(0, this.retryAt - now) : null,
      lastMessageAt: this.lastMessageAt,
      lastMessageAgeMs: this.lastMessageAt === null ? null : Math.max(0, now - this.lastMessageAt),
      reconnects: this.reconnects,
      messagesPerSec: this.rate.perSecond(now),
      malformed: this.malformed,
      unknownKind: this.unknownKind,
      lastError: this.lastError,
      lagMs: this.lastLagMs,
      notUnderstood,
    }
  }

  /** Where the connection is now (health() gives the whole picture). */
  get connectionState(): StreamState {
    return this.state
  }

  private requestSlot(): void {
    this.setState('queued')
    this.releaseSlot = this.o.slots.request(() => this.connect('ws'))
  }

  private connect(transport: StreamTransport): void {
    this.transport = transport
    this.setState('connecting')
    const handlers = {
      onOpen: () => this.opened(),
      onText: (text: string) => this.received(text),
      onAlive: () => {
        this.lastAliveAt = this.clock()
      },
      onRefused: (detail: string) => this.refusedBeforeText(detail),
      onEnd: (end: TransportEnd) => this.ended(end),
    }
    // Pinged three times per stale period: one lost pong is not yet a dead socket.
    const options = {
      connectTimeoutMs: this.o.connectTimeoutMs ?? 10_000,
      pingEveryMs: Math.max(5, Math.floor(this.o.staleAfterMs / 3)),
      headers: this.o.headers,
      ...(this.o.wsSubprotocol ? { subprotocol: this.o.wsSubprotocol } : {}),
    }
    const open = (this.o.transports ?? NETWORK_TRANSPORTS)[transport]
    this.conn = open(withToken(transport === 'ws' ? this.o.wsUrl : this.o.sseUrl, this.o.token), handlers, options)
  }

  private opened(): void {
    // Life is measured from the connect, so a server that accepts and then answers nothing is caught.
    this.lastMessageAt = this.clock()
    this.lastAliveAt = this.lastMessageAt
    this.lastCheckAt = this.lastMessageAt
    this.setState('live')
    const every = Math.max(5, Math.floor(this.o.staleAfterMs / 4))
    this.staleTimer = setInterval(() => this.checkStale(), every)
    this.staleTimer.unref()
    this.o.onConnected?.()
  }

  private received(text: string): void {
    const now = this.clock()
    this.lastMessageAt = now
    this.lastAliveAt = now
    this.rate.add(now)
    this.attempts = 0
    if (this.state === 'silent') this.setState('live')
    const json = parseJsonSafely(text, this.o.provenSafe)
    const value = json.ok ? json.value : undefined
    const decoded = decodeParsed(json, this.o)
    // The inspector's one check on the hot path: null unless an inspector is open.
    if (this.frames.tap !== null)
      this.tapFrame({
        text: this.redact(text),
        size: Buffer.byteLength(text),
        json: value,
        refused: decoded.ok ? null : { reason: decoded.reason, detail: decoded.detail },
        at: now,
      })
    if (!decoded.ok) {
      this.refuse(decoded.reason, decoded.detail, text)
      return
    }
    this.recent?.add(text, now, null)
    this.understanding.read(now)
    this.measureLag(value, now)
    this.o.onMessage(decoded.value, now)
  }

  private measureLag(json: unknown, receivedAt: number): void {
    const sentAt = this.o.sentAt?.(json) ?? null
    if (sentAt === null) return
    this.lastLagMs = receivedAt - sentAt
    this.o.lag?.record(this.lastLagMs, receivedAt)
  }

  /** A frame the transport refused before it became text (over the size cap). */
  private refusedBeforeText(detail: string): void {
    if (this.frames.tap !== null)
      this.tapFrame({
        text: null,
        size: null,
        json: undefined,
        refused: { reason: 'malformed', detail },
        at: this.clock(),
      })
    this.refuse('malformed', detail, null)
  }

  private tapFrame(frame: TappedFrame): void {
    const stream: TappedStream = {
      id: this.o.id,
      service: this.o.service,
      kind: this.o.kind,
      matchId: this.o.matchId,
      transport: this.transport ?? 'ws',
      url: this.transport === 'sse' ? this.o.sseUrl : this.o.wsUrl,
    }
    this.frames.tap?.frame(stream, frame)
  }

  /** `text`: the frame as it arrived (null: refused before it became text). */
  private refuse(reason: 'malformed' | 'unknown_kind', detail: string, text: string | null): void {
    if (reason === 'malformed') this.malformed++
    else this.unknownKind++
    // Refusals only (never a read frame): a parse error may quote the frame, and so its token.
    const words = `${reason === 'malformed' ? 'malformed' : 'unknown kind'}: ${this.redact(detail.slice(0, 200))}`
    const now = this.clock()
    this.recent?.add(text, now, words)
    this.understanding.refused(words, now)
    this.o.onRefused?.(reason, detail)
  }

  private checkStale(): void {
    if (this.state !== 'live' && this.state !== 'silent') return
    const now = this.clock()
    const sinceCheck = now - this.lastCheckAt
    this.lastCheckAt = now
    // This check ran late: the process itself was stalled (a GC pause, a starved CPU, a laptop
    // waking). Node runs due timers before it reads sockets, so a pong or message that arrived
    // during the stall is still unread: the silence is ours, not the peer's. Look again next time.
    if (sinceCheck > this.o.staleAfterMs / 2) return
    if (now - this.lastAliveAt < this.o.staleAfterMs) {
      if (this.o.heartbeats && this.lastMessageAt !== null && now - this.lastMessageAt >= this.o.staleAfterMs)
        this.setState('silent')
      return
    }
    this.setState('stale')
    this.lastError = `no answer for ${this.o.staleAfterMs} ms`
    this.teardown()
    this.scheduleRetry()
  }

  private ended(end: TransportEnd): void {
    const triedWs = this.transport === 'ws'
    this.teardown()
    const refused = end.status !== null && this.o.addressRefused?.statuses.includes(end.status) ? end.status : null
    if (end.kind === 'rejected' && refused === null) {
      this.lastError = `key rejected (${end.status})`
      this.setState('rejected')
      return
    }
    this.lastError = end.kind === 'rejected' ? `server answered ${end.status}` : this.redact(end.message)
    const opened = end.kind === 'failed' && end.opened
    if (triedWs && !opened) {
      // WebSocket could not connect at all: try the event stream on the same path right away.
      this.releaseSlot = this.o.slots.request(() => this.connect('sse'))
      return
    }
    if (refused !== null) {
      this.close()
      this.o.addressRefused?.onRefused(refused)
      return
    }
    this.scheduleRetry()
  }

  private scheduleRetry(): void {
    this.attempts++
    const delay = backoffDelay(this.attempts, this.o.backoff, this.o.random)
    this.retryAt = this.clock() + delay
    this.setState('backing_off')
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.reconnects++
      this.requestSlot()
    }, delay)
    this.retryTimer.unref()
  }

  /** Drops the connection, its timers and its slot; state is left to the caller. */
  private teardown(): void {
    this.conn?.close()
    this.conn = null
    if (this.staleTimer) clearInterval(this.staleTimer)
    this.staleTimer = null
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    this.releaseSlot?.()
    this.releaseSlot = null
  }

  /** Error text can echo a URL; the token must never reach health, logs or the bridge. */
  private redact(message: string): string {
    return this.o.token ? message.split(this.o.token).join(REDACTED) : message
  }

  private setState(state: StreamState): void {
    if (this.state === state) return
    this.state = state
    this.o.onState?.(this.health())
  }
}
