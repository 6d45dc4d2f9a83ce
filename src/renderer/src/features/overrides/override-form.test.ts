import { describe, expect, it } from 'vitest'
import { priceJump, validateOverrideForm, type OverrideForm } from './override-form'

const outcome = { matchId: 7, oddType: 'full-time', oddKey: 'match_winner#home' }
const form = (patch: Partial<OverrideForm>): OverrideForm => ({
  price: '2.5',
  duration: '300',
  suspended: false,
  ...patch,
})

describe('validateOverrideForm', () => {
  it('turns the typed text into the command the bridge takes', () => {
    expect(validateOverrideForm(form({}), outcome)).toEqual({
      ok: true,
      value: { ...outcome, oddValue: 2.5, durationSeconds: 300, suspended: false },
    })
  })

  it('takes only the outcome reference from a board cell', () => {
    const cell = { ...outcome, outcomeId: 'x', price: 2.1, suspended: false }
    expect(validateOverrideForm(form({}), cell).ok).toBe(true)
  })

  it('refuses a decimal comma in words, not as a number the schema never saw', () => {
    const result = validateOverrideForm(form({ price: '2,5', duration: '' }), outcome)
    expect(result).toEqual({
      ok: false,
      errors: { oddValue: 'Must be a number (use . for decimals)', durationSeconds: 'Required' },
    })
  })

  it('refuses an absurd price and a price at or below 1.00 with the reason', () => {
    const absurd = validateOverrideForm(form({ price: '999999' }), outcome)
    expect(absurd.ok ? null : absurd.errors['oddValue']).toBe(
      'price must be at most 1000 (a price that high is a typo)',
    )
    const even = validateOverrideForm(form({ price: '1' }), outcome)
    expect(even.ok ? null : even.errors['oddValue']).toBe('price must be above 1.00')
  })

  it('refuses a duration outside 1 s to 24 h', () => {
    const result = validateOverrideForm(form({ duration: '90000' }), outcome)
    expect(result.ok ? null : result.errors['durationSeconds']).toBe('at most 24 hours')
  })
})

describe('priceJump', () => {
  it('measures the jump from the served price and compares it with the limit either way', () => {
    const up = priceJump(4.93, 7.77, 25)
    expect(up?.pct).toBeCloseTo(57.6, 1)
    expect(up?.aboveLimit).toBe(true)
    expect(priceJump(4.93, 2, 25)?.aboveLimit).toBe(true)
    expect(priceJump(4.93, 5.5, 25)?.aboveLimit).toBe(false)
  })

  it('has no jump when nothing is served', () => {
    expect(priceJump(null, 3, 25)).toBeNull()
  })
})
