/**
 * The desk replay's reads (shared/replay.ts): what was recorded of a set of matches at one instant,
 * and everything recorded in a time range, merged in time order one page at a time.
 *
 * The state at an instant costs one seek per outcome on the tick key (outcome_id, t, tie) and one
 * per match on the header key: a seek anywhere in a long recording costs the same. An events page
 * reads consecutive time windows, each sized from the density of the one before, until it holds
 * more than the page's limit; it then ends at a whole millisecond, so the next page (`after:
 * until`) neither repeats nor skips an event of a millisecond split between pages.
 */
import type Database from 'better-sqlite3'
import { MatchHeader, MatchHeaderPatch } from '../../../shared/board'
import type { OutcomeRef, OverrideEvent } from '../../../shared/domain'
import type { HistoryReader } from './history'
import type { OutcomeRegistry, StoredOutcome } from './outcomes'
import type { RecordStore, StorableAlert } from './records'
import { storedJson } from './stored-json'
import { milliToPrice } from './tick-writer'

/** Ticks read back from the instant per outcome: enough to find the last move behind a few repeats. */
export const RECENT_TICKS = 8

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
  /** Its last ticks at or before the instant, newest first (at most RECENT_TICKS). */
  recent: RecordedTick[]
}

export interface RecordedMatchState {
  matchId: number
  /** The outcomes with a tick at or before the instant, in first-seen order. */
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
}

/** The first window an events page reads; later ones follow the density found. */
const FIRST_WINDOW_MS = 1000
/** A window grows at most this much over the one before (an empty stretch is crossed in a few reads). */
const MAX_WINDOW_GROWTH = 8

/** Within one millisecond: the header first, then the prices, the overrides and the alerts they caused. */
const KIND_ORDER: Record<RecordedEvent['kind'], number> = { header: 0, tick: 1, override: 2, alert: 3 }

type TickRow = [outcomeId: number, t: number, tie: number, price: number, suspended: number, delta: number]

export class ReplayRows {
  private readonly recentTicks: Database.Statement
  private readonly recentResyncs: Database.Statement
  private readonly headerAt: Database.Statement
  private readonly ticksIn: Database.Statement
  private readonly resyncsIn: Database.Statement
  private readonly headersIn: Database.Statement

  constructor(
    db: Database.Database,
    private readonly outcomes: OutcomeRegistry,
    private readonly records: RecordStore,
    private readonly history: HistoryReader,
  ) {
    this.recentTicks = db
      .prepare(
        'SELECT t, tie, price, suspended, server_delta FROM tick WHERE outcome_id = ? AND t <= ? ORDER BY t DESC, tie DESC LIMIT ?',
      )
      .raw()
    this.recentResyncs = db.prepare('SELECT t, tie FROM resync_tick WHERE outcome_id = ? AND t >= ? AND t <= ?').raw()
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
    return matchIds.map((matchId) => ({
      matchId,
      outcomes: this.outcomes.ofMatch(feedId, matchId).flatMap((o) => {
        const recent = this.recentOf(o, at)
        return recent.length > 0 ? [{ ref: { matchId, oddType: o.oddType, oddKey: o.oddKey }, recent }] : []
      }),
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

  /** At most `limit` events in (after, to], unless one millisecond alone holds more (it is never split). */
  events(feedId: number, matchIds: readonly number[], after: number, to: number, limit: number): RecordedEventPage {
    const stored = matchIds.flatMap((matchId) => this.outcomes.ofMatch(feedId, matchId))
    const read: RecordedEvent[] = []
    let lo = after
    let width = FIRST_WINDOW_MS
    while (lo < to && read.length <= limit) {
      const hi = Math.min(to, lo + width)
      const window = this.window(feedId, matchIds, stored, lo, hi)
      for (const event of window) read.push(event)
      const wanted = limit + 1 - read.length
      width =
        window.length === 0
          ? width * MAX_WINDOW_GROWTH
          : Math.min(width * MAX_WINDOW_GROWTH, (width * wanted) / window.length)
      width = Math.max(1, Math.ceil(width))
      lo = hi
    }
    if (read.length <= limit) return { events: read, until: to, more: false }
    // The page ends before the millisecond of the first event beyond the limit, or after it when it is the first.
    const cutAt = (read[limit] as RecordedEvent).at
    const kept = read.filter((e) => e.at < cutAt)
    const events = kept.length > 0 ? kept : read.filter((e) => e.at === cutAt)
    const until = (events[events.length - 1] as RecordedEvent).at
    return { events, until, more: until < to }
  }

  /** Every event in (lo, hi], in time order. */
  private window(
    feedId: number,
    matchIds: readonly number[],
    stored: readonly StoredOutcome[],
    lo: number,
    hi: number,
  ): RecordedEvent[] {
    const ids = JSON.stringify(stored.map((o) => o.id))
    const byId = new Map(stored.map((o) => [o.id, o]))
    const resyncs = new Set(
      (this.resyncsIn.all(ids, lo, hi) as Array<[number, number, number]>).map(([o, t, tie]) => `${o}:${t}:${tie}`),
    )
    const events: RecordedEvent[] = []
    for (const row of this.headersIn.all(feedId, JSON.stringify(matchIds), lo, hi) as Array<[number, string]>) {
      const header = storedJson(MatchHeaderPatch, row[1])
      if (header) events.push({ kind: 'header', at: row[0], header })
    }
    for (const [oid, t, tie, price, suspended, delta] of this.ticksIn.all(ids, lo, hi) as TickRow[]) {
      const o = byId.get(oid) as StoredOutcome
      events.push({
        kind: 'tick',
        at: t,
        matchId: o.matchId,
        oddType: o.oddType,
        oddKey: o.oddKey,
        price: milliToPrice(price),
        suspended: suspended === 1,
        serverTs: t + delta,
        ...(resyncs.has(`${oid}:${t}:${tie}`) && { resync: true as const }),
      })
    }
    for (const event of this.records.overrideEventsOfMatches(feedId, matchIds, lo, hi))
      events.push({ kind: 'override', at: event.receivedTs, event })
    for (const { at, alert } of this.records.alertsOfMatches(feedId, matchIds, lo, hi))
      events.push({ kind: 'alert', at, alert })
    // Stable: each source is already in time order.
    return events.sort((a, b) => a.at - b.at || KIND_ORDER[a.kind] - KIND_ORDER[b.kind])
  }

  private recentOf(o: StoredOutcome, at: number): RecordedTick[] {
    const rows = this.recentTicks.all(o.id, at, RECENT_TICKS) as Array<[number, number, number, number, number]>
    if (rows.length === 0) return []
    const oldest = (rows[rows.length - 1] as [number, ...number[]])[0]
    const marks = new Set(
      (this.recentResyncs.all(o.id, oldest, at) as Array<[number, number]>).map(([t, tie]) => `${t}:${tie}`),
    )
    return rows.map(([t, tie, price, suspended, delta]) => ({
      t,
      price: milliToPrice(price),
      suspended: suspended === 1,
      serverTs: t + delta,
      resync: marks.has(`${t}:${tie}`),
    }))
  }
}
