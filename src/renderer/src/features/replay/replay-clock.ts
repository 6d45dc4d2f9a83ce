/**
 * The replay's clock and its supply of recorded events. The clock is virtual time that runs
 * `speed` times faster than the wall clock; the stream fetches the range's events page by page
 * ahead of it (`replay:events`) and hands them out as the clock passes their receive time. Pure
 * apart from the fetch it is given: the player (replay-player.ts) drives both from animation frames.
 */
import type { ReplayEvent, ReplayEventPage } from '../../../../shared/replay'

export const REPLAY_SPEEDS = [1, 10, 60] as const
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number]

/**
 * The instant the board shows when the clock has run to `position`: with a step, the last step
 * boundary passed (where the conflated board is the exact one) or the range's end; without, the
 * position itself. Never before `shown`, the instant already on the board.
 */
export function shownAt(position: number, end: number, stepMs: number, shown: number): number {
  if (stepMs <= 0 || position >= end) return Math.max(shown, position)
  return Math.max(shown, Math.floor(position / stepMs) * stepMs)
}

/** Tape rows a fast replay's step shows at most (its newest changes); the rest are counted as not shown. */
export const TAPE_ROWS_PER_STEP = 25

export interface ReplayClock {
  /** Virtual time (epoch ms of the recording) the replay has reached. */
  position: number
  /** Range end: the clock stops here. */
  end: number
  speed: ReplaySpeed
  playing: boolean
}

/**
 * Advances the clock by a wall-clock step, never past the range end nor past `bufferedUntil` (the
 * last time whose events are loaded: the replay waits for data instead of skipping it).
 */
export function stepClock(clock: ReplayClock, wallElapsedMs: number, bufferedUntil: number): ReplayClock {
  if (!clock.playing) return clock
  const limit = Math.min(clock.end, bufferedUntil)
  const position = Math.max(clock.position, Math.min(limit, clock.position + Math.max(0, wallElapsedMs) * clock.speed))
  return { ...clock, position, playing: position < clock.end }
}

/** How far ahead of the clock a stream reads: it fetches the next page while it holds less than either. */
export interface StreamAhead {
  /** Unconsumed events buffered (2,000 unless said). */
  events?: number
  /**
   * Recorded time past what was handed out: a fast step's page holds few events for the time it
   * covers, and the clock must not wait at its end for the next.
   */
  ms?: number
}

/**
 * The events of `(after, to]`, fetched a page ahead of the clock; handed-out events are dropped,
 * so a long range never sits in memory whole.
 */
export class EventStream {
  private buffer: ReplayEvent[] = []
  /** Per fetched page not yet passed: where it ends and the ticks it left out (`folded`). */
  private folds: Array<{ until: number; folded: number }> = []
  private until: number
  /** The time handed out up to (`take`). */
  private taken: number
  private more = true
  private loading: Promise<void> | null = null

  constructor(
    private readonly fetchPage: (after: number, to: number) => Promise<ReplayEventPage>,
    after: number,
    private readonly to: number,
    private readonly ahead: StreamAhead = {},
  ) {
    this.until = after
    this.taken = after
  }

  /** Every event up to this time is in the buffer or handed out already (Infinity once all is read). */
  bufferedUntil(): number {
    return this.more ? this.until : Infinity
  }

  /** Starts fetching the next page when the buffer runs low; resolves when that fetch is done. */
  fill(): Promise<void> {
    if (this.loading) return this.loading
    const { events = 2000, ms = 0 } = this.ahead
    const enough = this.buffer.length >= events && this.until - this.taken >= ms
    if (!this.more || enough) return Promise.resolve()
    this.loading = this.fetchPage(this.until, this.to)
      .then((page) => {
        this.buffer.push(...page.events)
        if (page.folded) this.folds.push({ until: page.until, folded: page.folded })
        // A page that does not move on would be asked for again forever: the range is read.
        this.more = page.more && page.until > this.until
        this.until = page.until
      })
      .finally(() => {
        this.loading = null
      })
    return this.loading
  }

  /** Removes and returns the buffered events recorded at or before `until`. */
  take(until: number): ReplayEvent[] {
    let n = 0
    while (n < this.buffer.length && (this.buffer[n] as ReplayEvent).at <= until) n++
    this.taken = Math.max(this.taken, until)
    return this.buffer.splice(0, n)
  }

  /** The ticks left out of the pages the clock has passed by `until` (each page counted once). */
  takeFolded(until: number): number {
    let folded = 0
    while (this.folds.length > 0 && (this.folds[0] as { until: number }).until <= until)
      folded += (this.folds.shift() as { folded: number }).folded
    return folded
  }

  /** When the next event was recorded (fetching it first if need be); null when the range is read. */
  async nextAt(): Promise<number | null> {
    while (this.buffer.length === 0 && this.more) await this.fill()
    return this.buffer[0]?.at ?? null
  }
}
