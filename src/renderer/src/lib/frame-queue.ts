/**
 * Collects what arrives between two animation frames and hands it over once, at the next frame:
 * the board's patches come every few milliseconds (the core's conflation, 8 ms by default), and
 * applying each on its own meant a store update, a round of every subscriber's selector and a
 * React commit per patch, two or three a frame, for one paint. A hidden page runs no animation
 * frames, so a timer hands the items over too if no frame came first; whichever runs first takes
 * them all, and `flush` hands them over at once (before anything that must follow them).
 */
export type Scheduler = (run: () => void) => () => void

/** The next animation frame, or FALLBACK_MS later if no frame comes (a hidden page, a test without frames). */
const FALLBACK_MS = 100

export const nextFrame: Scheduler = (run) => {
  const timer = setTimeout(run, FALLBACK_MS)
  if (typeof requestAnimationFrame !== 'function') return () => clearTimeout(timer)
  const frame = requestAnimationFrame(run)
  return () => {
    clearTimeout(timer)
    cancelAnimationFrame(frame)
  }
}

export class FrameQueue<T> {
  private items: T[] = []
  private cancel: (() => void) | null = null

  constructor(
    private readonly apply: (items: readonly T[]) => void,
    private readonly schedule: Scheduler = nextFrame,
  ) {}

  /** The newest item waiting, if any. */
  get last(): T | undefined {
    return this.items.at(-1)
  }

  push(item: T): void {
    this.items.push(item)
    this.cancel ??= this.schedule(this.flush)
  }

  /** Hands over everything waiting now (nothing when nothing waits). */
  readonly flush = (): void => {
    this.cancel?.()
    this.cancel = null
    if (this.items.length === 0) return
    const items = this.items
    this.items = []
    this.apply(items)
  }
}
