/**
 * Ticks, changes and override events for the cache and the alert rules, handed over once per
 * event-loop turn: everything read from the sockets in one I/O phase goes as one array each
 * (one cache transaction, one rule pass), without waiting for the board's conflation interval.
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

export class FeedBatch {
  private ticks: PriceTick[] = []
  private changes: PriceChange[] = []
  private overrides: OverrideEvent[] = []
  private pending: NodeJS.Immediate | null = null

  constructor(private readonly sinks: FeedSinks) {}

  tick(t: PriceTick): void {
    this.ticks.push(t)
    this.schedule()
  }

  change(c: PriceChange): void {
    this.changes.push(c)
    this.schedule()
  }

  override(e: OverrideEvent): void {
    this.overrides.push(e)
    this.schedule()
  }

  close(): void {
    if (this.pending) clearImmediate(this.pending)
    this.pending = null
  }

  private schedule(): void {
    this.pending ??= setImmediate(() => this.flush())
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
