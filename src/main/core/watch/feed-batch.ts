/**
 * Ticks, changes and override events for the cache and the alert rules, handed over once per
 * event-loop turn: everything read from the sockets in one I/O phase goes as one array each
 * (one cache transaction, one rule pass), without waiting for the board's conflation interval.
 *
 * A turn has no bound of its own: under a flood Node reads megabytes per socket per turn (the
 * ingest bench saw 150,000 messages in one), and a batch that waited for the turn's end would
 * hold every tick of it long enough for the garbage collector to copy them all into the old space.
 * So a batch that reaches `maxBatch` goes at once, mid-turn; the rest still go at the turn's end.
 */
import type { OverrideEvent, PriceChange, PriceTick } from '../../../shared/domain'

export interface FeedSinks {
  onTicks?(ticks: PriceTick[]): void
  onChanges?(changes: PriceChange[]): void
  onOverride?(events: OverrideEvent[]): void
  /**
   * A consumer threw. The flush runs on its own event-loop turn, so an error here would end the
   * process: it is handed over instead, that batch is lost to that consumer alone, and the others
   * still get theirs.
   */
  onSinkError?(sink: 'ticks' | 'changes' | 'overrides', error: unknown): void
}

/** Large enough that a cache transaction or a rule pass still covers many events. */
const MAX_FEED_BATCH = 1000

export class FeedBatch {
  private ticks: PriceTick[] = []
  private changes: PriceChange[] = []
  private overrides: OverrideEvent[] = []
  private pending: NodeJS.Immediate | null = null

  constructor(
    private readonly sinks: FeedSinks,
    private readonly maxBatch = MAX_FEED_BATCH,
  ) {}

  tick(t: PriceTick): void {
    this.added(this.ticks.push(t))
  }

  change(c: PriceChange): void {
    this.added(this.changes.push(c))
  }

  override(e: OverrideEvent): void {
    this.added(this.overrides.push(e))
  }

  close(): void {
    this.cancel()
  }

  private added(length: number): void {
    if (length < this.maxBatch) this.pending ??= setImmediate(() => this.flush())
    else {
      this.cancel()
      this.flush()
    }
  }

  private cancel(): void {
    if (this.pending) clearImmediate(this.pending)
    this.pending = null
  }

  private flush(): void {
    this.pending = null
    const { ticks, changes, overrides } = this
    this.ticks = []
    this.changes = []
    this.overrides = []
    if (ticks.length > 0) this.deliver('ticks', () => this.sinks.onTicks?.(ticks))
    if (changes.length > 0) this.deliver('changes', () => this.sinks.onChanges?.(changes))
    if (overrides.length > 0) this.deliver('overrides', () => this.sinks.onOverride?.(overrides))
  }

  private deliver(sink: 'ticks' | 'changes' | 'overrides', hand: () => void): void {
    try {
      hand()
    } catch (error) {
      this.sinks.onSinkError?.(sink, error)
    }
  }
}
