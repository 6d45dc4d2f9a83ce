/**
 * The desk replay's reads (shared/replay.ts): what was recorded of a set of matches at one instant,
 * and everything recorded in a time range, merged in time order one page at a time.
 *
 * The state at an instant costs two seeks per outcome on the tick key (outcome_id, t, tie), all in
 * one statement, and one per match on the header key: a seek anywhere in a long recording costs the
 * same. An events page
 * reads consecutive time windows, each sized from the density of the one before, until it holds
 * more than the page's limit; it then ends at a whole millisecond, so the next page (`after:
 * until`) neither repeats nor skips an event of a millisecond split between pages.
 *
 * Fast play (`stepMs`) reads whole step windows instead, each folded by SQLite to every outcome's
 * last tick in it (one grouped read on the tick key): the superseded ticks, most of what a 60× second
 * holds, are counted but never become objects (replay-conflate.ts says what is kept).
 */
import type Database from 'better-sqlite3'
import { MatchHeader, MatchHeaderPatch } from '../../../shared/board'
import type { OutcomeRef, OverrideEvent } from '../../../shared/domain'
import type { HistoryReader } from './history'
import type { OutcomeRegistry, StoredOutcome } from './outcomes'
import type { RecordStore, StorableAlert } from './records'
import { conflateTicks } from './replay-conflate'
import { storedJson } from './stored-json'
import { milliToPrice } from './tick-writer'

/** Ticks read back from the instant per outcome: enough to find the last move behind a few repeats. */
export const RECENT_TICKS = 8
/**
 * Ticks read first: the last two show the move unless the newest repeats the price before it (1 in
 * ~40 on the bench desk); only those outcomes are read again, RECENT_TICKS deep.
 */
const FIRST_TICKS = 2

/** One recorded tick, with whether it was the first price after a gap (schema.ts 7). */
export interface RecordedTick {
  t: number
  price: number
  suspended: boolean
  serverTs: number
  resync: boolean
}

export interface RecordedOutcome {
  ref: OutcomeRef
  /**
   * Its last ticks at or before the instant, newest first; none when not priced yet. Two when they
   * differ in price (that is the move), else up to RECENT_TICKS.
   */
  recent: RecordedTick[]
}

export interface RecordedMatchState {
  matchId: number
  /** Every outcome the cache holds of the match, in first-seen order. */
  outcomes: RecordedOutcome[]
  /** The header as last recorded at or before the instant; null when none was (before schema 8). */
  header: MatchHeader | null
  /** Override events received at or before the instant, in receive order. */
  overrides: OverrideEvent[]
}

/** A recorded happening; the alert is as stored (its shape belongs to the alerts module). */
export type RecordedEvent =
  | ({ kind: 'tick'; at: number } & OutcomeRef & Omit<RecordedTick, 't' | 'resync'> & { resync?: true })
  | { kind: 'header'; at: number; header: MatchHeaderPatch }
  | { kind: 'override'; at: number; event: OverrideEvent }
  | { kind: 'alert'; at: number; alert: StorableAlert }

export interface RecordedEventPage {
  events: RecordedEvent[]
  /** Every event in (after, until] is in this page. */
  until: number
  more: boolean
  /** Ticks left out as superseded within a step (replay-conflate.ts); 0 without a step. */
  folded: number
}

/** How a replay events page reads (shared/replay.ts `ReplayEventsInput`). */
export interface ReplayRead {
  /** Each outcome's last tick per step of this many ms (replay-conflate.ts); 0: every tick. */
  stepMs?: number
  /** `overridden`: only the ticks of outcomes with an override event in the range. */
  ticks?: 'all' | 'overridden'
}

/**
 * The first window of the first page of a set of matches; later windows (and pages) follow the
 * density found. Each window costs a seek per outcome whatever its width, so a page aims to be one
 * window filled to this share of its limit, rather than windows grown to the limit exactly.
 */
const FIRST_WINDOW_MS = 1000
const PAGE_FILL = 0.9
/** Sets of matches whose density is kept (a replay pages through one set at a time). */
const DENSITIES_KEPT = 8
/** A window grows at most this much over the one before (an empty stretch is crossed in a few reads). */
const MAX_WINDOW_GROWTH = 8

/**
 * A stepped page reads at most this many step windows: an empty stretch of a long range is crossed
 * a page at a time, never in one answer that holds the core up.
 */
const MAX_STEPS_PER_PAGE = 64

/** Within one millisecond: the header first, then the prices, the overrides and the alerts they caused. */
const KIND_ORDER: Record<RecordedEvent['kind'], number> = { header: 0, tick: 1, override: 2, alert: 3 }

/** What one page's windows read from: the matches and their outcomes, as the statements take them. */
interface Sources {
  feedId: number
  /** JSON arrays, for `json_each`. */
  matchIds: string
  outcomeIds: string
  /** Whose density a page's windows follow: the matches, and the outcomes when not all are read. */
  densityKey: string
  outcomes: Map<number, StoredOutcome>
  /** Outcome ids by `matchId|oddType|oddKey`, for the override events that name an outcome. */
  idOf: Map<string, number>
}

type TickRow = [outcomeId: number, t: number, tie: number, price: number, suspended: number, delta: number]
/** A step's last tick of an outcome, and how many ticks it had in the step. */
type LastTickRow = [...TickRow, order: number, count: number]

const refKey = (ref: OutcomeRef) => `${ref.matchId}|${ref.oddType}|${ref.oddKey}`

export class ReplayRows {
  /** Events per millisecond last read, per read (its Sources `densityKey`). */
  private readonly density = new Map<string, number>()
  private readonly firstTicks: Database.Statement
  private readonly recentTicks: Database.Statement
  private readonly headerAt: Database.Statement
  private readonly ticksIn: Database.Statement
  private readonly lastTicksIn: Database.Statement
  private readonly resyncsIn: Database.Statement
  private readonly headersIn: Database.Statement

  constructor(
    db: Database.Database,
    private readonly outcomes: OutcomeRegistry,
    private readonly records: RecordStore,
    private readonly history: HistoryReader,
  ) {
    // One statement for every outcome: a statement per outcome cost more in its calls (~13 µs each,
    // 1,500 on a 50-match desk) than SQLite's seeks. Per outcome, the nth tick back bounds the rows
    // read (ties there may add a few: the caller keeps n); the resync mark is looked up in the same
    // statement, a few seeks in a small table.
    const lastTicks = (n: number) =>
      db
        .prepare(
          `SELECT k.outcome_id, k.t, k.price, k.suspended, k.server_delta,
             EXISTS (SELECT 1 FROM resync_tick s WHERE s.outcome_id = k.outcome_id AND s.t = k.t AND s.tie = k.tie)
           FROM json_each(?) o JOIN tick k ON k.outcome_id = o.value AND k.t <= ? AND k.t >= coalesce(
             (SELECT t FROM tick WHERE outcome_id = o.value AND t <= ? ORDER BY t DESC, tie DESC LIMIT 1 OFFSET ${n - 1}),
             ${Number.MIN_SAFE_INTEGER})
           ORDER BY k.outcome_id, k.t DESC, k.tie DESC`,
        )
        .raw()
    this.firstTicks = lastTicks(FIRST_TICKS)
    this.recentTicks = lastTicks(RECENT_TICKS)
    this.headerAt = db
      .prepare(
        'SELECT header FROM header_change WHERE feed_id = ? AND match_id = ? AND t <= ? ORDER BY t DESC, seq DESC LIMIT 1',
      )
      .pluck()
    const outcomeIn = 'outcome_id IN (SELECT value FROM json_each(?))'
    this.ticksIn = db
      .prepare(
        `SELECT outcome_id, t, tie, price, suspended, server_delta FROM tick WHERE ${outcomeIn} AND t > ? AND t <= ?
         ORDER BY t, outcome_id, tie`,
      )
      .raw()
    // One row per outcome: its last tick in the window (SQLite's bare columns take the values of the
    // row holding the max; `tie` < 2^20 keeps t·2^20 + tie within 64 bits) and its tick count. The
    // key's order serves the grouping: no sort.
    this.lastTicksIn = db
      .prepare(
        `SELECT outcome_id, t, tie, price, suspended, server_delta, max(t * 1048576 + tie), count(*) FROM tick
         WHERE ${outcomeIn} AND t > ? AND t <= ? GROUP BY outcome_id`,
      )
      .raw()
    this.resyncsIn = db
      .prepare(`SELECT outcome_id, t, tie FROM resync_tick WHERE ${outcomeIn} AND t > ? AND t <= ?`)
      .raw()
    this.headersIn = db
      .prepare(
        `SELECT t, patch FROM header_change WHERE feed_id = ? AND match_id IN (SELECT value FROM json_each(?))
         AND t > ? AND t <= ? ORDER BY t, match_id, seq`,
      )
      .raw()
  }

  stateAt(feedId: number, matchIds: readonly number[], at: number): RecordedMatchState[] {
    const stored = matchIds.map((matchId) => this.outcomes.ofMatch(feedId, matchId))
    const recent = this.recentOf(stored.flat(), at)
    return matchIds.map((matchId, i) => ({
      matchId,
      outcomes: (stored[i] as StoredOutcome[]).map((o) => ({
        ref: { matchId, oddType: o.oddType, oddKey: o.oddKey },
        recent: recent.get(o.id) ?? [],
      })),
      header: storedJson(MatchHeader, this.headerAt.get(feedId, matchId, at) as string | undefined),
      overrides: this.records.overrideEvents(feedId, matchId, 0, at),
    }))
  }

  /** Ticks of these matches in [from, to], counted from the rollups (history.ts `tickCount`). */
  tickCount(feedId: number, matchIds: readonly number[], from: number, to: number): number {
    let total = 0
    for (const matchId of matchIds)
      for (const o of this.outcomes.ofMatch(feedId, matchId)) total += this.history.tickCount(o.id, from, to)
    return total
  }

  /**
   * At most `limit` events in (after, to], unless one millisecond alone holds more (it is never
   * split). A page is whole windows while they fit: it may hold fewer than `limit` events, and
   * `until` says where it ends. With `stepMs`, superseded ticks are left out of the page
   * (replay-conflate.ts) and a page is whole step windows (at most `limit` events kept, unless
   * one step alone holds more: that step is then read tick by tick, a page at a time).
   */
  events(
    feedId: number,
    matchIds: readonly number[],
    after: number,
    to: number,
    limit: number,
    { stepMs = 0, ticks = 'all' }: ReplayRead = {},
  ): RecordedEventPage {
    const of = this.sourcesOf(feedId, matchIds, ticks === 'all' ? null : this.overriddenIn(feedId, matchIds, after, to))
    if (stepMs <= 0) return { ...this.allEvents(of, matchIds, after, to, limit), folded: 0 }
    const events: RecordedEvent[] = []
    let folded = 0
    let lo = after
    for (let steps = 0; lo < to && steps < MAX_STEPS_PER_PAGE; steps++) {
      const hi = Math.min(to, (Math.floor(lo / stepMs) + 1) * stepMs)
      const step = this.stepWindow(of, matchIds, lo, hi, stepMs)
      if (events.length + step.events.length > limit) {
        if (events.length > 0) break
        const page = this.allEvents(of, matchIds, lo, hi, limit)
        return { ...conflateTicks(page.events, stepMs), until: page.until, more: page.until < to }
      }
      for (const event of step.events) events.push(event)
      folded += step.folded
      lo = hi
    }
    return { events, folded, until: lo, more: lo < to }
  }

  /**
   * What a page reads from: the matches and the ticks of their outcomes, or of `only` those
   * outcomes (`matchId|oddType|oddKey`). A narrower read keeps a density of its own.
   */
  private sourcesOf(feedId: number, matchIds: readonly number[], only: ReadonlySet<string> | null = null): Sources {
    const stored = matchIds.flatMap((matchId) => this.outcomes.ofMatch(feedId, matchId))
    const read = only ? stored.filter((o) => only.has(refKey(o))) : stored
    return {
      feedId,
      matchIds: JSON.stringify(matchIds),
      densityKey: only ? `${JSON.stringify(matchIds)} ${JSON.stringify([...only].sort())}` : JSON.stringify(matchIds),
      outcomeIds: JSON.stringify(read.map((o) => o.id)),
      outcomes: new Map(read.map((o) => [o.id, o])),
      idOf: new Map(read.map((o) => [refKey(o), o.id])),
    }
  }

  /** The outcomes (`matchId|oddType|oddKey`) with an override event in (after, to]. */
  private overriddenIn(feedId: number, matchIds: readonly number[], after: number, to: number): Set<string> {
    return new Set(this.records.overrideEventsOfMatches(feedId, matchIds, after, to).map(refKey))
  }

  private allEvents(
    of: Sources,
    matchIds: readonly number[],
    after: number,
    to: number,
    limit: number,
  ): Omit<RecordedEventPage, 'folded'> {
    const density = this.density.get(of.densityKey)
    const read: RecordedEvent[] = []
    let lo = after
    let width = density ? (limit * PAGE_FILL) / density : FIRST_WINDOW_MS
    while (lo < to) {
      const hi = Math.min(to, lo + Math.max(1, Math.ceil(width)))
      const window = this.window(of, matchIds, lo, hi)
      for (const event of window) read.push(event)
      if (window.length > 0) this.remember(of.densityKey, window.length / (hi - lo))
      lo = hi
      if (read.length >= limit * PAGE_FILL * 0.5) break
      // The next window aims at what the page still has room for, at the density just read.
      const room = limit * PAGE_FILL - read.length
      width =
        window.length === 0
          ? width * MAX_WINDOW_GROWTH
          : Math.min(width * MAX_WINDOW_GROWTH, (width * room) / window.length)
    }
    if (read.length <= limit) return { events: read, until: lo, more: lo < to }
    // The page ends before the millisecond of the first event beyond the limit, or after it when it is the first.
    const cutAt = (read[limit] as RecordedEvent).at
    const kept = read.filter((e) => e.at < cutAt)
    const events = kept.length > 0 ? kept : read.filter((e) => e.at === cutAt)
    const until = (events[events.length - 1] as RecordedEvent).at
    return { events, until, more: until < to }
  }

  /** The events a millisecond the last page of this read found, for the next page's window. */
  private remember(key: string, perMs: number): void {
    if (this.density.size >= DENSITIES_KEPT && !this.density.has(key)) this.density.clear()
    this.density.set(key, perMs)
  }

  /** Every event in (lo, hi], in time order. */
  private window(of: Sources, matchIds: readonly number[], lo: number, hi: number): RecordedEvent[] {
    const overrides = this.records.overrideEventsOfMatches(of.feedId, matchIds, lo, hi)
    return this.inTimeOrder(of, matchIds, lo, hi, overrides, this.ticksOf(of, of.outcomeIds, lo, hi))
  }

  /**
   * The events of one step window (lo, hi], conflated: each outcome's last tick from the grouped
   * read. An outcome with a resync or an override event in the step (rare) is read tick by tick
   * and folded by conflateTicks, which keeps those ticks as well.
   */
  private stepWindow(of: Sources, matchIds: readonly number[], lo: number, hi: number, stepMs: number) {
    const overrides = this.records.overrideEventsOfMatches(of.feedId, matchIds, lo, hi)
    const exact = new Set<number>()
    for (const [oid] of this.resyncsIn.all(of.outcomeIds, lo, hi) as Array<[number]>) exact.add(oid)
    for (const event of overrides) {
      const oid = of.idOf.get(refKey(event))
      if (oid !== undefined) exact.add(oid)
    }
    const ticks = exact.size > 0 ? this.ticksOf(of, JSON.stringify([...exact]), lo, hi) : []
    let folded = 0
    for (const row of this.lastTicksIn.all(of.outcomeIds, lo, hi) as LastTickRow[]) {
      if (exact.has(row[0])) continue
      ticks.push(tickEvent(of, row, false))
      folded += row[7] - 1
    }
    const events = this.inTimeOrder(of, matchIds, lo, hi, overrides, ticks)
    if (exact.size === 0) return { events, folded }
    const conflated = conflateTicks(events, stepMs)
    return { events: conflated.events, folded: folded + conflated.folded }
  }

  /** Every tick of these outcomes (a JSON array) in (lo, hi], each marked if it is a resync. */
  private ticksOf(of: Sources, outcomeIds: string, lo: number, hi: number): RecordedEvent[] {
    const resyncs = new Set(
      (this.resyncsIn.all(outcomeIds, lo, hi) as Array<[number, number, number]>).map(
        ([o, t, tie]) => `${o}:${t}:${tie}`,
      ),
    )
    return (this.ticksIn.all(outcomeIds, lo, hi) as TickRow[]).map((row) =>
      // Rare (a gap's first price), so the check costs one lookup in a set that is nearly always empty.
      tickEvent(of, row, resyncs.size > 0 && resyncs.has(`${row[0]}:${row[1]}:${row[2]}`)),
    )
  }

  /** The ticks given, with the window's headers, overrides and alerts, in time order. */
  private inTimeOrder(
    of: Sources,
    matchIds: readonly number[],
    lo: number,
    hi: number,
    overrides: readonly OverrideEvent[],
    ticks: RecordedEvent[],
  ): RecordedEvent[] {
    const events: RecordedEvent[] = []
    for (const row of this.headersIn.all(of.feedId, of.matchIds, lo, hi) as Array<[number, string]>) {
      const header = storedJson(MatchHeaderPatch, row[1])
      if (header) events.push({ kind: 'header', at: row[0], header })
    }
    for (const event of ticks) events.push(event)
    for (const event of overrides) events.push({ kind: 'override', at: event.receivedTs, event })
    for (const { at, alert } of this.records.alertsOfMatches(of.feedId, matchIds, lo, hi))
      events.push({ kind: 'alert', at, alert })
    // Stable: each source is in time order, and an outcome's ticks of one millisecond keep theirs (tie).
    return events.sort((a, b) => a.at - b.at || KIND_ORDER[a.kind] - KIND_ORDER[b.kind])
  }

  /** Per outcome, its last ticks at or before `at`, newest first (RecordedOutcome `recent`). */
  private recentOf(outcomes: readonly StoredOutcome[], at: number): Map<number, RecordedTick[]> {
    const recent = this.lastTicksOf(this.firstTicks, FIRST_TICKS, outcomes, at)
    const repeated = outcomes.filter((o) => {
      const ticks = recent.get(o.id)
      return ticks !== undefined && ticks.length === FIRST_TICKS && ticks[0]?.price === ticks[1]?.price
    })
    if (repeated.length > 0)
      for (const [id, ticks] of this.lastTicksOf(this.recentTicks, RECENT_TICKS, repeated, at)) recent.set(id, ticks)
    return recent
  }

  private lastTicksOf(
    statement: Database.Statement,
    n: number,
    outcomes: readonly StoredOutcome[],
    at: number,
  ): Map<number, RecordedTick[]> {
    const rows = statement.all(JSON.stringify(outcomes.map((o) => o.id)), at, at) as Array<
      [number, number, number, number, number, number]
    >
    const recent = new Map<number, RecordedTick[]>()
    for (const [oid, t, price, suspended, delta, resync] of rows) {
      let ticks = recent.get(oid)
      if (!ticks) recent.set(oid, (ticks = []))
      if (ticks.length < n)
        ticks.push({
          t,
          price: milliToPrice(price),
          suspended: suspended === 1,
          serverTs: t + delta,
          resync: resync === 1,
        })
    }
    return recent
  }
}

function tickEvent(
  of: Sources,
  [oid, t, , price, suspended, delta]: TickRow | LastTickRow,
  resync: boolean,
): RecordedEvent {
  const o = of.outcomes.get(oid) as StoredOutcome
  const event: RecordedEvent = {
    kind: 'tick',
    at: t,
    matchId: o.matchId,
    oddType: o.oddType,
    oddKey: o.oddKey,
    price: milliToPrice(price),
    suspended: suspended === 1,
    serverTs: t + delta,
  }
  if (resync) event.resync = true
  return event
}
