/**
 * Replay of a recorded range: a virtual clock that runs `speed` times faster than the wall clock,
 * and a board of last prices that the recorded ticks are applied to, in recorded order, as the
 * clock passes their receive time. Pure: the screen drives it from animation frames.
 */
import type { Direction } from '../../../../shared/domain'
import type { HistorySeries, TickRow } from '../../../../shared/history'

export const REPLAY_SPEEDS = [1, 10, 60] as const
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number]

export interface ReplayCell {
  price: number
  suspended: boolean
  direction: Direction
  /** Recorded receive time of the last change (epoch ms). */
  changedAt: number
}

/** Keyed by `oddType|oddKey` (the match is the replayed one). */
export type ReplayBoard = ReadonlyMap<string, ReplayCell>

export function replayKey(oddType: string, oddKey: string): string {
  return `${oddType}|${oddKey}`
}

/**
 * The board as it stood when the range starts: the last recorded point of every outcome in a
 * series that ends just before the range (downsampling always keeps a bucket's last point).
 */
export function boardBefore(series: HistorySeries): Map<string, ReplayCell> {
  const board = new Map<string, ReplayCell>()
  for (const o of series.outcomes) {
    const last = o.t.length - 1
    if (last < 0) continue
    board.set(replayKey(o.oddType, o.oddKey), {
      price: o.price[last] as number,
      suspended: o.suspended[last] as boolean,
      direction: 'flat',
      changedAt: o.t[last] as number,
    })
  }
  return board
}

/** Applies ticks (time-ordered) to a copy of the board; the original is left as it was. */
export function applyTicks(board: ReplayBoard, ticks: readonly TickRow[]): Map<string, ReplayCell> {
  const next = new Map(board)
  for (const tick of ticks) {
    const key = replayKey(tick.oddType, tick.oddKey)
    const before = next.get(key)
    const direction: Direction =
      !before || tick.price === before.price ? (before?.direction ?? 'flat') : tick.price > before.price ? 'up' : 'down'
    next.set(key, { price: tick.price, suspended: tick.suspended, direction, changedAt: tick.receivedTs })
  }
  return next
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
 * last time whose ticks are loaded: the replay waits for data instead of skipping it).
 */
export function stepClock(clock: ReplayClock, wallElapsedMs: number, bufferedUntil: number): ReplayClock {
  if (!clock.playing) return clock
  const limit = Math.min(clock.end, bufferedUntil)
  const position = Math.max(clock.position, Math.min(limit, clock.position + Math.max(0, wallElapsedMs) * clock.speed))
  return { ...clock, position, playing: position < clock.end }
}

/**
 * Ticks recorded for a fixed range, fetched page by page ahead of the replay and handed out as the
 * clock passes them; consumed ticks are dropped, so a long range never sits in memory whole.
 */
export class TickStream {
  private buffer: TickRow[] = []
  private fetched = 0
  private total: number | null = null
  private loading: Promise<void> | null = null

  constructor(
    private readonly fetchPage: (offset: number, limit: number) => Promise<{ rows: TickRow[]; total: number }>,
    private readonly pageSize = 1000,
    /** Keep at least this many unconsumed ticks buffered. */
    private readonly lowWater = 2000,
  ) {}

  /** Ticks fetched so far and the range's total (null until the first page came back). */
  progress(): { fetched: number; total: number | null } {
    return { fetched: this.fetched, total: this.total }
  }

  get complete(): boolean {
    return this.total !== null && this.fetched >= this.total
  }

  /** Latest receive time whose ticks are all in the buffer (Infinity once everything is fetched). */
  bufferedUntil(): number {
    if (this.complete) return Infinity
    const last = this.buffer[this.buffer.length - 1]
    // Ticks sharing the last time may continue on the next page: only times before it are whole.
    return last ? last.receivedTs - 1 : -Infinity
  }

  /** Starts fetching the next page when the buffer runs low; resolves when that fetch is done. */
  fill(): Promise<void> {
    if (this.loading) return this.loading
    if (this.complete || this.buffer.length >= this.lowWater) return Promise.resolve()
    this.loading = this.fetchPage(this.fetched, this.pageSize)
      .then((page) => {
        this.total = page.total
        this.fetched += page.rows.length
        this.buffer.push(...page.rows)
        // An empty page while the total says more means the range shrank under us (retention): stop.
        if (page.rows.length === 0) this.total = this.fetched
      })
      .finally(() => {
        this.loading = null
      })
    return this.loading
  }

  /** Removes and returns the buffered ticks received at or before `until`. */
  take(until: number): TickRow[] {
    let n = 0
    while (n < this.buffer.length && (this.buffer[n] as TickRow).receivedTs <= until) n++
    return this.buffer.splice(0, n)
  }
}
