/**
 * The watch engine: for every watched match it holds the odds streams (updates, overrides), and
 * for the desk the data service's live streams (desk-data-streams.ts); it merges REST snapshot +
 * deltas into one price state that converges to the server's after any loss, fills each match
 * header from REST (rest-headers.ts) and live data, and feeds three consumers at their own pace:
 * the cache and the alert rules (every tick / change / override, once per event-loop turn), and
 * the board (one patch per conflation interval).
 */
import {
  blankHeader,
  type BoardPatch,
  type MatchBoard,
  type MatchHeader,
  type MatchHeaderPatch,
  type MatchLayout,
} from '../../../shared/board'
import { MatchStatusType, type FeedName, type OverrideEvent } from '../../../shared/domain'
import { DEFAULT_SETTINGS } from '../../../shared/settings'
import { scoreSide, type LiveDataType, type MatchRecord } from '../../../shared/wire/data-service'
import { LatencyWindow } from '../../../shared/latency-window'
import { streamKeyHeaders, type KeyStyle } from '../../../shared/wire/keys'
import { MatchPricesWire, oddsSendTime, type OverrideMessage, type UpdatesMessage } from '../../../shared/wire/odds'
import {
  summarizeService,
  type FeedHealth,
  type FeedLag,
  type FeedService,
  type StreamHealth,
  type StreamState,
} from '../../../shared/health'
import type { MatchStatusChange } from '../alerts/ports'
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from '../streams/backoff'
import type { FrameTapPoint } from '../streams/frame-tap'
import type { FrameHistory } from '../streams/frame-history'
import { LiveStream, type FrameReader, type StreamSpec } from '../streams/live-stream'
import { SlotQueue } from '../streams/slots'
import type { TransportOpeners } from '../streams/transports'
import { oddsStreamAddress, type LiveEndpoints } from '../streams/urls'
import { BoardBatcher } from './board-batcher'
import type { DataLiveUpdate } from './data-live'
import { DeskDataStreams } from './desk-data-streams'
import { RestHeaders, restHeaderPatch, type MatchRecordFetcher } from './rest-headers'
import { FeedBatch, type FeedSinks } from './feed-batch'
import { readMatchClock } from './match-clock'
import { OVERRIDES_READER, UPDATES_READER } from './odds-readers'
import { PriceBook, type BookListener, type OutcomeState } from './price-book'
import type { OwnOverrides } from './own-overrides'
import { SnapshotSync } from './snapshot-sync'

export interface WatchSinks extends FeedSinks {
  onPatch?(patch: BoardPatch): void
  onMatchStatus?(change: MatchStatusChange): void
  /** Every stream state transition (for a pushed health view; `health()` gives the whole picture). */
  onStreamState?(health: StreamHealth): void
  /** A stream message refused (counted in that stream's health already): for the log. */
  onStreamRefused?(streamId: string, reason: 'malformed' | 'unknown_kind', detail: string): void
}

export type SnapshotFetcher = (sport: string, matchId: number, signal: AbortSignal) => Promise<unknown>

export interface WatchEngineOptions {
  /** The feed these endpoints serve: every override event says which feed's match it is about. */
  feed: FeedName
  endpoints: LiveEndpoints
  /** Stream tokens per service (query `token=`); never logged or put into health text. */
  keys: { odds: string; data: string }
  /** How each service's key is sent (wire/keys.ts K4); default bearer (the token alone). */
  keyStyles?: { odds: KeyStyle; data: KeyStyle }
  /** The REST snapshot (GET /bookmaker/{id}/{sport}/{matchId}); parsed here with MatchPricesWire. */
  fetchSnapshot: SnapshotFetcher
  /**
   * Data-service match records, to fill a newly watched match's header at once (rest-headers.ts);
   * without it only the live streams fill it.
   */
  fetchMatchRecords?: MatchRecordFetcher
  /** Least time between two asks for one match's record (rest-headers.ts; default 10 s, the documented refresh). */
  recordRefreshMs?: number
  sinks: WatchSinks
  conflationMs?: number
  /** No message for this long → stale → reconnect (the feed heartbeats every 5 s). */
  staleAfterMs?: number
  /** Bound on open stream connections; streams beyond it wait their turn. */
  maxConnections?: number
  backoff?: BackoffPolicy
  /** The data service's live types the desk follows (default all); [] for none. */
  dataLiveTypes?: readonly LiveDataType[]
  /** Tape entries per patch; the rest are counted in `tapeDropped`. */
  maxTapePerPatch?: number
  clock?: () => number
  /** How streams connect (default: the network); lets a bench replay frames with no socket. */
  transports?: TransportOpeners
  /** Where every stream hands its raw frames while a frame inspector is open. */
  frames?: FrameTapPoint
  /** Where every stream keeps its last frames for the diagnostic bundle. */
  history?: FrameHistory
  /** The overrides this app asked for, to mark the events that answer them as the trader's own. */
  ownOverrides?: Pick<OwnOverrides, 'claim'>
}

export interface WatchTarget {
  sport: string
  matchId: number
}

type SeqMessage = Exclude<UpdatesMessage, { type: 'heartbeat' }>

interface Watched {
  sport: string
  matchId: number
  book: PriceBook
  sync: SnapshotSync<SeqMessage>
  /** Override events received while a snapshot is pending; applied after it (they are absolute). */
  heldOverrides: OverrideEvent[]
  header: MatchHeader
  /** The teams' ids from the match's /matches record (null before it came): whose score a team id is (D10). */
  teamIds: { home: number | null; away: number | null } | null
  /** A live score message named no side: the next record's score replaces the header's (D10). */
  scoreFromRecord: boolean
  streams: Array<LiveStream<unknown>>
  fetch: AbortController | null
  /** A (re)connect happened while a fetch was under way: fetch again once it lands. */
  refetch: boolean
  /** A connect waiting for the match's other odds stream before fetching (CONNECT_JOIN_MS). */
  joinWait: NodeJS.Timeout | null
  fetchFailures: number
  fetchRetry: NodeJS.Timeout | null
}

function toOverrideEvent(m: OverrideMessage, receivedTs: number, feed: FeedName): OverrideEvent {
  return {
    feed,
    matchId: m.matchId,
    oddType: m.oddType,
    oddKey: m.oddKey,
    action: m.action,
    oddValue: m.oddValue,
    previousValue: m.previousValue,
    suspended: m.suspended,
    durationSeconds: m.durationSeconds,
    setAt: Date.parse(m.setAt),
    expiresAt: Date.parse(m.expiresAt),
    serverTs: m.ts,
    receivedTs,
    own: false,
  }
}

const OVERRIDE_SWEEP_MS = 1000

/**
 * How long a connect waits for its match's other odds stream, while that one is on its way
 * (queued, connecting or backing off), before fetching the snapshot alone: the two streams of a
 * match reconnect a jittered ~0.25–0.5 s apart after a common drop (backoff.ts), and one snapshot
 * fetched after both connects serves both. Past this wait the other's connect fetches again.
 */
const CONNECT_JOIN_MS = 2000
const ON_ITS_WAY: ReadonlySet<StreamState> = new Set(['queued', 'connecting', 'backing_off'])

export class WatchEngine {
  private readonly watched = new Map<number, Watched>()
  private readonly slots: SlotQueue
  private readonly feed: FeedBatch
  private readonly board: BoardBatcher<OutcomeState>
  private readonly listener: BookListener
  private readonly clock: () => number
  private readonly sweep: NodeJS.Timeout
  private readonly data: DeskDataStreams
  private readonly headers: RestHeaders | null
  /** Lag of every odds message over the last minute (the data service's messages carry no time). */
  private readonly oddsLag = new LatencyWindow()
  private closed = false

  constructor(private readonly o: WatchEngineOptions) {
    this.clock = o.clock ?? Date.now
    this.slots = new SlotQueue(o.maxConnections ?? 120)
    this.feed = new FeedBatch(o.sinks)
    this.board = new BoardBatcher(
      {
        cell: (outcome, matchId) => this.watched.get(matchId)?.book.cell(outcome),
        layout: (matchId) => this.watched.get(matchId)?.book.layout(),
        board: (matchId) => this.state(matchId),
      },
      (patch) => o.sinks.onPatch?.(patch),
      o.conflationMs ?? DEFAULT_SETTINGS.conflationMs,
      o.maxTapePerPatch ?? 2000,
      this.clock,
    )
    this.listener = {
      tick: (t) => this.feed.tick(t),
      change: (c) => {
        this.feed.change(c)
        if (!c.resync) this.board.change(c)
      },
      cell: (matchId, outcome) => {
        const w = this.watched.get(matchId)
        if (w && !w.sync.isSyncing) this.board.cell(outcome.id, matchId, outcome)
      },
      layout: (matchId) => {
        if (!this.watched.get(matchId)?.sync.isSyncing) this.board.layout(matchId)
      },
    }
    this.sweep = setInterval(() => this.expireOverrides(), OVERRIDE_SWEEP_MS)
    this.sweep.unref()
    this.data = new DeskDataStreams({
      endpoints: o.endpoints,
      ...(o.dataLiveTypes ? { types: o.dataLiveTypes } : {}),
      open: (spec) => this.openStream(spec),
      onUpdate: (sport, update) => {
        const w = this.watched.get(update.matchId)
        if (w?.sport === sport) this.onData(w, update)
      },
    })
    this.headers = o.fetchMatchRecords
      ? new RestHeaders({
          fetch: o.fetchMatchRecords,
          isWatched: (sport, matchId) => this.watched.get(matchId)?.sport === sport,
          onRecord: (_sport, record) => {
            const w = this.watched.get(record.id)
            if (w) this.fillHeaderFromRest(w, record)
          },
          ...(o.backoff ? { backoff: o.backoff } : {}),
          ...(o.recordRefreshMs !== undefined ? { refreshMs: o.recordRefreshMs } : {}),
          clock: this.clock,
        })
      : null
  }

  watch(sport: string, matchId: number): void {
    if (this.closed) return
    const existing = this.watched.get(matchId)
    if (existing?.sport === sport) return
    if (existing) this.unwatch(matchId)
    const w: Watched = {
      sport,
      matchId,
      book: new PriceBook(matchId, this.listener),
      sync: new SnapshotSync(),
      heldOverrides: [],
      header: blankHeader(matchId, sport),
      teamIds: null,
      scoreFromRecord: false,
      streams: [],
      fetch: null,
      refetch: false,
      joinWait: null,
      fetchFailures: 0,
      fetchRetry: null,
    }
    this.watched.set(matchId, w)
    w.streams.push(
      this.oddsStream(w, 'updates', UPDATES_READER, (m, at) => this.onUpdate(w, m, at)),
      this.oddsStream(w, 'overrides', OVERRIDES_READER, (m, at) => this.onOverride(w, m, at)),
    )
    this.board.board(matchId)
    for (const s of w.streams) s.start()
    this.data.watch(sport, matchId)
    this.headers?.request(sport, matchId)
  }

  unwatch(matchId: number): void {
    const w = this.watched.get(matchId)
    if (!w) return
    this.watched.delete(matchId)
    for (const s of w.streams) s.close()
    this.data.unwatch(w.sport, matchId)
    this.headers?.forget(w.sport, matchId)
    w.fetch?.abort()
    if (w.fetchRetry) clearTimeout(w.fetchRetry)
    if (w.joinWait) clearTimeout(w.joinWait)
    this.board.remove(matchId)
  }

  /** Subscriptions follow the watchlists: new matches are watched, missing ones closed. */
  setWatched(targets: readonly WatchTarget[]): void {
    const wanted = new Map(targets.map((t) => [t.matchId, t.sport]))
    for (const matchId of [...this.watched.keys()]) if (!wanted.has(matchId)) this.unwatch(matchId)
    for (const [matchId, sport] of wanted) this.watch(sport, matchId)
  }

  setConflation(ms: number): void {
    this.board.setConflation(ms)
  }

  /** The match's board as the renderer would hold it (undefined when not watched). */
  state(matchId: number): MatchBoard | undefined {
    const w = this.watched.get(matchId)
    if (!w) return undefined
    return { header: { ...w.header }, layout: w.book.layout(), cells: w.book.cells() }
  }

  /** Whether the match's board has its snapshot (false while it resyncs or before its first). */
  synced(matchId: number): boolean {
    return this.watched.get(matchId)?.header.synced ?? false
  }

  /** The match's layout (labels, lines), or undefined when not watched. */
  layout(matchId: number): MatchLayout | undefined {
    return this.watched.get(matchId)?.book.layout()
  }

  watchedMatchIds(): number[] {
    return [...this.watched.keys()]
  }

  /** Every stream's health: the watched matches' odds streams and the desk's data streams. */
  streamHealth(now = this.clock()): StreamHealth[] {
    return [...[...this.watched.values()].flatMap((w) => w.streams.map((s) => s.health(now))), ...this.data.health(now)]
  }

  health(): FeedHealth {
    const now = this.clock()
    const streams = this.streamHealth(now)
    return {
      at: now,
      services: [
        summarizeService('odds', streams, null, now, this.feedLag('odds', now)),
        summarizeService('data', streams, null, now, this.feedLag('data', now)),
      ],
      streams,
      unsynced: [], // why a snapshot failed is the live feed's to say (session/snapshot-trouble.ts)
    }
  }

  /** The service's feed lag over the last minute; the data service's messages carry no send time (D4). */
  feedLag(service: FeedService, now = this.clock()): FeedLag {
    return service === 'odds' ? { timed: true, lastMinute: this.oddsLag.summary(now) } : { timed: false }
  }

  close(): void {
    this.closed = true
    for (const matchId of [...this.watched.keys()]) this.unwatch(matchId)
    this.data.close()
    this.headers?.close()
    clearInterval(this.sweep)
    this.board.close()
    this.feed.close()
  }

  /* ---------- streams ---------- */

  /** A stream with this engine's token, connection slots, timing and sinks (not started). */
  private openStream<T>({ marketplaceHost, ...spec }: StreamSpec<T>): LiveStream<unknown> {
    const token = this.o.keys[spec.service]
    return new LiveStream<T>({
      ...spec,
      token,
      headers: streamKeyHeaders(this.o.keyStyles?.[spec.service] ?? 'bearer', token, marketplaceHost),
      // Both odds streams carry the feed's heartbeat (wire/odds.ts A5): keep-alives alone mean silence.
      ...(spec.service === 'odds' ? { sentAt: oddsSendTime, lag: this.oddsLag, heartbeats: true } : {}),
      onState: (h) => this.o.sinks.onStreamState?.(h),
      onRefused: (reason, detail) => {
        this.o.sinks.onStreamRefused?.(spec.id, reason, detail)
        spec.onRefused?.(reason, detail)
      },
      slots: this.slots,
      transports: this.o.transports,
      frames: this.o.frames,
      history: this.o.history,
      staleAfterMs: this.o.staleAfterMs ?? 15_000,
      backoff: this.o.backoff ?? DEFAULT_BACKOFF,
      clock: this.clock,
    }) as LiveStream<unknown>
  }

  /**
   * The match's two odds streams. A delta or an override missed while either was down, or carried
   * by a frame we refused (it may have been a price: the feed's heartbeats carry no sequence number
   * that would show the gap later), is only in the snapshot, so either event resyncs. Resyncs
   * coalesce: one fetch in flight and at most one after it.
   */
  private oddsStream<T>(
    w: Watched,
    kind: 'updates' | 'overrides',
    reader: FrameReader<T>,
    onMessage: (message: T, receivedAt: number) => void,
  ): LiveStream<unknown> {
    return this.openStream({
      id: `odds:${w.matchId}:${kind}`,
      service: 'odds',
      kind,
      matchId: w.matchId,
      sport: w.sport,
      ...oddsStreamAddress(this.o.endpoints, w.sport, w.matchId, kind),
      ...reader,
      onMessage,
      onConnected: () => this.resyncAfterConnect(w),
      onRefused: () => this.resync(w),
    })
  }

  /* ---------- odds: snapshot + deltas ---------- */

  private onUpdate(w: Watched, m: UpdatesMessage, receivedAt: number): void {
    if (m.type === 'heartbeat' || m.matchId !== w.matchId) return
    const offer = w.sync.offer(m, receivedAt)
    if (offer === 'apply') this.applyUpdate(w, m, receivedAt)
    else if (offer === 'gap') this.resync(w)
  }

  /** `partOfResync`: a delta held back while the snapshot was fetched (price-book.ts). */
  private applyUpdate(w: Watched, m: SeqMessage, receivedAt: number, partOfResync = false): void {
    switch (m.type) {
      case 'price':
        w.book.applyPrice(m, receivedAt, partOfResync)
        break
      case 'market_status':
        w.book.applyMarketStatus(m.oddType, m.market, m.suspended, m.ts, receivedAt, partOfResync)
        break
      case 'match_status':
        this.setStatus(w, m.status, null)
        break
    }
  }

  private onOverride(w: Watched, m: OverrideMessage | null, receivedAt: number): void {
    if (m === null || m.matchId !== w.matchId) return
    const event = toOverrideEvent(m, receivedAt, this.o.feed)
    event.own = this.o.ownOverrides?.claim(event) ?? false
    this.feed.override(event)
    this.board.override(event)
    if (w.sync.isSyncing) w.heldOverrides.push(event)
    else w.book.applyOverride(event)
  }

  /**
   * A stream of the match connected. While its other odds stream is on its way the fetch waits for
   * that connect (at most CONNECT_JOIN_MS), so one snapshot serves the (re)connect of both.
   */
  private resyncAfterConnect(w: Watched): void {
    if (!w.streams.some((s) => ON_ITS_WAY.has(s.connectionState))) {
      this.resync(w)
      return
    }
    w.sync.begin()
    this.patchHeader(w, { synced: false })
    w.joinWait ??= setTimeout(() => this.resync(w), CONNECT_JOIN_MS)
  }

  /**
   * Holds deltas and fetches the snapshot. If a fetch is already under way it may predate this
   * connect, so another follows it (the first is still applied: the board fills sooner).
   */
  private resync(w: Watched): void {
    w.sync.begin()
    this.patchHeader(w, { synced: false })
    if (w.joinWait) clearTimeout(w.joinWait)
    w.joinWait = null
    if (w.fetch) {
      w.refetch = true
      return
    }
    if (w.fetchRetry) clearTimeout(w.fetchRetry)
    w.fetchRetry = null
    w.refetch = false
    const abort = new AbortController()
    w.fetch = abort
    const current = () => !abort.signal.aborted && this.watched.get(w.matchId) === w
    const requestedAt = this.clock()
    this.o
      .fetchSnapshot(w.sport, w.matchId, abort.signal)
      .then((json) => {
        if (!current()) return
        w.fetch = null
        const parsed = MatchPricesWire.safeParse(json)
        if (!parsed.success) throw new Error(`snapshot unreadable: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
        if (parsed.data.matchId !== w.matchId) throw new Error(`snapshot is for match ${parsed.data.matchId}`)
        w.fetchFailures = 0
        this.applySnapshot(w, parsed.data, requestedAt)
        if (w.refetch) this.resync(w)
      })
      .catch(() => {
        if (!current()) return
        // The REST client reports why (its own health); here we only keep trying, politely.
        w.fetch = null
        const delay = backoffDelay(++w.fetchFailures, this.o.backoff ?? DEFAULT_BACKOFF)
        w.fetchRetry = setTimeout(() => this.resync(w), delay)
      })
  }

  /**
   * The snapshot's prices are stamped with the time it was asked for: the server's state then, older
   * than every delta it did not contain (all arrived after the ask). So the ticks recorded keep the
   * server's order, and the tape rebuilt from the cache measures the first move after the resync
   * from the last held delta, as the live tape does, not from the snapshot.
   */
  private applySnapshot(w: Watched, snapshot: MatchPricesWire, requestedAt: number): void {
    w.book.applySnapshot(snapshot, requestedAt)
    const status = (snapshot as { status?: unknown }).status
    if (typeof status === 'string') this.setStatus(w, status, null)
    const held = w.sync.complete(snapshot.seq)
    if (held === 'gap') {
      this.board.board(w.matchId)
      w.refetch = true
      return
    }
    for (const h of held) this.applyUpdate(w, h.message, h.receivedAt, true)
    for (const e of w.heldOverrides.splice(0)) w.book.applyOverride(e)
    w.header.synced = true
    this.board.board(w.matchId)
  }

  private expireOverrides(): void {
    const now = this.clock()
    for (const w of this.watched.values()) if (w.book.hasOverrides) w.book.expireOverrides(now)
  }

  /* ---------- match header ---------- */

  private onData(w: Watched, u: DataLiveUpdate): void {
    switch (u.kind) {
      case 'status':
        if (u.status !== null) this.setStatus(w, u.status, u.reason)
        else if (u.reason !== null && w.header.status !== null) this.patchHeader(w, { statusReason: u.reason })
        break
      case 'score':
        this.onScore(w, u)
        break
      case 'time': {
        const now = this.clock()
        const reading = readMatchClock(u.clock, now)
        if (reading) this.patchHeader(w, { clock: { ...reading, at: now } })
        break
      }
      case 'incident':
        this.patchHeader(w, { lastIncident: u.incident })
        break
    }
  }

  /**
   * A side's score. A message that names no side takes the score from the match's record instead
   * (D10): the one asked for at watch, or, once that came, a new one.
   */
  private onScore(w: Watched, u: Extract<DataLiveUpdate, { kind: 'score' }>): void {
    const side = scoreSide(u.team, w.teamIds)
    if (side === null) {
      w.scoreFromRecord = true
      if (w.teamIds) this.headers?.refresh(w.sport, w.matchId)
      return
    }
    const blank = { current: null, periods: [] }
    const score = w.header.score ?? { home: blank, away: blank }
    const current = u.current ?? score[side].current
    this.patchHeader(w, { score: { ...score, [side]: { current, periods: u.periods } } })
  }

  private fillHeaderFromRest(w: Watched, record: MatchRecord): void {
    w.teamIds = { home: record.home_team_id ?? null, away: record.away_team_id ?? null }
    const { status, statusReason, ...rest } = restHeaderPatch(w.header, record, this.clock(), w.scoreFromRecord)
    w.scoreFromRecord = false
    if (status) this.setStatus(w, status, statusReason ?? null)
    if (Object.keys(rest).length > 0) this.patchHeader(w, rest)
  }

  private setStatus(w: Watched, status: string, reason: string | null): void {
    const before = w.header.status
    if (before === status && (reason === null || reason === w.header.statusReason)) return
    this.patchHeader(w, reason === null ? { status } : { status, statusReason: reason })
    if (before === status) return
    const to = MatchStatusType.safeParse(status)
    if (!to.success) return
    const from = MatchStatusType.safeParse(before)
    this.o.sinks.onMatchStatus?.({
      matchId: w.matchId,
      from: from.success ? from.data : null,
      to: to.data,
      at: this.clock(),
    })
  }

  private patchHeader(w: Watched, patch: Omit<MatchHeaderPatch, 'matchId'>): void {
    Object.assign(w.header, patch)
    this.board.header({ matchId: w.matchId, ...patch })
  }
}
