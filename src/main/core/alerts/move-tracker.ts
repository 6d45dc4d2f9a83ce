/**
 * Detects "a price moved by at least X % or X within T seconds". A price counts from the moment it
 * arrives until the next one replaces it, so the reference prices of a window [now − T, now] are the
 * price in force at now − T plus every later one. A long-standing price followed by a jump is a move
 * (it happened in an instant); a drift spread over more than T seconds is not.
 *
 * Rings exist only for outcomes some move rule covers (the engine calls `record` only then).
 *
 * Cost: for a rise both the absolute and the relative move are largest from the lowest reference
 * price, for a fall from the highest. So per tick the ring is scanned once for suffix minima/maxima and
 * each move rule then costs a binary search, however many rules cover the outcome.
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

/** Enough for a busy outcome over a minute-long window; see PriceRing for what happens beyond it. */
const RING_CAPACITY = 64

export class MoveTracker {
  private readonly rings = new Map<string, PriceRing>()
  /** ruleId → outcome → ts of the rule's last firing there: prices before it no longer count for it. */
  private readonly firedAt = new Map<string, Map<string, number>>()
  /** For the ring last prepared: index of the lowest / highest price among entries i..newest−1. */
  private readonly suffixLow = new Int32Array(RING_CAPACITY)
  private readonly suffixHigh = new Int32Array(RING_CAPACITY)
  private preparedRing: PriceRing | null = null
  private preparedVersion = -1

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

  /** The outcome's window starts again at this price (a resync): nothing before it counts. */
  restart(outcomeKey: string, ts: number, price: number): void {
    const ring = this.rings.get(outcomeKey)
    if (!ring) return
    ring.clear()
    ring.push(ts, price)
  }

  /** The largest qualifying move ending at the ring's newest price, or null. Firing resets the reference. */
  evaluate(ring: PriceRing, ruleId: string, cond: MoveCondition, outcomeKey: string): Move | null {
    const last = ring.size - 1
    if (last < 1) return null
    this.prepare(ring)
    const nowTs = ring.tsAt(last)
    const toPrice = ring.priceAt(last)
    let cutoff = nowTs - cond.windowSeconds * 1000
    const firedForRule = this.firedAt.get(ruleId)
    const firedAt = firedForRule?.get(outcomeKey)
    if (firedAt !== undefined) {
      if (firedAt > cutoff) cutoff = firedAt
      else firedForRule?.delete(outcomeKey) // outside the window: the time cutoff already excludes it
    }
    const start = ring.indexInForceAt(cutoff)
    if (start >= last) return null
    const rise = this.moveFrom(ring, this.suffixLow[start] ?? start, toPrice, cond)
    const fall = this.moveFrom(ring, this.suffixHigh[start] ?? start, toPrice, cond)
    const best = rise && fall ? (Math.abs(rise.delta) >= Math.abs(fall.delta) ? rise : fall) : (rise ?? fall)
    if (best) {
      if (firedForRule) firedForRule.set(outcomeKey, nowTs)
      else this.firedAt.set(ruleId, new Map([[outcomeKey, nowTs]]))
    }
    return best
  }

  private moveFrom(ring: PriceRing, index: number, toPrice: number, cond: MoveCondition): Move | null {
    const fromPrice = ring.priceAt(index)
    const delta = toPrice - fromPrice
    const pct = fromPrice > 0 ? (delta / fromPrice) * 100 : 0
    const qualifies =
      (cond.minAbs !== undefined && reaches(Math.abs(delta), cond.minAbs)) ||
      (cond.minPct !== undefined && reaches(Math.abs(pct), cond.minPct))
    return qualifies ? { fromTs: ring.tsAt(index), fromPrice, toPrice, delta, pct } : null
  }

  /** Suffix minima/maxima over the references (every entry but the newest), once per ring state. */
  private prepare(ring: PriceRing): void {
    if (this.preparedRing === ring && this.preparedVersion === ring.version) return
    ring.suffixExtremes(ring.size - 1, this.suffixLow, this.suffixHigh)
    this.preparedRing = ring
    this.preparedVersion = ring.version
  }
}
