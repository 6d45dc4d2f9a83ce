/**
 * Detects "a price moved by at least X % or X within T seconds". A price counts from the moment it
 * arrives until the next one replaces it, so the reference prices of a window [now − T, now] are the
 * price in force at now − T plus every later one. A long-standing price followed by a jump is a move
 * (it happened in an instant); a drift spread over more than T seconds is not.
 *
 * Rings exist only for outcomes some move rule covers (the engine calls `record` only then).
 */
import type { AlertCondition } from '../../../shared/alerts'
import { PriceRing } from './price-ring'

type MoveCondition = Extract<AlertCondition, { kind: 'move' }>

export interface Move {
  fromTs: number
  fromPrice: number
  toPrice: number
  delta: number
  pct: number
}

/** Prices are decimals in binary floating point: 2.0 → 2.1 must reach "5 %" and "0.1" exactly. */
const RELATIVE_TOLERANCE = 1e-9
function reaches(value: number, minimum: number): boolean {
  return value >= minimum - RELATIVE_TOLERANCE * Math.max(1, minimum)
}

function isMove(cond: MoveCondition, delta: number, pct: number): boolean {
  return (
    (cond.minAbs !== undefined && reaches(Math.abs(delta), cond.minAbs)) ||
    (cond.minPct !== undefined && reaches(Math.abs(pct), cond.minPct))
  )
}

/** Enough for a busy outcome over a minute-long window; see PriceRing for what happens beyond it. */
const RING_CAPACITY = 64

export class MoveTracker {
  private readonly rings = new Map<string, PriceRing>()
  /** `ruleId|outcomeId` → ts of the last firing: prices before it no longer count for that rule. */
  private readonly firedAt = new Map<string, number>()

  constructor(private readonly maxWindowMs: number) {}

  /** Adds the outcome's current price (a repeat of the price in force adds nothing) and returns its ring. */
  record(outcomeKey: string, ts: number, price: number): PriceRing {
    let ring = this.rings.get(outcomeKey)
    if (!ring) {
      ring = new PriceRing(RING_CAPACITY)
      this.rings.set(outcomeKey, ring)
    }
    // Arrival order is the truth: a server timestamp that jitters backwards is pinned to the last one.
    const at = Math.max(ts, ring.lastTs() ?? ts)
    if (ring.lastPrice() !== price) ring.push(at, price)
    ring.evictBefore(at - this.maxWindowMs)
    return ring
  }

  /** The largest qualifying move ending at the ring's newest price, or null. Firing resets the reference. */
  evaluate(ring: PriceRing, cond: MoveCondition, ruleOutcomeKey: string): Move | null {
    const last = ring.size - 1
    const nowTs = ring.tsAt(last)
    const toPrice = ring.priceAt(last)
    let cutoff = nowTs - cond.windowSeconds * 1000
    const firedAt = this.firedAt.get(ruleOutcomeKey)
    if (firedAt !== undefined) {
      if (firedAt > cutoff) cutoff = firedAt
      else this.firedAt.delete(ruleOutcomeKey) // outside the window: the time cutoff already excludes it
    }
    let best: Move | null = null
    for (let i = ring.indexInForceAt(cutoff); i < last; i++) {
      const fromPrice = ring.priceAt(i)
      const delta = toPrice - fromPrice
      const pct = fromPrice > 0 ? (delta / fromPrice) * 100 : 0
      if (isMove(cond, delta, pct) && (best === null || Math.abs(delta) > Math.abs(best.delta))) {
        best = { fromTs: ring.tsAt(i), fromPrice, toPrice, delta, pct }
      }
    }
    if (best) this.firedAt.set(ruleOutcomeKey, nowTs)
    return best
  }
}
