/**
 * A fixed-capacity ring of price changes. It lives outside React state because copying 100,000
 * entries per patch would cost more than the rendering it feeds; readers learn that it changed
 * through the tape store's version number. Every entry gets a sequence number (0, 1, 2, … in
 * arrival order) that stays valid until the entry falls out, so a filtered view can keep a list
 * of sequence numbers and extend it with only the entries that arrived since its last look.
 *
 * Why columns: one PriceChange object per entry cost about 375 bytes (an object, six boxed
 * doubles, and the strings of every patch kept alive), 37 MB for a full ring. Here an entry is
 * six doubles, one outcome number and one byte of flags (53 bytes); an outcome's match, group and
 * key are stored once in `outcomes`. `get` builds the entry's object when a reader asks for it
 * (the tape shows a few dozen rows), so the ring holds a copy: what was pushed cannot change it.
 */
import type { Direction, PriceChange } from '../../../shared/domain'

interface OutcomeKey {
  matchId: number
  oddType: string
  oddKey: string
}

/** The tape the app keeps: the newest 100,000 changes. */
export const TAPE_CAPACITY = 100_000

const SUSPENDED = 1
const PREVIOUS_SUSPENDED = 2
/** previousSuspended is null (no previous state): then PREVIOUS_SUSPENDED says nothing. */
const NO_PREVIOUS_SUSPENDED = 4
const DIRECTIONS: readonly Direction[] = ['flat', 'up', 'down']
const DIRECTION_SHIFT = 3

export class TapeRing {
  private readonly price: Float64Array
  private readonly previousPrice: Float64Array
  private readonly serverTs: Float64Array
  private readonly receivedTs: Float64Array
  private readonly delta: Float64Array
  private readonly deltaPct: Float64Array
  private readonly outcome: Uint32Array
  private readonly flags: Uint8Array
  /**
   * Every outcome the tape has seen, by number. It only grows: an outcome is a few dozen bytes and
   * a session sees thousands at most, while dropping one would need a count of its entries.
   */
  private readonly outcomes: OutcomeKey[] = []
  private readonly outcomeNumbers = new Map<string, number>()
  private pushed = 0

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`tape capacity must be a positive integer, got ${capacity}`)
    this.price = new Float64Array(capacity)
    this.previousPrice = new Float64Array(capacity)
    this.serverTs = new Float64Array(capacity)
    this.receivedTs = new Float64Array(capacity)
    this.delta = new Float64Array(capacity)
    this.deltaPct = new Float64Array(capacity)
    this.outcome = new Uint32Array(capacity)
    this.flags = new Uint8Array(capacity)
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
    for (const c of changes) {
      const i = this.pushed % this.capacity
      this.price[i] = c.price
      // NaN stands for "no previous price": the contract's numbers are never NaN.
      this.previousPrice[i] = c.previousPrice ?? NaN
      this.serverTs[i] = c.serverTs
      this.receivedTs[i] = c.receivedTs
      this.delta[i] = c.delta
      this.deltaPct[i] = c.deltaPct
      this.outcome[i] = this.outcomeNumber(c)
      this.flags[i] =
        (c.suspended ? SUSPENDED : 0) |
        (c.previousSuspended ? PREVIOUS_SUSPENDED : 0) |
        (c.previousSuspended === null ? NO_PREVIOUS_SUSPENDED : 0) |
        (Math.max(0, DIRECTIONS.indexOf(c.direction)) << DIRECTION_SHIFT)
      this.pushed++
    }
  }

  get(seq: number): PriceChange | undefined {
    return seq >= this.start && seq < this.pushed ? this.entry(seq % this.capacity) : undefined
  }

  /**
   * The entries received at or after `receivedFrom`, oldest first: a scan back from the newest that
   * stops at the first older one (entries arrive in receive order).
   */
  receivedSince(receivedFrom: number): PriceChange[] {
    let first = this.pushed
    while (first > this.start && this.receivedTs[(first - 1) % this.capacity]! >= receivedFrom) first--
    const out: PriceChange[] = []
    for (let seq = first; seq < this.pushed; seq++) out.push(this.entry(seq % this.capacity))
    return out
  }

  /** Sequence numbers in [from, end) of the entries that pass `keep`, oldest first. */
  scan(from: number, keep: (change: PriceChange) => boolean): number[] {
    const out: number[] = []
    for (let seq = Math.max(from, this.start); seq < this.pushed; seq++) {
      if (keep(this.entry(seq % this.capacity))) out.push(seq)
    }
    return out
  }

  private entry(i: number): PriceChange {
    const { matchId, oddType, oddKey } = this.outcomes[this.outcome[i]!]!
    const flags = this.flags[i]!
    const previousPrice = this.previousPrice[i]!
    return {
      matchId,
      oddType,
      oddKey,
      price: this.price[i]!,
      suspended: (flags & SUSPENDED) !== 0,
      serverTs: this.serverTs[i]!,
      receivedTs: this.receivedTs[i]!,
      previousPrice: Number.isNaN(previousPrice) ? null : previousPrice,
      previousSuspended: flags & NO_PREVIOUS_SUSPENDED ? null : (flags & PREVIOUS_SUSPENDED) !== 0,
      direction: DIRECTIONS[flags >> DIRECTION_SHIFT]!,
      delta: this.delta[i]!,
      deltaPct: this.deltaPct[i]!,
    }
  }

  private outcomeNumber(c: PriceChange): number {
    const key = `${c.matchId}\u0000${c.oddType}\u0000${c.oddKey}`
    let n = this.outcomeNumbers.get(key)
    if (n === undefined) {
      n = this.outcomes.push({ matchId: c.matchId, oddType: c.oddType, oddKey: c.oddKey }) - 1
      this.outcomeNumbers.set(key, n)
    }
    return n
  }
}
