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
 * is the interval's middle. Each answer remembers how far the wall clock stood from the monotonic
 * one when it came; once that has moved (the trader turned on time sync, or the machine slept: the
 * two cannot be told apart) the answers before say nothing about the wall clock now and are
 * forgotten at the next check, so a clock set right loses its banner with no new answer needed, and
 * a machine waking from sleep never shows a skew it does not have. A sample that disagrees with the
 * older ones (the server's clock was stepped) drops the older ones. An answer with an `Age` header came from a
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
const SKEW_LIMIT_MS = 1000
/** An HTTP date names a whole second. */
const DATE_RESOLUTION_MS = 1000
/** Enough answers to narrow the interval; old ones add nothing once it is narrow. */
const MAX_SAMPLES = 32

/**
 * How far the wall clock may drift from the monotonic one between answers and still be the same
 * clock: reading both costs under a millisecond, and time sync slews at most 0.5 ms a second.
 */
const CLOCK_STEP_MS = 100

interface Bounds {
  lo: number
  hi: number
}

/** One answer's bounds on the offset, and the wall clock's shift from the monotonic one then. */
interface Sample extends Bounds {
  shift: number
}

/** This machine's wall clock minus its monotonic clock: moves when the wall clock is stepped or the machine slept. */
type WallClockShift = () => number
const wallClockShift: WallClockShift = () => Date.now() - performance.now()

/** The offset interval one feed's answers agree on. */
export class ClockOffsetEstimate {
  /** The newest last, all taken on the wall clock as it is now. */
  private samples: Sample[] = []
  private agreed: Bounds | null = null

  constructor(private readonly shift: WallClockShift = wallClockShift) {}

  /** Answers false when the answer says nothing about the clock (no usable `Date`, or from a cache). */
  add(answer: AnswerClock): boolean {
    if (answer.date === null || (answer.age !== null && answer.age.trim() !== '0')) return false
    const serverSecond = Date.parse(answer.date)
    if (!Number.isFinite(serverSecond) || answer.receivedAt < answer.sentAt) return false
    this.forgetIfClockMoved()
    this.samples.push({
      lo: serverSecond - answer.receivedAt,
      hi: serverSecond + DATE_RESOLUTION_MS - answer.sentAt,
      shift: this.shift(),
    })
    this.agreed = this.intersectNewest()
    return true
  }

  /** The offset (feed − this machine's wall clock, ms) lies in these bounds; null when no answer says. */
  bounds(): Bounds | null {
    this.forgetIfClockMoved()
    return this.agreed
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
      const s = this.samples[i] as Sample
      if (Math.max(lo, s.lo) > Math.min(hi, s.hi)) break
      lo = Math.max(lo, s.lo)
      hi = Math.min(hi, s.hi)
      kept++
    }
    this.samples = this.samples.slice(this.samples.length - kept)
    return { lo, hi }
  }

  private forgetIfClockMoved(): void {
    const newest = this.samples.at(-1)
    if (newest === undefined || Math.abs(this.shift() - newest.shift) <= CLOCK_STEP_MS) return
    this.samples = []
    this.agreed = null
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
