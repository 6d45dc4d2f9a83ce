/**
 * Per-outcome aggregates over fixed, epoch-aligned buckets, kept up to date at every flush.
 * Why: aggregating a million ticks at query time costs SQLite ≥ 250 ms on a small machine, so
 * history() reads these instead and its cost follows the points it returns, not the ticks stored.
 * An aggregate keeps what a line chart must not lose: first, last, minimum, maximum (each with its
 * time and suspended flag) and how many suspension changes happened inside.
 */
import type Database from 'better-sqlite3'

/** Bucket widths, finest first. Roughly ×6 apart so a query can always find a level near its need. */
export const ROLLUP_LEVELS_MS: readonly number[] = [10_000, 60_000, 300_000, 1_800_000, 10_800_000]

/** Times in epoch ms, prices in thousandths, suspended as 0/1. */
export interface Agg {
  n: number
  firstT: number
  firstP: number
  firstS: number
  lastT: number
  lastP: number
  lastS: number
  minT: number
  minP: number
  minS: number
  maxT: number
  maxP: number
  maxS: number
  /** Suspension flips between consecutive ticks inside the aggregate. */
  suspChanges: number
}

export function aggOfTick(t: number, p: number, s: number): Agg {
  return {
    n: 1,
    firstT: t,
    firstP: p,
    firstS: s,
    lastT: t,
    lastP: p,
    lastS: s,
    minT: t,
    minP: p,
    minS: s,
    maxT: t,
    maxP: p,
    maxS: s,
    suspChanges: 0,
  }
}

/** Folds `next` (later in time) into `into`. */
export function mergeAgg(into: Agg, next: Agg): void {
  into.suspChanges += next.suspChanges + (into.lastS !== next.firstS ? 1 : 0)
  into.n += next.n
  into.lastT = next.lastT
  into.lastP = next.lastP
  into.lastS = next.lastS
  if (next.minP < into.minP) {
    into.minT = next.minT
    into.minP = next.minP
    into.minS = next.minS
  }
  if (next.maxP > into.maxP) {
    into.maxT = next.maxT
    into.maxP = next.maxP
    into.maxS = next.maxS
  }
}

/** Adds one tick in place (this runs per tick per level, so it allocates nothing). */
function addTick(agg: Agg, t: number, p: number, s: number): void {
  agg.n++
  if (t >= agg.lastT) {
    if (s !== agg.lastS) agg.suspChanges++
    agg.lastT = t
    agg.lastP = p
    agg.lastS = s
  } else if (t < agg.firstT) {
    // A receive clock that stepped back: keep first/last right; such a flip cannot be placed.
    agg.firstT = t
    agg.firstP = p
    agg.firstS = s
  }
  if (p < agg.minP) {
    agg.minT = t
    agg.minP = p
    agg.minS = s
  }
  if (p > agg.maxP) {
    agg.maxT = t
    agg.maxP = p
    agg.maxS = s
  }
}

interface Cell {
  outcomeId: number
  level: number
  bucket: number
  agg: Agg
}

/** Collects one flush's aggregates; consecutive ticks of an outcome usually hit the same cell. */
export class RollupBatch {
  private readonly cells: Cell[] = []
  private readonly current = new Map<number, Cell[]>()

  add(outcomeId: number, t: number, p: number, s: number): void {
    let open = this.current.get(outcomeId)
    if (!open) {
      open = []
      this.current.set(outcomeId, open)
    }
    for (let level = 0; level < ROLLUP_LEVELS_MS.length; level++) {
      const width = ROLLUP_LEVELS_MS[level] as number
      const bucket = t - (((t % width) + width) % width)
      const cell = open[level]
      if (cell && cell.bucket === bucket) {
        addTick(cell.agg, t, p, s)
      } else {
        const fresh: Cell = { outcomeId, level, bucket, agg: aggOfTick(t, p, s) }
        this.cells.push(fresh)
        open[level] = fresh
      }
    }
  }

  /** Merges every collected cell into tick_rollup (caller holds the transaction). */
  write(upsert: Database.Statement): void {
    for (const { outcomeId, level, bucket, agg: a } of this.cells) {
      upsert.run(
        outcomeId,
        level,
        bucket,
        a.n,
        a.firstT - bucket,
        a.firstP,
        a.firstS,
        a.lastT - bucket,
        a.lastP,
        a.lastS,
        a.minT - bucket,
        a.minP,
        a.minS,
        a.maxT - bucket,
        a.maxP,
        a.maxS,
        a.suspChanges,
      )
    }
  }
}

/**
 * Unqualified columns in DO UPDATE are the stored row (all read before any is assigned), so every
 * CASE compares the stored aggregate with the new one. A flip across the seam counts when the new
 * part starts after the stored last tick — the normal, time-ordered case.
 */
export const UPSERT_ROLLUP_SQL = `
INSERT INTO tick_rollup (outcome_id, level, bucket, n, first_dt, first_p, first_s, last_dt, last_p, last_s,
  min_dt, min_p, min_s, max_dt, max_p, max_s, susp_changes)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (outcome_id, level, bucket) DO UPDATE SET
  n = n + excluded.n,
  susp_changes = susp_changes + excluded.susp_changes
    + (CASE WHEN excluded.first_dt >= last_dt AND excluded.first_s != last_s THEN 1 ELSE 0 END),
  first_dt = CASE WHEN excluded.first_dt < first_dt THEN excluded.first_dt ELSE first_dt END,
  first_p = CASE WHEN excluded.first_dt < first_dt THEN excluded.first_p ELSE first_p END,
  first_s = CASE WHEN excluded.first_dt < first_dt THEN excluded.first_s ELSE first_s END,
  last_dt = CASE WHEN excluded.last_dt >= last_dt THEN excluded.last_dt ELSE last_dt END,
  last_p = CASE WHEN excluded.last_dt >= last_dt THEN excluded.last_p ELSE last_p END,
  last_s = CASE WHEN excluded.last_dt >= last_dt THEN excluded.last_s ELSE last_s END,
  min_dt = CASE WHEN excluded.min_p < min_p THEN excluded.min_dt ELSE min_dt END,
  min_s = CASE WHEN excluded.min_p < min_p THEN excluded.min_s ELSE min_s END,
  min_p = CASE WHEN excluded.min_p < min_p THEN excluded.min_p ELSE min_p END,
  max_dt = CASE WHEN excluded.max_p > max_p THEN excluded.max_dt ELSE max_dt END,
  max_s = CASE WHEN excluded.max_p > max_p THEN excluded.max_s ELSE max_s END,
  max_p = CASE WHEN excluded.max_p > max_p THEN excluded.max_p ELSE max_p END`
