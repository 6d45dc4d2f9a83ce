/**
 * A fixed-capacity ring of price changes. It lives outside React state because copying 100,000
 * entries per patch would cost more than the rendering it feeds; readers learn that it changed
 * through the tape store's version number. Every entry gets a sequence number (0, 1, 2, … in
 * arrival order) that stays valid until the entry falls out, so a filtered view can keep a list
 * of sequence numbers and extend it with only the entries that arrived since its last look.
 */
import type { PriceChange } from '../../../shared/domain'

export class TapeRing {
  private readonly items: (PriceChange | undefined)[]
  private pushed = 0

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`tape capacity must be a positive integer, got ${capacity}`)
    this.items = new Array<PriceChange | undefined>(capacity)
  }

  /** Entries held now. */
  get size(): number {
    return Math.min(this.pushed, this.capacity)
  }

  /** Sequence number the next entry will get (= entries ever pushed). */
  get end(): number {
    return this.pushed
  }

  /** Oldest sequence number still held. */
  get start(): number {
    return this.pushed - this.size
  }

  push(changes: readonly PriceChange[]): void {
    for (const change of changes) {
      this.items[this.pushed % this.capacity] = change
      this.pushed++
    }
  }

  get(seq: number): PriceChange | undefined {
    return seq >= this.start && seq < this.pushed ? this.items[seq % this.capacity] : undefined
  }

  /** Sequence numbers in [from, end) of the entries that pass `keep`, oldest first. */
  scan(from: number, keep: (change: PriceChange) => boolean): number[] {
    const out: number[] = []
    for (let seq = Math.max(from, this.start); seq < this.pushed; seq++) {
      if (keep(this.items[seq % this.capacity] as PriceChange)) out.push(seq)
    }
    return out
  }
}
