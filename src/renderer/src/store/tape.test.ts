import { describe, expect, it } from 'vitest'
import { emptyBoardPatch, type BoardPatch } from '../../../shared/board'
import type { PriceChange } from '../../../shared/domain'
import { awaitHistory, loadHistory, receivePatch, tapeRing } from './board-store'
import { outcomeWords } from '../../../shared/labels'
import { FilteredTape, tapeFilterPredicate } from './filtered-tape'
import { TapeRing } from './tape-ring'

function change(i: number, matchId = 1, oddKey = 'match_winner#home', deltaPct = 1): PriceChange {
  return {
    matchId,
    oddType: 'full-time',
    oddKey,
    price: 2 + i / 100,
    suspended: false,
    serverTs: i,
    receivedTs: i,
    previousPrice: 2,
    previousSuspended: false,
    direction: 'up',
    delta: 0.01,
    deltaPct,
  }
}

describe('the tape ring', () => {
  it('keeps the newest entries up to its capacity, each under a stable sequence number', () => {
    const ring = new TapeRing(3)
    ring.push([change(0), change(1), change(2), change(3), change(4)])
    expect(ring.size).toBe(3)
    expect([ring.start, ring.end]).toEqual([2, 5])
    expect(ring.get(1)).toBeUndefined()
    expect(ring.get(4)?.serverTs).toBe(4)
    expect(ring.scan(0, () => true)).toEqual([2, 3, 4])
  })

  it('answers the entries received since a time, oldest first, among those it still holds', () => {
    const ring = new TapeRing(4)
    ring.push([change(1), change(2), change(3), change(4), change(5), change(6)])
    expect(ring.receivedSince(4).map((c) => c.receivedTs)).toEqual([4, 5, 6])
    expect(ring.receivedSince(0).map((c) => c.receivedTs)).toEqual([3, 4, 5, 6])
    expect(ring.receivedSince(7)).toEqual([])
  })

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new TapeRing(0)).toThrow(RangeError)
  })

  it('reads every field back as pushed, through wrap-around, including a first price with no previous', () => {
    const first: PriceChange = {
      ...change(0, 7, 'total_goals_5.5#over'),
      previousPrice: null,
      previousSuspended: null,
      direction: 'flat',
      delta: 0,
      deltaPct: 0,
    }
    const pushed = [
      first,
      { ...change(1, 2 ** 31 + 5), suspended: true, previousSuspended: false },
      { ...change(2), direction: 'down' as const, delta: -0.37, deltaPct: -12.5, previousSuspended: true },
      { ...change(3, 9, 'match_winner#draw'), oddType: 'period-time', serverTs: 1_780_000_000_123.5 },
      change(4),
    ]
    const ring = new TapeRing(4)
    ring.push(pushed.slice(0, 2))
    ring.push(pushed.slice(2))
    expect([1, 2, 3, 4].map((seq) => ring.get(seq))).toEqual(pushed.slice(1))
    const again = new TapeRing(2)
    again.push([first])
    expect(again.get(0)).toEqual(first)
  })

  it('keeps what it was given: changing a pushed object afterwards does not change the tape', () => {
    const ring = new TapeRing(2)
    const entry = change(1)
    ring.push([entry])
    entry.price = 99
    entry.oddKey = 'other#x'
    expect(ring.get(0)).toEqual(change(1))
    expect(ring.scan(0, (c) => c.price === 99)).toEqual([])
  })
})

describe('a filtered tape view', () => {
  it('shows matching entries newest first and follows new arrivals and evictions', () => {
    const ring = new TapeRing(4)
    const view = new FilteredTape(
      ring,
      // The trader types part of the feed's label, in any case.
      tapeFilterPredicate(
        { matchIds: new Set([1]), market: 'WINNER', minMovePct: 2 },
        (c) => outcomeWords(c, undefined).market,
      ),
    )
    ring.push([
      change(0, 1, 'match_winner#home', 5),
      change(1, 2, 'match_winner#home', 5),
      change(2, 1, 'total_points#over', 5),
      change(3, 1, 'match_winner#away', -3),
    ])
    expect(view.refresh()).toBe(2)
    expect(view.length).toBe(2)
    expect([view.at(0)?.serverTs, view.at(1)?.serverTs]).toEqual([3, 0])
    ring.push([change(4, 1, 'match_winner#home', 1), change(5, 1, 'match_winner#home', 2.5)])
    // Entry 0 fell out of the ring; 4 moved too little; 5 is new and first.
    expect(view.refresh()).toBe(1)
    expect(view.length).toBe(2)
    expect([view.at(0)?.serverTs, view.at(1)?.serverTs]).toEqual([5, 3])
  })
})

describe('the tape after a restart', () => {
  it('puts the recorded changes first, then what arrived live while they loaded, without doubles', () => {
    const patch = (tape: PriceChange[]): BoardPatch => ({ ...emptyBoardPatch(1, 0), tape })
    const start = tapeRing.end
    awaitHistory()
    receivePatch(patch([change(30), change(31)]))
    expect(tapeRing.end).toBe(start) // live changes wait behind the history
    // The cache had already recorded change 30 when it answered.
    loadHistory({ tape: [change(10), change(20), change(30)], overrides: [] })
    const order = [0, 1, 2, 3].map((i) => tapeRing.get(start + i)?.receivedTs)
    expect(order).toEqual([10, 20, 30, 31])
    receivePatch({ ...patch([change(40)]), seq: 2 })
    expect(tapeRing.get(start + 4)?.receivedTs).toBe(40)
  })
})
