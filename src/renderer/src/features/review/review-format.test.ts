import { describe, expect, it } from 'vitest'
import {
  formatRange,
  formatSpan,
  formatTickTime,
  priceAxisLabels,
  priceAxisWidth,
  cursorTimeLabel,
  timeAxisLabels,
} from './review-format'

describe('review formats', () => {
  it('shows tick times to the millisecond', () => {
    const t = new Date(2026, 4, 3, 14, 3, 7, 25).getTime()
    expect(formatTickTime(t)).toBe('14:03:07.025')
    expect(formatRange(t, t + 60_000)).toMatch(/ 14:03:07 – 14:04:07$/)
  })

  it('gives price axis labels enough decimals to tell the steps apart', () => {
    expect(priceAxisLabels([1.5, 2, 2.5])).toEqual(['1.50', '2.00', '2.50'])
    expect(priceAxisLabels([1.91, 1.915, 1.92])).toEqual(['1.910', '1.915', '1.920'])
    expect(priceAxisLabels([1.9])).toEqual(['1.90'])
  })

  it('makes the price axis as wide as its widest label, so a spike is not clipped', () => {
    const sevenPxDigits = (text: string) => text.length * 7
    const calm = priceAxisWidth(priceAxisLabels([1.8, 1.85, 1.9]), sevenPxDigits)
    const spike = priceAxisWidth(priceAxisLabels([0, 500, 1000]), sevenPxDigits)
    expect(spike - calm).toBe(3 * 7) // '1000.00' holds three characters more than '1.80'
    expect(spike).toBeGreaterThan(sevenPxDigits('1000.00'))
  })

  it('says how long a range is in the unit a trader reads', () => {
    expect(formatSpan(0, 300)).toBe('1 s')
    expect(formatSpan(0, 95_000)).toBe('95 s')
    expect(formatSpan(0, 30 * 60_000)).toBe('30 min')
    expect(formatSpan(0, 125 * 60_000)).toBe('2 h 5 min')
  })
})

describe('chart times', () => {
  const at = (h: number, m: number, s: number) => new Date(2026, 10, 25, h, m, s).getTime() / 1000
  it('labels the time axis in 24 h, with seconds only where labels are less than a minute apart', () => {
    expect(timeAxisLabels([at(14, 0, 0), at(15, 0, 0), at(16, 0, 0)])).toEqual(['14:00', '15:00', '16:00'])
    expect(timeAxisLabels([at(23, 59, 40), at(23, 59, 50)])).toEqual(['23:59:40', '23:59:50'])
  })
  it("shows the cursor's time with seconds", () => {
    expect(cursorTimeLabel(at(21, 5, 9))).toBe('21:05:09')
    expect(cursorTimeLabel(null)).toBe('—')
  })
})
