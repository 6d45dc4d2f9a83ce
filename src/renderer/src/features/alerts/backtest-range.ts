/**
 * "Try on recorded data": the range a trader picks (the last hour, today so far, or two local times
 * typed into the custom fields) as epoch ms, and the words for what a run says beyond its lists.
 */
import type { BacktestCap, BacktestNotice } from '../../../../shared/alert-backtest'
import { formatClockTime } from '../../lib/format'

export type RangePreset = 'hour' | 'today' | 'custom'

export const RANGE_PRESETS: Record<RangePreset, string> = {
  hour: 'Last hour',
  today: 'Today',
  custom: 'Custom',
}

/** The custom range as typed (`datetime-local` values: local time, no zone). */
export interface CustomRange {
  from: string
  to: string
}

export type PickedRange = { ok: true; from: number; to: number } | { ok: false; error: string }

const HOUR_MS = 3_600_000

export function pickedRange(preset: RangePreset, custom: CustomRange, now: number): PickedRange {
  if (preset === 'hour') return { ok: true, from: now - HOUR_MS, to: now }
  if (preset === 'today') {
    const midnight = new Date(now)
    midnight.setHours(0, 0, 0, 0)
    return { ok: true, from: midnight.getTime(), to: now }
  }
  const from = localTime(custom.from)
  const to = localTime(custom.to)
  if (from === null || to === null) return { ok: false, error: 'Pick a start and an end time' }
  if (from >= to) return { ok: false, error: 'The end must be after the start' }
  return { ok: true, from, to }
}

/** A `datetime-local` value as epoch ms, or null when empty or not a time. */
function localTime(value: string): number | null {
  if (value.trim() === '') return null
  const ms = new Date(value).getTime()
  return Number.isNaN(ms) || ms < 0 ? null : ms
}

/** What would have become of the alert's notification, when it is not plainly shown. */
export function noticeWords(notice: BacktestNotice): string | null {
  switch (notice) {
    case 'shown':
      return null
    case 'grouped':
      return 'notified with others'
    case 'quiet_hours':
      return 'no notification: quiet hours'
    case 'muted':
      return 'no notification: muted'
  }
}

/** Why the run stopped early, and where. */
export function capWords(cap: BacktestCap): string {
  const what =
    cap.reason === 'firings'
      ? `${cap.limit.toLocaleString()} alerts`
      : `${cap.limit.toLocaleString()} recorded ticks read`
  return `Stopped at ${what} (reached ${formatClockTime(cap.at)}): pick a shorter range to see the rest`
}
