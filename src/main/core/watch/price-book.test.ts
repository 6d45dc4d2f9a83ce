import { describe, expect, it } from 'vitest'
import type { PriceChange, PriceTick } from '../../../shared/domain'
import type { MatchPricesWire } from '../../../shared/wire/odds'
import { PriceBook, type BookListener } from './price-book'

const MATCH = 300152

function snapshot(home: number, away: number): MatchPricesWire {
  return {
    matchId: MATCH,
    sport: 'badminton',
    odds: {
      'full-time': [
        {
          name: 'match_winner',
          outcomes: [
            { key: 'home', price: home },
            { key: 'away', price: away },
          ],
        },
      ],
    },
    override: [],
  }
}

/** A book whose listener records what it was told. */
function recordingBook() {
  const ticks: PriceTick[] = []
  const changes: PriceChange[] = []
  const listener: BookListener = {
    tick: (t) => ticks.push(t),
    change: (c) => changes.push(c),
    cell: () => undefined,
    layout: () => undefined,
  }
  const book = new PriceBook(MATCH, listener)
  const price = (oddKey: string, value: number, ts: number, partOfResync = false) =>
    book.applyPrice(
      { type: 'price', matchId: MATCH, oddType: 'full-time', oddKey, price: value, suspended: false, seq: ts, ts },
      ts,
      partOfResync,
    )
  const homeCell = () => book.cells().find((c) => c.oddKey === 'match_winner#home')
  return { book, ticks, changes, price, homeCell }
}

describe('PriceBook: the first price after a gap is a resync, not a move', () => {
  it("a snapshot's new and changed prices are recorded as ticks and go out as resyncs; the next delta is a move from them", () => {
    const b = recordingBook()
    b.book.applySnapshot(snapshot(2.0, 1.8), 1000)
    expect(b.changes.map((c) => [c.oddKey, c.price, c.resync])).toEqual([
      ['match_winner#home', 2.0, true],
      ['match_winner#away', 1.8, true],
    ])
    b.price('match_winner#home', 2.1, 2000)
    expect(b.changes.at(-1)).toMatchObject({ price: 2.1, previousPrice: 2.0, direction: 'up' })
    expect(b.changes.at(-1)?.resync).toBeUndefined()
    expect(b.homeCell()).toMatchObject({ direction: 'up', changedAt: 2000 })
    expect(b.homeCell()?.resync).toBeUndefined()

    // The stream was down; the reconnect's snapshot has home at 2.46 (+17 %) and away where it was.
    const ticksBefore = b.ticks.length
    const changesBefore = b.changes.length
    b.book.applySnapshot(snapshot(2.46, 1.8), 9000)
    expect(b.ticks.slice(ticksBefore).map((t) => [t.oddKey, t.price, t.receivedTs])).toEqual([
      ['match_winner#home', 2.46, 9000],
    ])
    const resynced = b.changes.slice(changesBefore)
    expect(resynced).toHaveLength(1)
    expect(resynced[0]).toMatchObject({ price: 2.46, previousPrice: null, direction: 'flat', delta: 0, resync: true })
    // The cell shows the new price with no move, marked so the board does not flash it.
    expect(b.homeCell()).toMatchObject({ price: 2.46, direction: 'flat', delta: 0, changedAt: 9000, resync: true })

    b.price('match_winner#home', 2.5, 10_000)
    expect(b.changes.at(-1)).toMatchObject({ price: 2.5, previousPrice: 2.46, direction: 'up' })
    expect(b.homeCell()?.resync).toBeUndefined()
  })
  it('a delta held while the snapshot was fetched is part of the resync: a price, a repeat or a market status', () => {
    const b = recordingBook()
    b.book.applySnapshot(snapshot(2.0, 1.8), 1000)
    b.price('match_winner#home', 2.1, 2000)
    const ticksBefore = b.ticks.length
    const changesBefore = b.changes.length

    // Held during the next resync (received before its snapshot, applied after it).
    b.book.applySnapshot(snapshot(2.46, 1.8), 9000)
    b.price('match_winner#home', 2.4, 8500, true)
    b.price('match_winner#away', 1.8, 8600, true)
    b.book.applyMarketStatus('full-time', 'match_winner', true, 8700, 8700, true)

    // Every tick is recorded, each marked as a resync (the cache leaves them out of its tape).
    const recorded = b.ticks.slice(ticksBefore) as PriceChange[]
    expect(recorded.map((t) => [t.oddKey, t.price, t.suspended, t.receivedTs, t.resync])).toEqual([
      ['match_winner#home', 2.46, false, 9000, true],
      ['match_winner#home', 2.4, false, 8500, true],
      ['match_winner#away', 1.8, false, 8600, true],
      ['match_winner#home', 2.4, true, 8700, true],
      ['match_winner#away', 1.8, true, 8700, true],
    ])
    // No change is a move: a repeated price is no change at all, the others go out as resyncs.
    expect(b.changes.slice(changesBefore).every((c) => c.resync === true && c.direction === 'flat')).toBe(true)
    expect(b.homeCell()).toMatchObject({ price: 2.4, suspended: true, direction: 'flat', delta: 0, resync: true })

    b.price('match_winner#home', 2.5, 10_000)
    expect(b.changes.at(-1)).toMatchObject({ price: 2.5, previousPrice: 2.4, direction: 'up' })
  })
})
