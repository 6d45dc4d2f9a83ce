import { describe, expect, it } from 'vitest'
import { comparePrice, type PriceChange } from '../../../shared/domain'
import { ChangeTape } from './change-tape'

const ref = { matchId: 1201, oddType: 'full-time', oddKey: 'match_winner#home' }

function change(n: number, previous?: { price: number; suspended: boolean }): PriceChange {
  return comparePrice(
    { ...ref, price: 1.5 + n / 100, suspended: n % 2 === 1, serverTs: n, receivedTs: n + 0.5 },
    previous,
  )
}

describe('ChangeTape', () => {
  it('gives back every change exactly as pushed, oldest first: up, down, flat, and no previous state', () => {
    const tape = new ChangeTape(10)
    const pushed = [
      change(1, { price: 1.2, suspended: false }),
      change(2, { price: 3.7, suspended: true }),
      change(3, { price: 1.53, suspended: false }),
      change(4),
      { ...change(5), previousPrice: NaN, delta: -0, deltaPct: Infinity },
    ]
    expect(pushed.map((c) => c.direction)).toEqual(['up', 'down', 'flat', 'flat', 'flat'])
    for (const c of pushed) tape.push(c)
    expect(tape.take()).toEqual({ changes: pushed, dropped: 0 })
    expect(tape.take()).toEqual({ changes: [], dropped: 0 })
  })

  it('keeps the newest `capacity` of an interval and counts the rest, then starts afresh', () => {
    const tape = new ChangeTape(3)
    const pushed = [1, 2, 3, 4, 5, 6, 7].map((n) => change(n, { price: 2, suspended: false }))
    for (const c of pushed) tape.push(c)
    expect(tape.take()).toEqual({ changes: pushed.slice(4), dropped: 4 })
    tape.push(pushed[0]!)
    expect(tape.take()).toEqual({ changes: [pushed[0]], dropped: 0 })
  })
})
