/**
 * How far this machine's clock is from a feed's, trusting neither. Decision: the estimate comes from
 * the HTTP `Date` header of the feed's REST answers, not from the stream messages' `ts`.
 *
 * - A `Date` header says the server's clock read [D, D + 1 s) at some instant between our sending the
 *   request (local `sentAt`) and receiving the answer's headers (`receivedAt`). So the offset
 *   (server clock − ours) lies in [D − receivedAt, D + 1 s − sentAt]: the header's one-second
 *   resolution and the round trip are the whole uncertainty, with no assumption about either clock
 *   or about the network's symmetry. Each answer narrows the interval (their bounds intersect), and
 *   answers stamped at different sub-second phases shrink it well below a second.
 * - A message's `ts` only bounds the offset from below (the network delay has no upper bound), so it
 *   could never say "this machine is ahead"; the REST answers the app makes anyway (snapshots after
 *   every (re)connect, discovery, key tests) are enough, and the stream's hot path stays untouched.
 *
 * The skew counts only when it is certain: the whole interval lies beyond ±1 s. The estimate shown
 * is the interval's middle. The interval is kept against this machine's monotonic clock and turned
 * into a wall-clock offset when read, so a step of the local clock (the trader turns on time sync)
 * shows at the next check, with no new answer needed; a sample that disagrees with the older ones
 * (the server's clock was stepped) drops the older ones. An answer with an `Age` header came from a
 * cache and carries the origin's older `Date`: it is not used. A missing or unreadable `Date` is
 * skipped (a server without a clock may omit it).
 */
import type { ServiceName } from '../clients/http/service-gate'

/** When a REST answer was asked for and came back (local epoch ms), and its clock headers. */
export interface AnswerClock {
  sentAt: number
  receivedAt: number
  date: string | null
  age: string | null
}

/** Offsets within this are not a problem (issue 14: "a clock skew … larger than a second"). */
export const SKEW_LIMIT_MS = 1000
/** An HTTP date names a whole second. */
const DATE_RESOLUTION_MS = 1000
/** Enough answers to narrow the interval; old ones add nothing once it is narrow. */
const MAX_SAMPLES = 32

interface Bounds {
  lo: number
  hi: number
}

/** This machine's wall clock minus its monotonic clock: changes only when the wall clock is stepped. */
export type WallClockShift = () => number
const wallClockShift: WallClockShift = () => Date.now() - performance.now()

/** The offset interval one feed's answers agree on. */
export class ClockOffsetEstimate {
  /** Bounds of (server clock − this machine's monotonic clock), the newest last. */
  private samples: Bounds[] = []
  private agreed: Bounds | null = null

  constructor(private readonly shift: WallClockShift = wallClockShift) {}

  /** Answers false when the answer says nothing about the clock (no usable `Date`, or from a cache). */
  add(answer: AnswerClock): boolean {
    if (answer.date === null || (answer.age !== null && answer.age.trim() !== '0')) return false
    const serverSecond = Date.parse(answer.date)
    if (!Number.isFinite(serverSecond) || answer.receivedAt < answer.sentAt) return false
    const shift = this.shift()
    this.samples.push({
      lo: serverSecond - answer.receivedAt + shift,
      hi: serverSecond + DATE_RESOLUTION_MS - answer.sentAt + shift,
    })
    this.agreed = this.intersectNewest()
    return true
  }

  /** The offset (feed − this machine's wall clock, ms) lies in these bounds now. */
  bounds(): Bounds | null {
    if (this.agreed === null) return null
    const shift = this.shift()
    return { lo: this.agreed.lo - shift, hi: this.agreed.hi - shift }
  }

  /** The offset (feed − this machine, ms) when it is certainly beyond the limit; else null. */
  certainSkewMs(): number | null {
    const b = this.bounds()
    if (b === null || (b.lo <= SKEW_LIMIT_MS && b.hi >= -SKEW_LIMIT_MS)) return null
    return (b.lo + b.hi) / 2
  }

  /** Intersects from the newest sample back; the first older one that disagrees ends the history. */
  private intersectNewest(): Bounds {
    let lo = -Infinity
    let hi = Infinity
    let kept = 0
    for (let i = this.samples.length - 1; i >= 0 && kept < MAX_SAMPLES; i--) {
      const s = this.samples[i] as Bounds
      if (Math.max(lo, s.lo) > Math.min(hi, s.hi)) break
      lo = Math.max(lo, s.lo)
      hi = Math.min(hi, s.hi)
      kept++
    }
    this.samples = this.samples.slice(this.samples.length - kept)
    return { lo, hi }
  }
}

export interface ClockSkew {
  service: ServiceName
  offsetMs: number
}

/** Both feeds' estimates; the worst certain skew is the one the trader hears of. */
export class ClockSkewWatch {
  private readonly estimates = new Map<ServiceName, ClockOffsetEstimate>()

  constructor(
    private readonly onSkew: (skew: ClockSkew | null) => void,
    private readonly shift: WallClockShift = wallClockShift,
  ) {}

  record(service: ServiceName, answer: AnswerClock): void {
    let estimate = this.estimates.get(service)
    if (!estimate) this.estimates.set(service, (estimate = new ClockOffsetEstimate(this.shift)))
    if (estimate.add(answer)) this.recheck()
  }

  /** Reads the estimates against the wall clock as it is now (it may have been set right since). */
  recheck(): void {
    this.onSkew(this.worst())
  }

  /** Another feed (demo ↔ real): other servers, other clocks. */
  reset(): void {
    this.estimates.clear()
    this.onSkew(null)
  }

  private worst(): ClockSkew | null {
    let worst: ClockSkew | null = null
    for (const [service, estimate] of this.estimates) {
      const offsetMs = estimate.certainSkewMs()
      if (offsetMs !== null && (worst === null || Math.abs(offsetMs) > Math.abs(worst.offsetMs)))
        worst = { service, offsetMs }
    }
    return worst
  }
}
