/**
 * Whether a connected stream's words are read: a stream whose frames are mostly refused is
 * connected but carries nothing we show, so its health must not say "live" (issue 21.2: a
 * provider that changed a message's shape refused 100 % of frames behind a green light).
 *
 * Not understood: the last REFUSED_IN_ROW frames were all refused, or at least MIN_REFUSED of
 * the last minute's frames were refused and they are at least half of them (a quiet stream, a few
 * frames a minute, is caught by the second rule long before it sends twenty). Understood again as
 * soon as REFUSED_IN_ROW frames in a row are read, or once the refused fall under half of the
 * minute's frames (older ones age out). A stream that goes silent after refusing stays not
 * understood until it sends a frame we read: silence proves nothing.
 *
 * The hot path: a read frame costs a bucket check and two increments; the rules are looked at on
 * a refused frame and when the health is read, never per read frame.
 */
import type { NotUnderstood } from '../../../shared/health'

export const REFUSED_IN_ROW = 20
export const MIN_REFUSED = 5
const BUCKET_MS = 5000
const BUCKETS = 12

export class FeedUnderstanding {
  private readonly frames = new Uint32Array(BUCKETS)
  private readonly refusedFrames = new Uint32Array(BUCKETS)
  /** The 5 s bucket the counts at `slot % BUCKETS` belong to. */
  private slot: number
  private refusedInRow = 0
  private readInRow = 0
  /** The first refusal since the stream last read REFUSED_IN_ROW frames in a row (or refused none for a minute). */
  private firstRefusal: string | null = null
  private episode: NotUnderstood | null = null

  constructor(now: number) {
    this.slot = Math.floor(now / BUCKET_MS)
  }

  read(now: number): void {
    this.count(now, false)
    this.refusedInRow = 0
    if (++this.readInRow === REFUSED_IN_ROW) {
      this.firstRefusal = null
      this.episode = null
    }
  }

  refused(reason: string, now: number): void {
    this.count(now, true)
    this.readInRow = 0
    this.refusedInRow++
    this.firstRefusal ??= reason
    this.check(now)
  }

  /** Null while the stream is understood. */
  state(now: number): NotUnderstood | null {
    this.check(now)
    return this.episode
  }

  private check(now: number): void {
    this.roll(now)
    let frames = 0
    let refused = 0
    for (let i = 0; i < BUCKETS; i++) {
      frames += this.frames[i] as number
      refused += this.refusedFrames[i] as number
    }
    const holds =
      this.refusedInRow >= REFUSED_IN_ROW ||
      (this.readInRow < REFUSED_IN_ROW && refused >= MIN_REFUSED && 2 * refused >= frames)
    if (holds) this.episode ??= { since: now, firstRefusal: this.firstRefusal ?? 'unknown' }
    else this.episode = null
    if (refused === 0 && this.refusedInRow === 0) this.firstRefusal = null
  }

  private count(now: number, refused: boolean): void {
    if (Math.floor(now / BUCKET_MS) !== this.slot) this.roll(now)
    const i = this.slot % BUCKETS
    this.frames[i] = (this.frames[i] as number) + 1
    if (refused) this.refusedFrames[i] = (this.refusedFrames[i] as number) + 1
  }

  /** Empties the buckets that passed since the last frame (all of them after a quiet minute). */
  private roll(now: number): void {
    const slot = Math.floor(now / BUCKET_MS)
    if (slot <= this.slot) return
    for (let s = Math.max(this.slot + 1, slot - BUCKETS + 1); s <= slot; s++) {
      this.frames[s % BUCKETS] = 0
      this.refusedFrames[s % BUCKETS] = 0
    }
    this.slot = slot
  }
}
