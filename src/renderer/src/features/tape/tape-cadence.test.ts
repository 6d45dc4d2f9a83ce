import { describe, expect, it } from 'vitest'
import { HELD_REFRESH_MS, holdsScreens, READABLE_REFRESH_MS } from './tape-cadence'

describe('the tape holds its screens when a refresh would replace all of them', () => {
  it('stays readable while a quarter second brings less than a screen of rows', () => {
    // 20 rows in view: 79 a second is 19.75 a quarter second.
    expect(holdsScreens(false, 79, 1000, 20)).toBe(false)
    expect(holdsScreens(false, 19, READABLE_REFRESH_MS, 20)).toBe(false)
  })

  it('holds once a quarter second brings a whole screen', () => {
    expect(holdsScreens(false, 20, READABLE_REFRESH_MS, 20)).toBe(true)
    // 10,000 changes a second.
    expect(holdsScreens(false, 2500, READABLE_REFRESH_MS, 20)).toBe(true)
  })

  it('reads the rate, not the count: a held second brings four quarter seconds of rows', () => {
    // 60 rows in a held second is 15 a quarter second: above half a screen, so it goes on holding.
    expect(holdsScreens(true, 60, HELD_REFRESH_MS, 20)).toBe(true)
    // 36 is 9 a quarter second: below half a screen, readable again.
    expect(holdsScreens(true, 36, HELD_REFRESH_MS, 20)).toBe(false)
  })

  it('keeps its state while it cannot tell (no rows in view: a folded panel; no time passed)', () => {
    expect(holdsScreens(true, 0, HELD_REFRESH_MS, 0)).toBe(true)
    expect(holdsScreens(false, 5000, 0, 20)).toBe(false)
  })
})
