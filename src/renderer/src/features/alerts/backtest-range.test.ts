import { describe, expect, it } from 'vitest'
import { capWords, noticeWords, pickedRange } from './backtest-range'

const NOW = new Date(2026, 10, 25, 14, 30, 15).getTime()
const NONE = { from: '', to: '' }

describe('the range of "Try on recorded data"', () => {
  it('the presets end now: the last hour, and today from local midnight', () => {
    expect(pickedRange('hour', NONE, NOW)).toEqual({ ok: true, from: NOW - 3_600_000, to: NOW })
    expect(pickedRange('today', NONE, NOW)).toEqual({ ok: true, from: new Date(2026, 10, 25).getTime(), to: NOW })
  })

  it('a custom range is two local times, the end after the start; anything else is refused in words', () => {
    const custom = { from: '2026-11-25T13:00', to: '2026-11-25T13:30:20' }
    expect(pickedRange('custom', custom, NOW)).toEqual({
      ok: true,
      from: new Date(2026, 10, 25, 13, 0).getTime(),
      to: new Date(2026, 10, 25, 13, 30, 20).getTime(),
    })
    expect(pickedRange('custom', NONE, NOW)).toEqual({ ok: false, error: 'Pick a start and an end time' })
    expect(pickedRange('custom', { from: 'soon', to: custom.to }, NOW)).toEqual({
      ok: false,
      error: 'Pick a start and an end time',
    })
    expect(pickedRange('custom', { from: custom.to, to: custom.from }, NOW)).toEqual({
      ok: false,
      error: 'The end must be after the start',
    })
  })
})

describe('the words of a run', () => {
  it('say what would have become of a notification, and where a capped run stopped', () => {
    expect(noticeWords('shown')).toBeNull()
    expect(noticeWords('grouped')).toBe('notified with others')
    expect(noticeWords('quiet_hours')).toBe('no notification: quiet hours')
    expect(noticeWords('muted')).toBe('no notification: muted')
    const at = new Date(2026, 10, 25, 14, 3, 12).getTime()
    expect(capWords({ reason: 'firings', limit: 500, at })).toBe(
      'Stopped at 500 alerts (reached 14:03:12): pick a shorter range to see the rest',
    )
    expect(capWords({ reason: 'ticks', limit: 2_000_000, at })).toBe(
      `Stopped at ${(2_000_000).toLocaleString()} recorded ticks read (reached 14:03:12): pick a shorter range to see the rest`,
    )
  })
})
