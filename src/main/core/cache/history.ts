/**
 * Review queries: a downsampled price series per outcome, whose cost follows the points returned
 * rather than the ticks stored. Full rollup buckets inside the range come from tick_rollup; the
 * ragged edges are covered by the next finer level, and below the finest level by raw ticks, so
 * the result holds exactly the ticks inside [from, to].
 */
import type Database from 'better-sqlite3'
import { downsample, suspensionTransitions, type RawPoint } from './downsample'
import type { StoredOutcome } from './outcomes'
import { aggOfTick, ROLLUP_LEVELS_MS, type Agg } from './rollup'
import { milliToPrice } from './tick-writer'

export interface HistoryPoint {
  /** Receive time, epoch ms. */
  t: number
  price: number
  suspended: boolean
}

export interface OutcomeHistory {
  oddType: string
  oddKey: string
  /** Ticks stored for the outcome in the range. */
  tickCount: number
  /** True when `points` are every tick of the range (it was small enough), false when downsampled. */
  exact: boolean
  points: HistoryPoint[]
}

/** Each output bucket yields up to 4 points (first, min, max, last). */
const POINTS_PER_BUCKET = 4

export class HistoryReader {
  private readonly count: Database.Statement
  private readonly raw: Database.Statement
  private readonly rollup: Database.Statement
  private readonly rollupCount: Database.Statement

  constructor(db: Database.Database) {
    this.count = db.prepare('SELECT count(*) FROM tick WHERE outcome_id = ? AND t >= ? AND t <= ?').pluck()
    this.raw = db
      .prepare('SELECT t, price, suspended FROM tick WHERE outcome_id = ? AND t >= ? AND t <= ? ORDER BY t, tie')
      .raw()
    this.rollup = db
      .prepare(
        `SELECT bucket, n, first_dt, first_p, first_s, last_dt, last_p, last_s, min_dt, min_p, min_s, max_dt, max_p, max_s, susp_changes
         FROM tick_rollup WHERE outcome_id = ? AND level = ? AND bucket >= ? AND bucket < ? ORDER BY bucket`,
      )
      .raw()
    this.rollupCount = db
      .prepare(
        'SELECT coalesce(sum(n), 0) FROM tick_rollup WHERE outcome_id = ? AND level = ? AND bucket >= ? AND bucket < ?',
      )
      .pluck()
  }

  /**
   * Ticks of the outcome in [from, to], from the rollups where whole buckets fit (as `aggregates`
   * covers a range): a 6-hour count reads a few rows, not every tick. A bucket that straddled the
   * retention cutoff still counts the ticks compaction deleted from it.
   */
  tickCount(outcomeId: number, from: number, to: number, level = ROLLUP_LEVELS_MS.length - 1): number {
    if (from > to) return 0
    if (level < 0) return this.count.get(outcomeId, from, to) as number
    const width = ROLLUP_LEVELS_MS[level] as number
    const firstFull = Math.ceil(from / width) * width
    const endFull = Math.floor((to + 1) / width) * width
    if (firstFull >= endFull) return this.tickCount(outcomeId, from, to, level - 1)
    return (
      this.tickCount(outcomeId, from, firstFull - 1, level - 1) +
      (this.rollupCount.get(outcomeId, level, firstFull, endFull) as number) +
      this.tickCount(outcomeId, endFull, to, level - 1)
    )
  }

  /** `maxPoints` bounds the points per outcome (suspension changes are added on top, never dropped). */
  series(outcome: StoredOutcome, from: number, to: number, maxPoints: number): OutcomeHistory {
    const tickCount = this.count.get(outcome.id, from, to) as number
    const base = { oddType: outcome.oddType, oddKey: outcome.oddKey, tickCount }
    if (tickCount <= maxPoints) {
      return { ...base, exact: true, points: this.rawPoints(outcome.id, from, to).map(toHistoryPoint) }
    }
    const buckets = Math.max(1, Math.floor(maxPoints / POINTS_PER_BUCKET))
    const width = (to - from + 1) / buckets
    // The coarsest level at most twice an output bucket: ≤ 2 rows read per bucket where a level
    // fits, and a bucket never drawn coarser than 2× what was asked.
    let level = -1
    while (level + 1 < ROLLUP_LEVELS_MS.length && (ROLLUP_LEVELS_MS[level + 1] as number) <= width * 2) level++
    const aggs = this.aggregates(outcome.id, from, to, level)
    const points = downsample(aggs, from, to, buckets, (a, b) =>
      suspensionTransitions(this.rawPoints(outcome.id, a, b)),
    )
    return { ...base, exact: false, points: points.map(toHistoryPoint) }
  }

  private rawPoints(outcomeId: number, from: number, to: number): RawPoint[] {
    return (this.raw.all(outcomeId, from, to) as [number, number, number][]).map(([t, p, s]) => ({ t, p, s }))
  }

  /** Time-ordered aggregates covering exactly [from, to] (inclusive). */
  private aggregates(outcomeId: number, from: number, to: number, level: number): Agg[] {
    if (from > to) return []
    if (level < 0) return this.rawPoints(outcomeId, from, to).map(({ t, p, s }) => aggOfTick(t, p, s))
    const width = ROLLUP_LEVELS_MS[level] as number
    const firstFull = Math.ceil(from / width) * width
    const endFull = Math.floor((to + 1) / width) * width
    if (firstFull >= endFull) return this.aggregates(outcomeId, from, to, level - 1)
    const middle = (this.rollup.all(outcomeId, level, firstFull, endFull) as number[][]).map(rowToAgg)
    return [
      ...this.aggregates(outcomeId, from, firstFull - 1, level - 1),
      ...middle,
      ...this.aggregates(outcomeId, endFull, to, level - 1),
    ]
  }
}

function rowToAgg(r: number[]): Agg {
  const [bucket, n, firstDt, firstP, firstS, lastDt, lastP, lastS, minDt, minP, minS, maxDt, maxP, maxS, suspChanges] =
    r as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ]
  return {
    n,
    firstT: bucket + firstDt,
    firstP,
    firstS,
    lastT: bucket + lastDt,
    lastP,
    lastS,
    minT: bucket + minDt,
    minP,
    minS,
    maxT: bucket + maxDt,
    maxP,
    maxS,
    suspChanges,
  }
}

function toHistoryPoint(pt: RawPoint): HistoryPoint {
  return { t: pt.t, price: milliToPrice(pt.p), suspended: pt.s === 1 }
}
