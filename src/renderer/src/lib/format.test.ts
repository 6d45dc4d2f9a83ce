import { describe, expect, it } from 'vitest'
import { formatAge, formatCountdown, formatLatencyPair, formatMove, formatPct } from './format'

describe('board formats', () => {
  it('writes ages compactly', () => {
    expect([formatAge(0), formatAge(59_999), formatAge(60_000), formatAge(7_200_000), formatAge(null)]).toEqual([
      '0s',
      '59s',
      '1m',
      '2h',
      '—',
    ])
  })
  it('counts down without going negative', () => {
    expect([formatCountdown(272_000), formatCountdown(3_723_000), formatCountdown(-5)]).toEqual([
      '4:32',
      '1:02:03',
      '0:00',
    ])
  })
  it('signs moves', () => {
    expect([formatPct(1.234), formatPct(-0.5), formatPct(0)]).toEqual(['+1.2%', '-0.5%', '0.0%'])
  })
  it('writes a cell move with its arrow as the sign, and nothing for no move', () => {
    expect([formatMove('up', 2.54), formatMove('down', -0.66), formatMove('flat', 0)]).toEqual(['▲2.5%', '▼0.7%', ''])
  })
  it('writes a move of 100 % or more in whole per cent', () => {
    expect([
      formatMove('up', 99.94),
      formatMove('up', 99.96),
      formatMove('down', -123.4),
      formatMove('up', 98_910.9),
    ]).toEqual(['▲99.9%', '▲100%', '▼123%', '▲98911%'])
  })
  it('writes a p50/p99 pair in the unit of the larger', () => {
    expect([formatLatencyPair(2.6, 12.4), formatLatencyPair(930, 2600), formatLatencyPair(0, 0)]).toEqual([
      '3/12 ms',
      '0.9/2.6 s',
      '0/0 ms',
    ])
  })
})
