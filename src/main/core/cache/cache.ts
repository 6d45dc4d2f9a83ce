/**
 * The offline cache: one SQLite file (WAL, synchronous=NORMAL) holding every tick, override event,
 * alert, match and reference record the app has seen. Ticks are buffered and written by a timer
 * (every `flushIntervalMs`, in parts the event loop turns between) or as soon as a batch is full;
 * every read flushes first, so reads see everything recorded. All calls are synchronous
 * (better-sqlite3); one Cache owns its file.
 */
import type Database from 'better-sqlite3'
import type {
  OutcomeRef,
  OverrideEvent,
  OverrideEventKey,
  PriceChange,
  PriceTick,
  RecordedOverrideEvent,
} from '../../../shared/domain'
import type { MatchLabels } from '../../../shared/labels'
import { FeedIds } from './feed-ids'
import { CacheClosedError, CacheInputError, type CacheFileError } from './errors'
import { HistoryReader, type OutcomeHistory } from './history'
import { markCleanClose, type OpenedDatabase } from './open-database'
import { OutcomeRegistry } from './outcomes'
import { RecordStore, type CachedReference, type MatchRecord, type StorableAlert, type StoredRecord } from './records'
import { MatchLabelStore } from './match-labels'
import { HeaderLog, type HeaderChange } from './header-log'
import { ReplayRows, type RecordedEventPage, type RecordedMatchState, type ReplayRead } from './replay-rows'
import { RangeChanges, type ChangesPage, type ChangesQuery } from './range-changes'
import { RecentChanges } from './recent-changes'
import { compact, type CompactResult } from './retention'
import { overrideSpans } from './override-spans'
import { TickRows, type CsvNames } from './tick-rows'
import { TickWriter, type FlushResult, type RefusedTick } from './tick-writer'
import { isCorruption } from './salvage'
import { WritePacer, type CacheWriteState } from './write-pacer'

export interface CacheOptions {
  /** Longest time a recorded tick waits in memory. Default 250 ms. */
  flushIntervalMs?: number
  /** A flush happens at once when this many ticks are buffered. Default 5000. */
  flushBatchSize?: number
  /**
   * The timer writes what it finds in parts of whole matches, each taking about this long, letting
   * the event loop turn between parts (TickWriter.flushPart says why). Default 3 ms.
   */
  flushPartMs?: number
  now?: () => number
  /** Called after every committed tick flush (also the timer's). */
  onFlushed?: (result: FlushResult) => void
  /**
   * While the file cannot be written (disk full, locked by another program), on every failed
   * attempt (paced: write-pacer.ts) and once when writes work again. The ticks stay in memory.
   */
  onWriteState?: (state: CacheWriteState) => void
  /** Most ticks held in memory while writes fail; the oldest beyond are given up. Default 200,000. */
  maxHeldTicks?: number
}

export type OutcomeSelector = Pick<OutcomeRef, 'oddType' | 'oddKey'> | 'all'

export interface TickPage {
  limit: number
  offset?: number
}

export interface Cache {
  readonly file: string
  /** The previous file when it was corrupt or newer and has been moved away; null otherwise. */
  readonly setAside: CacheFileError | null
  readonly pendingTicks: number
  /**
   * Everything is kept per feed (`demo`, `real`): the feeds number matches independently, so every
   * call that names a match names its feed too. The core passes the current one (feed-scoped.ts).
   * Buffers every storable tick; returns the ones refused (never written), each with its reason.
   */
  recordTicks(feed: string, ticks: readonly PriceTick[]): RefusedTick[]
  flush(): FlushResult
  recordOverrideEvents(feed: string, events: readonly OverrideEvent[]): void
  /** Buffers the board's header changes; they are written with the next tick flush (header-log.ts). */
  recordHeaders(feed: string, changes: readonly HeaderChange[]): void
  /** Marks recorded override events as acknowledged by the trader (the alert list's read marks). */
  acknowledgeOverrideEvents(feed: string, keys: readonly OverrideEventKey[]): void
  recordAlerts(feed: string, alerts: readonly StorableAlert[]): void
  /** Alerts created in [from, to], oldest first; only those of `ruleId` when it is given. */
  alerts(feed: string, from?: number, to?: number, limit?: number, ruleId?: string): StorableAlert[]
  /** The newest `limit` alerts, newest first: what the in-app list held before a restart. */
  recentAlerts(feed: string, limit: number): StorableAlert[]
  putReference(
    feed: string,
    sport: string,
    route: string,
    paramsKey: string,
    records: readonly unknown[],
    fetchedAt: number,
  ): void
  getReference<T = unknown>(feed: string, sport: string, route: string, paramsKey: string): CachedReference<T> | null
  upsertMatches(feed: string, sport: string, matches: readonly MatchRecord[]): void
  /** Keeps the words for a match's outcomes (see match-labels.ts). */
  putLabels(feed: string, matchId: number, labels: MatchLabels): void
  labels(feed: string, matchId: number): MatchLabels | null
  getMatches<T = unknown>(feed: string, sport: string, ids: readonly number[]): Map<number, StoredRecord<T>>
  /** Outcomes the cache holds ticks for, in first-seen order. */
  outcomes(feed: string, matchId: number): OutcomeRef[]
  /** The last tick of each outcome of the match. */
  latestPrices(feed: string, matchId: number): PriceTick[]
  overrideEvents(feed: string, matchId: number, from?: number, to?: number): OverrideEvent[]
  /** The newest `limit` override events of every match of the feed, oldest first. */
  recentOverrideEvents(feed: string, limit: number): RecordedOverrideEvent[]
  /**
   * One page of every recorded change and resync of the feed's matches (or of `matchIds`) in the
   * range, in receive-time order across outcomes (range-changes.ts); the next page starts at `next`.
   */
  changes(feed: string, query: ChangesQuery): ChangesPage
  /** The newest `limit` price changes of these matches received at or after `since`, oldest first. */
  recentChanges(feed: string, matchIds: readonly number[], since: number, limit: number): PriceChange[]
  /** Per outcome, the series over [from, to] (receive time, inclusive) in at most ~maxPoints points. */
  history(
    feed: string,
    matchId: number,
    outcome: OutcomeSelector,
    from: number,
    to: number,
    maxPoints: number,
  ): OutcomeHistory[]
  /** Raw ticks in time order for the tick table. */
  ticks(feed: string, matchId: number, from: number, to: number, page: TickPage): PriceTick[]
  /**
   * Streams the match's ticks over [from, to] as CSV with the match, market and outcome named by
   * `describe` and each tick's override flag; returns how many ticks were written.
   */
  exportCsv(
    feed: string,
    matchId: number,
    from: number,
    to: number,
    names: Pick<CsvNames, 'match' | 'outcome'>,
    write: (chunk: string) => void,
  ): number
  /** The desk replay (replay-rows.ts): what was recorded of these matches at `at`. */
  replayState(feed: string, matchIds: readonly number[], at: number): RecordedMatchState[]
  /**
   * The desk replay: everything recorded of these matches in (after, to], a page of about `limit`;
   * with `stepMs`, only each outcome's last tick per step (replay-conflate.ts); with `ticks:
   * 'overridden'`, only the ticks of outcomes with an override event in the range.
   */
  replayEvents(
    feed: string,
    matchIds: readonly number[],
    after: number,
    to: number,
    limit: number,
    read?: ReplayRead,
  ): RecordedEventPage
  /** Ticks recorded of these matches in [from, to]. */
  replayTickCount(feed: string, matchIds: readonly number[], from: number, to: number): number
  /** Deletes what is older than `retentionDays` and gives the space back to the file system. */
  compact(retentionDays: number, now?: number): CompactResult
  close(): void
}

const END_OF_TIME = Number.MAX_SAFE_INTEGER

function requireInteger(value: number, what: string, min = Number.MIN_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < min)
    throw new CacheInputError(`${what} must be an integer ≥ ${min}, got ${value}`)
}

function requireRange(from: number, to: number): void {
  if (!Number.isFinite(from) || !Number.isFinite(to) || from > to)
    throw new CacheInputError(`time range ${from}..${to} is not a range`)
}

/** The file's statements and helpers, each owning one kind of row. */
interface CacheParts {
  db: Database.Database
  outcomes: OutcomeRegistry
  writer: TickWriter
  records: RecordStore
  history: HistoryReader
  tickRows: TickRows
  recent: RecentChanges
  range: RangeChanges
  labels: MatchLabelStore
  feeds: FeedIds
  headers: HeaderLog
  replay: ReplayRows
}

/**
 * What every call checks first: the cache is open; reads flush first so they see every recorded
 * tick. Only an explicit `flush` throws when the file cannot be written: the flushes a full batch,
 * a read or the timer start are paced after a failure and never fail their caller (a read then
 * answers from what the file holds).
 */
interface Access {
  live(): void
  flush(): FlushResult
  flushQuietly(): void
  /** The timer's flush: one part now, the rest of the round each on a later turn of the event loop. */
  flushInParts(): void
  readable(): void
}

function prepareParts(db: Database.Database, options: CacheOptions): CacheParts {
  const outcomes = new OutcomeRegistry(db)
  const headers = new HeaderLog(db)
  const records = new RecordStore(db)
  const history = new HistoryReader(db)
  return {
    db,
    outcomes,
    writer: new TickWriter(db, outcomes, options.flushBatchSize ?? 5000, options.maxHeldTicks ?? 200_000, headers),
    records,
    history,
    headers,
    replay: new ReplayRows(db, outcomes, records, history),
    tickRows: new TickRows(db),
    recent: new RecentChanges(db),
    range: new RangeChanges(db),
    labels: new MatchLabelStore(db),
    feeds: new FeedIds(db),
  }
}

function accessTo(
  writer: TickWriter,
  isClosed: () => boolean,
  options: CacheOptions & FileHooks,
  now: () => number,
): Access {
  const pacer = new WritePacer(now, (state) => options.onWriteState?.(state))
  const live = (): void => {
    if (isClosed()) throw new CacheClosedError()
  }
  const write = <Result extends FlushResult>(step: () => Result): Result => {
    live()
    let result: Result
    try {
      result = step()
    } catch (err) {
      // A damaged file is not a failing disk: waiting will not mend it (recovering-cache.ts moves on).
      if (isCorruption(err)) options.onDamage(err)
      else pacer.failed(err, writer.pending, writer.dropped)
      throw err
    }
    pacer.succeeded(writer.pending, writer.dropped)
    if (result.written > 0) options.onFlushed?.(result)
    return result
  }
  const quietly = <Result extends FlushResult>(step: () => Result): Result | null => {
    if (!pacer.mayTry() || writer.idle) return null
    try {
      return write(step)
    } catch {
      // Heard through onWriteState; the ticks stay held for the next attempt.
      return null
    }
  }
  const flush = (): FlushResult => write(() => writer.flush())
  const flushQuietly = (): void => void quietly(() => writer.flush())
  const flushInParts = (): void => {
    const part = quietly(() => writer.flushPart(options.flushPartMs ?? 3))
    // The next part after whatever waits now (a feed message, the board's batch): see TickWriter.flushPart.
    if (part?.more) setImmediate(flushInParts)
  }
  const readable = (): void => {
    live()
    flushQuietly()
  }
  return { live, flush, flushQuietly, flushInParts, readable }
}

/** Flushes on a timer (paced after a failure, see write-pacer.ts). */
function startFlushTimer(flushInParts: () => void, options: CacheOptions): NodeJS.Timeout {
  const timer = setInterval(flushInParts, options.flushIntervalMs ?? 250)
  // The cache must never be what keeps the process alive.
  timer.unref()
  return timer
}

type WriteCalls = Pick<
  Cache,
  | 'recordTicks'
  | 'flush'
  | 'recordOverrideEvents'
  | 'recordHeaders'
  | 'acknowledgeOverrideEvents'
  | 'recordAlerts'
  | 'putReference'
  | 'upsertMatches'
  | 'putLabels'
>

function writeCalls(
  { writer, records, labels, feeds, headers }: CacheParts,
  access: Access,
  now: () => number,
): WriteCalls {
  const { live, flush, flushQuietly } = access
  return {
    recordTicks(feed, ticks) {
      live()
      const refused = writer.record(feeds.idOf(feed), ticks)
      if (writer.full) flushQuietly()
      return refused
    },
    flush,
    recordOverrideEvents(feed, events) {
      live()
      records.recordOverrideEvents(feeds.idOf(feed), events)
    },
    recordHeaders(feed, changes) {
      live()
      headers.record(feeds.idOf(feed), changes)
    },
    acknowledgeOverrideEvents(feed, keys) {
      live()
      records.acknowledgeOverrideEvents(feeds.idOf(feed), keys)
    },
    recordAlerts(feed, alerts) {
      live()
      records.recordAlerts(feeds.idOf(feed), alerts)
    },
    putReference(feed, sport, route, paramsKey, recs, fetchedAt) {
      live()
      records.putReference(feed, sport, route, paramsKey, recs, fetchedAt)
    },
    upsertMatches(feed, sport, matches) {
      live()
      records.upsertMatches(feed, sport, matches, now())
    },
    putLabels(feed, matchId, matchLabels) {
      live()
      labels.put(feeds.idOf(feed), matchId, matchLabels, now())
    },
  }
}

type RecordReadCalls = Pick<
  Cache,
  'alerts' | 'recentAlerts' | 'getReference' | 'getMatches' | 'overrideEvents' | 'recentOverrideEvents' | 'labels'
>

function recordReadCalls({ records, labels, feeds }: CacheParts, { live }: Access): RecordReadCalls {
  return {
    alerts(feed, from = 0, to = END_OF_TIME, limit = 10_000, ruleId) {
      live()
      requireRange(from, to)
      requireInteger(limit, 'limit', 1)
      return records.alerts(feeds.idOf(feed), from, to, limit, ruleId ?? null)
    },
    recentAlerts(feed, limit) {
      live()
      requireInteger(limit, 'limit', 1)
      return records.recentAlerts(feeds.idOf(feed), limit)
    },
    getReference(feed, sport, route, paramsKey) {
      live()
      return records.getReference(feed, sport, route, paramsKey)
    },
    getMatches(feed, sport, ids) {
      live()
      return records.getMatches(feed, sport, ids)
    },
    overrideEvents(feed, matchId, from = 0, to = END_OF_TIME) {
      live()
      requireRange(from, to)
      return records.overrideEvents(feeds.idOf(feed), matchId, from, to)
    },
    labels(feed, matchId) {
      live()
      return labels.get(feeds.idOf(feed), matchId)
    },
    recentOverrideEvents(feed, limit) {
      live()
      requireInteger(limit, 'limit', 1)
      return records.recentOverrideEvents(feeds.idOf(feed), limit)
    },
  }
}

type TickReadCalls = Pick<
  Cache,
  'outcomes' | 'latestPrices' | 'changes' | 'recentChanges' | 'history' | 'ticks' | 'exportCsv'
>

function requireMatchIds(matchIds: readonly number[]): void {
  for (const id of matchIds) requireInteger(id, 'matchId')
}

function tickReadCalls(
  { outcomes, history, tickRows, recent, range, records, feeds }: CacheParts,
  { readable }: Access,
): TickReadCalls {
  return {
    outcomes(feed, matchId) {
      readable()
      return outcomes
        .ofMatch(feeds.idOf(feed), matchId)
        .map(({ matchId: m, oddType, oddKey }) => ({ matchId: m, oddType, oddKey }))
    },
    latestPrices(feed, matchId) {
      readable()
      return tickRows.latest(outcomes.ofMatch(feeds.idOf(feed), matchId))
    },
    changes(feed, query) {
      readable()
      requireRange(query.from, query.to)
      requireInteger(query.limit, 'limit', 1)
      for (const id of query.matchIds ?? []) requireInteger(id, 'matchId')
      return range.page(feeds.idOf(feed), query)
    },
    recentChanges(feed, matchIds, since, limit) {
      readable()
      requireInteger(limit, 'limit', 1)
      if (!Number.isFinite(since)) throw new CacheInputError(`since must be epoch milliseconds, got ${since}`)
      requireMatchIds(matchIds)
      return recent.changes(feeds.idOf(feed), matchIds, since, limit)
    },
    history(feed, matchId, selector, from, to, maxPoints) {
      readable()
      requireRange(from, to)
      requireInteger(maxPoints, 'maxPoints', 1)
      const chosen = outcomes
        .ofMatch(feeds.idOf(feed), matchId)
        .filter((o) => selector === 'all' || (o.oddType === selector.oddType && o.oddKey === selector.oddKey))
      return chosen.map((o) => history.series(o, Math.ceil(from), Math.floor(to), maxPoints))
    },
    ticks(feed, matchId, from, to, page) {
      readable()
      requireRange(from, to)
      requireInteger(page.limit, 'limit', 1)
      requireInteger(page.offset ?? 0, 'offset', 0)
      return tickRows.ticks(feeds.idOf(feed), matchId, from, to, page.limit, page.offset ?? 0)
    },
    exportCsv(feed, matchId, from, to, names, write) {
      readable()
      requireRange(from, to)
      const feedId = feeds.idOf(feed)
      const overridden = overrideSpans(records.overrideEvents(feedId, matchId, 0, to))
      return tickRows.exportCsv(feedId, matchId, from, to, { ...names, overridden }, write)
    },
  }
}

type ReplayReadCalls = Pick<Cache, 'replayState' | 'replayEvents' | 'replayTickCount'>

function replayReadCalls({ replay, feeds }: CacheParts, { readable }: Access): ReplayReadCalls {
  return {
    replayState(feed, matchIds, at) {
      readable()
      requireMatchIds(matchIds)
      if (!Number.isFinite(at)) throw new CacheInputError(`at must be epoch milliseconds, got ${at}`)
      return replay.stateAt(feeds.idOf(feed), matchIds, at)
    },
    replayEvents(feed, matchIds, after, to, limit, read = {}) {
      readable()
      requireMatchIds(matchIds)
      requireRange(after, to)
      requireInteger(limit, 'limit', 1)
      requireInteger(read.stepMs ?? 0, 'stepMs', 0)
      return replay.events(feeds.idOf(feed), matchIds, after, to, limit, read)
    },
    replayTickCount(feed, matchIds, from, to) {
      readable()
      requireMatchIds(matchIds)
      requireRange(from, to)
      return replay.tickCount(feeds.idOf(feed), matchIds, Math.ceil(from), Math.floor(to))
    },
  }
}

/** What the owner of one opened file (recovering-cache.ts) hears and may do beyond the Cache calls. */
export interface FileHooks {
  /** A flush found the file damaged (SQLITE_CORRUPT). Reads and other writes throw it to their caller. */
  onDamage(error: unknown): void
  /** Marks the file cleanly closed when it closes (not a file only meant for this session). */
  markCleanClose: boolean
}

export interface CacheFile extends Cache {
  /**
   * Closes a damaged file: nothing is flushed, and it is not marked as cleanly closed. Answers the
   * ticks it held, by feed, for the file that takes its place.
   */
  abandon(): Map<string, PriceTick[]>
}

/** The cache over one opened database file; recovering-cache.ts's openCache is what callers use. */
export function openCacheFile(
  file: string,
  { db, setAside }: OpenedDatabase,
  options: CacheOptions & FileHooks,
): CacheFile {
  const now = options.now ?? Date.now
  const parts = prepareParts(db, options)
  let closed = false
  const access = accessTo(parts.writer, () => closed, options, now)
  const timer = startFlushTimer(access.flushInParts, options)

  return {
    file,
    setAside,
    get pendingTicks() {
      return parts.writer.pending
    },
    ...writeCalls(parts, access, now),
    ...recordReadCalls(parts, access),
    ...tickReadCalls(parts, access),
    ...replayReadCalls(parts, access),
    compact(retentionDays, at = now()) {
      access.readable()
      if (!Number.isFinite(retentionDays) || retentionDays < 0)
        throw new CacheInputError(`retentionDays must be ≥ 0, got ${retentionDays}`)
      const result = compact(db, retentionDays, at)
      parts.outcomes.forget(result.outcomesDeleted)
      return result
    },
    close() {
      if (closed) return
      clearInterval(timer)
      try {
        parts.writer.flush()
      } finally {
        closed = true
        db.close()
      }
      if (options.markCleanClose) markCleanClose(file)
    },
    abandon() {
      const held = new Map<string, PriceTick[]>()
      if (closed) return held
      clearInterval(timer)
      closed = true
      for (const { feedId, tick } of parts.writer.takeHeld()) {
        const feed = parts.feeds.nameOf(feedId)
        if (feed === undefined) continue
        const ofFeed = held.get(feed)
        if (ofFeed) ofFeed.push(tick)
        else held.set(feed, [tick])
      }
      db.close()
      return held
    },
  }
}
