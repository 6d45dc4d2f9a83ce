import { describe, expect, it } from 'vitest'
import { RateMeter } from './rate-meter'

describe('RateMeter', () => {
  it('reports the last full window and drops to zero after silence', () => {
    const m = new RateMeter(0)
    for (let t = 0; t < 1000; t += 10) m.add(t)
    expect(m.perSecond(500)).toBe(0)
    expect(m.perSecond(1000)).toBe(100)
    expect(m.perSecond(3500)).toBe(0)
  })
})
