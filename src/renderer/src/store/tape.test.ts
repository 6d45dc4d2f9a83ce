import { describe, expect, it } from 'vitest'
import type { PriceChange } from '../../../shared/domain'
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

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new TapeRing(0)).toThrow(RangeError)
  })
})

describe('a filtered tape view', () => {
  it('shows matching entries newest first and follows new arrivals and evictions', () => {
    const ring = new TapeRing(4)
    const view = new FilteredTape(
      ring,
      tapeFilterPredicate({ matchIds: new Set([1]), market: 'match_winner', minMovePct: 2 }),
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
