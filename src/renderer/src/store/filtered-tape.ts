/**
 * A filtered, newest-first window onto the tape ring. `refresh()` only scans entries that arrived
 * since the last call and forgets entries that fell out of the ring, so keeping a filter applied
 * over 100,000 entries costs the new entries only.
 */
import { outcomeId, type PriceChange } from '../../../shared/domain'
import type { TapeRing } from './tape-ring'

export interface TapeFilter {
  /** Matches to show (the active watchlist's, or the one the trader picked). */
  matchIds: ReadonlySet<number>
  /** Words the market's label holds, any case (`handicap` finds `Game handicap -1.5`); '' for all. */
  market: string
  /** Minimum absolute move in percent; 0 for all. */
  minMovePct: number
}

/** `marketOf` names a change's market as the trader reads it (store/outcome-names.ts). */
export function tapeFilterPredicate(
  filter: TapeFilter,
  marketOf: (change: PriceChange) => string,
): (change: PriceChange) => boolean {
  const wanted = filter.market.toLowerCase()
  // Named once per outcome: a filter over 100,000 entries must not name every entry.
  const fits = new Map<string, boolean>()
  const marketFits = (change: PriceChange): boolean => {
    const id = outcomeId(change)
    let fit = fits.get(id)
    if (fit === undefined) fits.set(id, (fit = marketOf(change).toLowerCase().includes(wanted)))
    return fit
  }
  return (change) =>
    filter.matchIds.has(change.matchId) &&
    Math.abs(change.deltaPct) >= filter.minMovePct &&
    (wanted === '' || marketFits(change))
}

export class FilteredTape {
  /** Sequence numbers of matching entries, oldest first (appending is cheap, prepending is not). */
  private seqs: number[] = []
  private scannedTo: number

  constructor(
    private readonly ring: TapeRing,
    private readonly keep: (change: PriceChange) => boolean,
  ) {
    this.scannedTo = ring.start
  }

  /** Catches up with the ring; answers how many matching entries arrived (at the newest end). */
  refresh(): number {
    const fresh = this.ring.scan(this.scannedTo, this.keep)
    this.scannedTo = this.ring.end
    for (const seq of fresh) this.seqs.push(seq)
    const start = this.ring.start
    let firstKept = 0
    while (firstKept < this.seqs.length && (this.seqs[firstKept] as number) < start) firstKept++
    if (firstKept > 0) this.seqs = this.seqs.slice(firstKept)
    return fresh.length
  }

  get length(): number {
    return this.seqs.length
  }

  /** 0 is the newest visible entry. */
  seqAt(indexFromNewest: number): number | undefined {
    return this.seqs[this.seqs.length - 1 - indexFromNewest]
  }

  at(indexFromNewest: number): PriceChange | undefined {
    const seq = this.seqAt(indexFromNewest)
    return seq === undefined ? undefined : this.ring.get(seq)
  }
}
