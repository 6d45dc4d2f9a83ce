import { describe, expect, it } from 'vitest'
import { rangeOf } from './replay-range'

// Wed 25 Nov 2026, 17:30:00 local time.
const now = new Date(2026, 10, 25, 17, 30, 0).getTime()
const at = (day: number, h: number, m: number, s = 0) => new Date(2026, 10, day, h, m, s).getTime()

describe('rangeOf', () => {
  it('reads "today 14:00–16:00" and "yesterday" as local clock times', () => {
    expect(rangeOf({ day: 'today', from: '14:00', to: '16:00' }, now)).toEqual({
      ok: true,
      from: at(25, 14, 0),
      to: at(25, 16, 0),
    })
    expect(rangeOf({ day: 'yesterday', from: '21:15:30', to: '23:59' }, now)).toEqual({
      ok: true,
      from: at(24, 21, 15, 30),
      to: at(24, 23, 59),
    })
  })

  it('cuts an end still ahead at now', () => {
    expect(rangeOf({ day: 'today', from: '17:00', to: '19:00' }, now)).toEqual({
      ok: true,
      from: at(25, 17, 0),
      to: now,
    })
  })

  it('says in words what is wrong', () => {
    expect(rangeOf({ day: 'today', from: '2pm', to: '16:00' }, now)).toEqual({
      ok: false,
      error: 'Enter the start as a clock time, like 14:00',
    })
    expect(rangeOf({ day: 'today', from: '14:00', to: '' }, now)).toEqual({
      ok: false,
      error: 'Enter the end as a clock time, like 16:00',
    })
    expect(rangeOf({ day: 'today', from: '16:00', to: '14:00' }, now)).toEqual({
      ok: false,
      error: 'The end must be after the start',
    })
    expect(rangeOf({ day: 'today', from: '18:00', to: '19:00' }, now)).toEqual({
      ok: false,
      error: 'That range has not started yet: nothing is recorded there',
    })
  })
})
