/** The match clock from the service's clock fields (D9): time since play began, the highest period reached. */
import { describe, expect, it } from 'vitest'
import { readMatchClock } from './match-clock'

const NOW = Date.UTC(2026, 10, 25, 2, 0)
const ago = (seconds: number) => ({ at: NOW - seconds * 1000 })

describe('readMatchClock', () => {
  it('reads the time since play began and the highest period that has a value', () => {
    expect(readMatchClock({ start: ago(1860), periods: [ago(1860), ago(540), null, null] }, NOW)).toEqual({
      elapsedSeconds: 1860,
      period: '2',
    })
  })

  it("starts from period 1's moment without a start, else adds up the periods' lengths", () => {
    expect(readMatchClock({ start: null, periods: [ago(600), null] }, NOW)).toEqual({
      elapsedSeconds: 600,
      period: '1',
    })
    expect(readMatchClock({ start: null, periods: [{ seconds: 1200 }, { seconds: 95 }] }, NOW)).toEqual({
      elapsedSeconds: 1295,
      period: '2',
    })
  })

  it('says nothing where the fields say nothing, and never runs backwards past the start', () => {
    expect(readMatchClock({ start: null, periods: [null, null, null, null] }, NOW)).toBeNull()
    expect(readMatchClock({ start: ago(-30), periods: [] }, NOW)).toEqual({ elapsedSeconds: 0, period: null })
  })
})
