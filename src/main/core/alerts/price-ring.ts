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
  private mutations = 0

  constructor(readonly capacity: number) {
    this.ts = new Float64Array(capacity)
    this.price = new Float64Array(capacity)
  }

  get size(): number {
    return this.count
  }

  /** Changes whenever the contents change, so derived data can tell it is stale. */
  get version(): number {
    return this.mutations
  }

  push(ts: number, price: number): void {
    const slot = (this.head + this.count) % this.capacity
    this.ts[slot] = ts
    this.price[slot] = price
    if (this.count < this.capacity) this.count++
    else this.head = (this.head + 1) % this.capacity
    this.mutations++
  }

  clear(): void {
    this.head = 0
    this.count = 0
    this.mutations++
  }

  /** Keeps the entry in force at `cutoffTs` (the newest one at or before it) and everything after it. */
  evictBefore(cutoffTs: number): void {
    while (this.count > 1 && this.tsAt(1) <= cutoffTs) {
      this.head = (this.head + 1) % this.capacity
      this.count--
      this.mutations++
    }
  }

  /** Index (0 = oldest) of the entry in force at `cutoffTs`, or 0 when every entry is newer. */
  indexInForceAt(cutoffTs: number): number {
    // Binary search for the last entry with ts <= cutoff (entries are in ts order).
    let lo = 0
    let hi = this.count - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.tsAt(mid) <= cutoffTs) lo = mid
      else hi = mid - 1
    }
    return lo
  }

  /**
   * For every index i below `end`: into low[i] / high[i] the index of the lowest / highest price
   * among entries i..end−1 (ties: the newest). Reads the buffer straight, newest first, with no
   * modulo per entry: a move rule's outcome has this run on every price change it gets.
   */
  suffixExtremes(end: number, low: Int32Array, high: Int32Array): void {
    if (end <= 0) return
    let slot = (this.head + end - 1) % this.capacity
    let lowAt = end - 1
    let highAt = end - 1
    let lowPrice = this.price[slot]!
    let highPrice = lowPrice
    for (let i = end - 1; i >= 0; i--) {
      const price = this.price[slot]!
      if (price < lowPrice) {
        lowAt = i
        lowPrice = price
      }
      if (price > highPrice) {
        highAt = i
        highPrice = price
      }
      low[i] = lowAt
      high[i] = highAt
      slot = slot === 0 ? this.capacity - 1 : slot - 1
    }
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
