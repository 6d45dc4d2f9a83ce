/**
 * Turns time-ordered aggregates (rollup rows or single ticks) into at most ~4 points per output
 * bucket — first, minimum, maximum, last (the "M4" rule, which draws the same line as all the
 * ticks) — plus the ticks on both sides of every suspension change, so suspensions stay exact.
 */
import { mergeAgg, type Agg } from './rollup'

/** Price in thousandths, suspended as 0/1: the stored form, converted by the caller. */
export interface RawPoint {
  t: number
  p: number
  s: number
}

/**
 * @param transitionsIn ticks around each suspension change strictly inside [fromT, toT]; only
 *   asked for aggregates that report such changes.
 */
export function downsample(
  aggs: readonly Agg[],
  from: number,
  to: number,
  buckets: number,
  transitionsIn: (fromT: number, toT: number) => RawPoint[],
): RawPoint[] {
  const width = (to - from + 1) / Math.max(1, buckets)
  const points: RawPoint[] = []
  let bucket: Agg | null = null
  let bucketIndex = -1
  let previous: Agg | null = null
  const emit = (a: Agg): void => {
    points.push(
      { t: a.firstT, p: a.firstP, s: a.firstS },
      { t: a.minT, p: a.minP, s: a.minS },
      { t: a.maxT, p: a.maxP, s: a.maxS },
      { t: a.lastT, p: a.lastP, s: a.lastS },
    )
  }
  for (const agg of aggs) {
    const index = Math.min(buckets - 1, Math.floor((agg.firstT - from) / width))
    if (bucket && index !== bucketIndex) {
      emit(bucket)
      bucket = null
    }
    if (previous && previous.lastS !== agg.firstS) {
      points.push(
        { t: previous.lastT, p: previous.lastP, s: previous.lastS },
        { t: agg.firstT, p: agg.firstP, s: agg.firstS },
      )
    }
    if (agg.suspChanges > 0) points.push(...transitionsIn(agg.firstT, agg.lastT))
    previous = agg
    if (bucket) {
      mergeAgg(bucket, agg)
    } else {
      bucket = { ...agg }
      bucketIndex = index
    }
  }
  if (bucket) emit(bucket)
  return sortUnique(points)
}

function sortUnique(points: RawPoint[]): RawPoint[] {
  points.sort((a, b) => a.t - b.t)
  const out: RawPoint[] = []
  for (const pt of points) {
    const last = out[out.length - 1]
    if (last && last.t === pt.t && last.p === pt.p && last.s === pt.s) continue
    out.push(pt)
  }
  return out
}

/** Ticks on both sides of each suspension change in a time-ordered run of ticks. */
export function suspensionTransitions(ticks: readonly RawPoint[]): RawPoint[] {
  const out: RawPoint[] = []
  for (let i = 1; i < ticks.length; i++) {
    const before = ticks[i - 1] as RawPoint
    const after = ticks[i] as RawPoint
    if (before.s !== after.s) out.push(before, after)
  }
  return out
}
