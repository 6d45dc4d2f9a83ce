import { describe, expect, it } from 'vitest'
import { PriceRing } from './price-ring'

function contents(ring: PriceRing): [number, number][] {
  return Array.from({ length: ring.size }, (_, i) => [ring.tsAt(i), ring.priceAt(i)])
}

describe('PriceRing', () => {
  it('overwrites the oldest entries when full', () => {
    const ring = new PriceRing(3)
    for (let i = 1; i <= 5; i++) ring.push(i, i / 10)
    expect(contents(ring)).toEqual([
      [3, 0.3],
      [4, 0.4],
      [5, 0.5],
    ])
    expect([ring.lastTs(), ring.lastPrice()]).toEqual([5, 0.5])
  })

  it('evicts up to, but keeps, the entry in force at the cutoff', () => {
    const ring = new PriceRing(8)
    for (const ts of [0, 10, 20, 30]) ring.push(ts, ts)
    ring.evictBefore(25)
    expect(contents(ring).map(([ts]) => ts)).toEqual([20, 30])
    ring.evictBefore(100)
    expect(contents(ring).map(([ts]) => ts)).toEqual([30])
  })

  it.each<[number, number]>([
    [5, 0], // every entry is newer: the oldest is the best reference
    [10, 0],
    [19, 0],
    [20, 1],
    [35, 2],
    [1000, 3],
  ])('after wrapping, the entry in force at %s is index %s', (cutoff, index) => {
    const ring = new PriceRing(4)
    for (const ts of [-10, 0, 10, 20, 30, 40]) ring.push(ts, 2) // holds 10, 20, 30, 40
    expect(ring.indexInForceAt(cutoff)).toBe(index)
  })

  it('changes its version on every mutation', () => {
    const ring = new PriceRing(2)
    const seen = new Set([ring.version])
    ring.push(1, 1)
    seen.add(ring.version)
    ring.push(2, 2)
    seen.add(ring.version)
    ring.push(3, 3) // wraps with the same size
    seen.add(ring.version)
    ring.evictBefore(3)
    seen.add(ring.version)
    expect(seen.size).toBe(5)
  })

  it('gives the lowest and highest entry of every suffix below `end`, newest on ties, after wrapping', () => {
    const ring = new PriceRing(6)
    const prices = [9, 9, 2.5, 3, 2.5, 4, 1.5, 4, 3.5]
    prices.forEach((price, ts) => ring.push(ts, price)) // holds 3, 2.5, 4, 1.5, 4, 3.5 (wrapped)
    const end = ring.size - 1
    const low = new Int32Array(6)
    const high = new Int32Array(6)
    ring.suffixExtremes(end, low, high)
    const held = contents(ring).map(([, price]) => price)
    for (let i = 0; i < end; i++) {
      const suffix = held.slice(i, end)
      // The newest of the equal extremes: the last index holding the minimum / maximum.
      expect(low[i], `low from ${i}`).toBe(i + suffix.lastIndexOf(Math.min(...suffix)))
      expect(high[i], `high from ${i}`).toBe(i + suffix.lastIndexOf(Math.max(...suffix)))
    }
    expect([...low.slice(0, end)]).toEqual([3, 3, 3, 3, 4])
    expect([...high.slice(0, end)]).toEqual([4, 4, 4, 4, 4])
  })
})
