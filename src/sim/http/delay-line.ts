/**
 * Sends held back by a set time, in the order they were handed in: a feed that delivers late but
 * never out of order. When the delay is lowered, a later send still waits for the ones before it,
 * so a stream's `seq` stays monotonic whatever the knob does.
 */
interface Held {
  dueAt: number
  send: () => void
}

export class DelayLine {
  private queue: Held[] = []
  private head = 0
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly clock: () => number = Date.now) {}

  /** Sends are waiting: a send with no delay must queue behind them to keep the order. */
  get busy(): boolean {
    return this.head < this.queue.length
  }

  push(delayMs: number, send: () => void): void {
    this.queue.push({ dueAt: this.clock() + delayMs, send })
    if (!this.timer) this.schedule()
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.queue = []
    this.head = 0
  }

  private schedule(): void {
    const next = this.queue[this.head]
    if (!next) {
      this.queue = []
      this.head = 0
      return
    }
    this.timer = setTimeout(() => this.drain(), Math.max(0, next.dueAt - this.clock()))
    this.timer.unref()
  }

  private drain(): void {
    this.timer = null
    const now = this.clock()
    while (this.busy && (this.queue[this.head] as Held).dueAt <= now) (this.queue[this.head++] as Held).send()
    // Drop what was sent once it is most of the array, not on every send.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head)
      this.head = 0
    }
    this.schedule()
  }
}
