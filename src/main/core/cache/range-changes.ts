/**
 * Every recorded tick of a feed's matches over a range, in time order across outcomes, turned back
 * into what the watch engine handed the alert rules when it arrived: a change, a resync, or nothing
 * (a tick that repeated its outcome's price and suspension). Read a page at a time so a long range
 * never holds the event loop or the memory: the backtest (alerts/backtest.ts) reads, yields, reads on.
 *
 * Each page is a slice of time (its width adapts to how busy the last one was) read by one seek per
 * outcome on the tick key, sorted; a page that reaches `limit` continues where it stopped. Each tick
 * is compared with the tick before it of its outcome (one primary-key seek, as recent-changes.ts),
 * so the first tick of the range is a change exactly when it was one live.
 */
import type Database from 'better-sqlite3'
import { comparePrice, resyncOf, type OutcomeRef, type PriceChange } from '../../../shared/domain'
import { milliToPrice, storedTick } from './tick-writer'

/** Where the next page starts: after this (t, outcome, tie), within a slice of `sliceMs`. */
export interface ChangeCursor {
  t: number
  outcomeId: number
  tie: number
  sliceMs: number
}

export interface ChangesQuery {
  /** Null: every match of the feed. */
  matchIds: readonly number[] | null
  from: number
  /** Inclusive. */
  to: number
  /** Null: the first page. */
  after: ChangeCursor | null
  limit: number
}

export interface ChangesPage {
  /** Changes and resyncs in receive-time order; ticks that changed nothing are left out. */
  changes: PriceChange[]
  /** Ticks read for this page (changes or not). */
  ticks: number
  /** Null once the range is read. */
  next: ChangeCursor | null
}

const FIRST_SLICE_MS = 60_000
const MIN_SLICE_MS = 1000
const MAX_SLICE_MS = 3_600_000

const PAGE_SQL = `
SELECT o.match_id, o.odd_type, o.odd_key, k.outcome_id, k.t, k.tie, k.server_delta, k.price, k.suspended, (
  SELECT p.price * 2 + p.suspended FROM tick p
  WHERE p.outcome_id = k.outcome_id AND (p.t, p.tie) < (k.t, k.tie)
  ORDER BY p.t DESC, p.tie DESC LIMIT 1
) AS previous,
EXISTS (SELECT 1 FROM resync_tick s WHERE s.outcome_id = k.outcome_id AND s.t = k.t AND s.tie = k.tie) AS resync
FROM outcome o JOIN tick k ON k.outcome_id = o.id
WHERE o.feed_id = ? AND (? IS NULL OR o.match_id IN (SELECT value FROM json_each(?)))
  AND k.t >= ? AND k.t <= ? AND (k.t, k.outcome_id, k.tie) > (?, ?, ?)
ORDER BY k.t, k.outcome_id, k.tie
LIMIT ?`

type Row = [
  matchId: number,
  oddType: string,
  oddKey: string,
  outcomeId: number,
  t: number,
  tie: number,
  serverDelta: number,
  price: number,
  suspended: number,
  /** The previous tick's price × 2 + suspended; null for an outcome's first tick. */
  previous: number | null,
  resync: 0 | 1,
]

/**
 * A stored tick as the price book handed it on: a resync when marked so or when it is the outcome's
 * first, nothing when it repeats the previous state, else a change from that state.
 */
export function storedChange(
  ref: OutcomeRef,
  t: number,
  serverDelta: number,
  price: number,
  suspended: number,
  previous: number | null,
  resync: boolean,
): PriceChange | null {
  const tick = storedTick(ref, t, serverDelta, price, suspended)
  if (resync || previous === null) return resyncOf(tick)
  if (previous === price * 2 + suspended) return null
  return comparePrice(tick, { price: milliToPrice(Math.floor(previous / 2)), suspended: previous % 2 === 1 })
}

export class RangeChanges {
  private readonly select: Database.Statement

  constructor(db: Database.Database) {
    this.select = db.prepare(PAGE_SQL).raw()
  }

  page(feedId: number, query: ChangesQuery): ChangesPage {
    const after = query.after ?? { t: query.from, outcomeId: -1, tie: -1, sliceMs: FIRST_SLICE_MS }
    const sliceEnd = Math.min(query.to, after.t + after.sliceMs)
    const ids = query.matchIds === null ? null : JSON.stringify(query.matchIds)
    const rows = this.select.all(
      feedId,
      ids,
      ids,
      after.t,
      sliceEnd,
      after.t,
      after.outcomeId,
      after.tie,
      query.limit,
    ) as Row[]
    const changes: PriceChange[] = []
    for (const [matchId, oddType, oddKey, , t, , delta, price, suspended, previous, resync] of rows) {
      const change = storedChange({ matchId, oddType, oddKey }, t, delta, price, suspended, previous, resync === 1)
      if (change) changes.push(change)
    }
    return { changes, ticks: rows.length, next: nextCursor(after, rows, sliceEnd, query) }
  }
}

/**
 * A full page goes on after its last row within the same slice; a short one has read its slice and
 * the next slice starts after it, wider when this one was quiet, narrower when it filled the page.
 */
function nextCursor(after: ChangeCursor, rows: Row[], sliceEnd: number, query: ChangesQuery): ChangeCursor | null {
  const last = rows.at(-1)
  if (last !== undefined && rows.length === query.limit) {
    const sliceMs = Math.max(MIN_SLICE_MS, Math.floor(after.sliceMs / 2))
    return { t: last[4], outcomeId: last[3], tie: last[5], sliceMs }
  }
  if (sliceEnd >= query.to) return null
  const sliceMs = rows.length < query.limit / 4 ? Math.min(MAX_SLICE_MS, after.sliceMs * 2) : after.sliceMs
  return { t: sliceEnd, outcomeId: Number.MAX_SAFE_INTEGER, tie: Number.MAX_SAFE_INTEGER, sliceMs }
}
