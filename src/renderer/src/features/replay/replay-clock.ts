/**
 * The replay's clock and its supply of recorded events. The clock is virtual time that runs
 * `speed` times faster than the wall clock; the stream fetches the range's events page by page
 * ahead of it (`replay:events`) and hands them out as the clock passes their receive time. Pure
 * apart from the fetch it is given: the player (replay-player.ts) drives both from animation frames.
 */
import type { ReplayEvent, ReplayEventPage } from '../../../../shared/replay'

export const REPLAY_SPEEDS = [1, 10, 60] as const
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number]

/** A frame at 60 Hz, in ms: what one frame of play passes is `speed` times this. */
const FRAME_MS = 16

/**
 * The `stepMs` a replay at `speed` asks for (shared/replay.ts): about a frame's worth of recording,
 * so each frame gets each outcome's last tick rather than every tick its single batch folds away.
 * 1× plays every event.
 */
export function conflationStepMs(speed: ReplaySpeed): number {
  return speed > 1 ? speed * FRAME_MS : 0
}

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

/**
 * The events of `(after, to]`, fetched a page ahead of the clock; handed-out events are dropped,
 * so a long range never sits in memory whole.
 */
export class EventStream {
  private buffer: ReplayEvent[] = []
  /** Per fetched page not yet passed: where it ends and the ticks it left out (`folded`). */
  private folds: Array<{ until: number; folded: number }> = []
  private until: number
  private more = true
  private loading: Promise<void> | null = null

  constructor(
    private readonly fetchPage: (after: number, to: number) => Promise<ReplayEventPage>,
    after: number,
    private readonly to: number,
    /** Keep at least this many unconsumed events buffered. */
    private readonly lowWater = 2000,
  ) {
    this.until = after
  }

  /** Every event up to this time is in the buffer or handed out already (Infinity once all is read). */
  bufferedUntil(): number {
    return this.more ? this.until : Infinity
  }

  /** Starts fetching the next page when the buffer runs low; resolves when that fetch is done. */
  fill(): Promise<void> {
    if (this.loading) return this.loading
    if (!this.more || this.buffer.length >= this.lowWater) return Promise.resolve()
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
