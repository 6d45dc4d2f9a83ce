/**
 * When the cache may try to write its buffered ticks again after a write failed, and what the
 * owner hears about it. A failing file (disk full, a lock held by another program, an I/O error)
 * fails every attempt alike, and each attempt costs the main thread a transaction over everything
 * held, or a wait for the lock: so after a failure the writes that would follow every tick batch,
 * every read and every timer turn are skipped until the retry time, which backs off from 1 s to
 * 30 s. The owner hears the state on each failed attempt (so at most once a second) and once on
 * recovery, never per tick.
 */

export interface CacheWriteState {
  /** True while the latest attempt to write failed. */
  failing: boolean
  /** SQLite's words for the latest failure ("database or disk is full"); null once writes work. */
  reason: string | null
  /** Ticks waiting in memory to be written. */
  heldTicks: number
  /** Ticks given up during this failure (the memory bound): they will never be stored. */
  droppedTicks: number
  /** Epoch ms of the first failed attempt of this failure; null once writes work. */
  failingSince: number | null
}

const FIRST_RETRY_MS = 1000
const LAST_RETRY_MS = 30_000

export class WritePacer {
  private failures = 0
  private retryAt = 0
  private since: number | null = null
  private droppedAtStart = 0

  constructor(
    private readonly now: () => number,
    private readonly onState: (state: CacheWriteState) => void,
  ) {}

  /** False while a failed write is waiting for its retry time. */
  mayTry(): boolean {
    return this.failures === 0 || this.now() >= this.retryAt
  }

  failed(error: unknown, heldTicks: number, droppedTotal: number): void {
    const now = this.now()
    if (this.failures === 0) {
      this.since = now
      this.droppedAtStart = droppedTotal
    }
    this.retryAt = now + Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures)
    this.failures += 1
    this.onState({
      failing: true,
      reason: error instanceof Error ? error.message : String(error),
      heldTicks,
      droppedTicks: droppedTotal - this.droppedAtStart,
      failingSince: this.since,
    })
  }

  /** A write went through: a failure, if there was one, is over (and says what it cost). */
  succeeded(heldTicks: number, droppedTotal: number): void {
    if (this.failures === 0) return
    const dropped = droppedTotal - this.droppedAtStart
    this.failures = 0
    this.since = null
    this.onState({ failing: false, reason: null, heldTicks, droppedTicks: dropped, failingSince: null })
  }
}
