/**
 * The recent (ts, price) history of one outcome, oldest first, in a fixed-size circular buffer: a move
 * rule needs "the prices in force within the last T seconds" and nothing older. When more than `capacity`
 * prices arrive inside a window the oldest are overwritten, so a move is then measured from the oldest
 * price still kept — a bounded, documented approximation that keeps memory per outcome constant.
 */
export class PriceRing {
  private readonly ts: Float64Array
  private readonly price: Float64Array
  private head = 0
  private count = 0

  constructor(readonly capacity: number) {
    this.ts = new Float64Array(capacity)
    this.price = new Float64Array(capacity)
  }

  get size(): number {
    return this.count
  }

  push(ts: number, price: number): void {
    const slot = (this.head + this.count) % this.capacity
    this.ts[slot] = ts
    this.price[slot] = price
    if (this.count < this.capacity) this.count++
    else this.head = (this.head + 1) % this.capacity
  }

  /** Keeps the entry in force at `cutoffTs` (the newest one at or before it) and everything after it. */
  evictBefore(cutoffTs: number): void {
    while (this.count > 1 && this.tsAt(1) <= cutoffTs) {
      this.head = (this.head + 1) % this.capacity
      this.count--
    }
  }

  /** Index (0 = oldest) of the entry in force at `cutoffTs`, or 0 when every entry is newer. */
  indexInForceAt(cutoffTs: number): number {
    let i = 0
    while (i + 1 < this.count && this.tsAt(i + 1) <= cutoffTs) i++
    return i
  }

  tsAt(index: number): number {
    return this.ts[(this.head + index) % this.capacity] ?? Number.NaN
  }

  priceAt(index: number): number {
    return this.price[(this.head + index) % this.capacity] ?? Number.NaN
  }

  lastTs(): number | undefined {
    return this.count === 0 ? undefined : this.tsAt(this.count - 1)
  }

  lastPrice(): number | undefined {
    return this.count === 0 ? undefined : this.priceAt(this.count - 1)
  }
}
