import { describe, expect, it } from 'vitest'
import { backoffDelay, DEFAULT_BACKOFF } from './backoff'

describe('backoffDelay', () => {
  it('doubles per attempt within a jitter band of half the ceiling', () => {
    const low = (a: number) => backoffDelay(a, DEFAULT_BACKOFF, () => 0)
    const high = (a: number) => backoffDelay(a, DEFAULT_BACKOFF, () => 0.999999)
    expect([low(1), low(2), low(3)]).toEqual([250, 500, 1000])
    expect(high(1)).toBeCloseTo(500, 2)
    expect(high(3)).toBeCloseTo(2000, 2)
  })

  it('never exceeds the 30 s cap, however many attempts', () => {
    for (const attempt of [10, 50, 1000]) {
      expect(backoffDelay(attempt, DEFAULT_BACKOFF, () => 0.999999)).toBeLessThanOrEqual(30_000)
      expect(backoffDelay(attempt, DEFAULT_BACKOFF, () => 0)).toBe(15_000)
    }
  })

  it('spreads simultaneous retries apart', () => {
    let x = 0.1
    const delays = Array.from({ length: 5 }, () => backoffDelay(4, DEFAULT_BACKOFF, () => (x = (x + 0.37) % 1)))
    expect(new Set(delays).size).toBe(5)
  })
})
