/**
 * The range a trader asks to replay: a preset ("last 15 min") or a day and two clock times
 * ("today 14:00–16:00"), checked into epoch ms or an error in words. Pure: `now` is given.
 */
export const RANGE_PRESETS = [
  { id: 'last-15-min', label: 'Last 15 min', ms: 15 * 60_000 },
  { id: 'last-hour', label: 'Last hour', ms: 60 * 60_000 },
  { id: 'last-4-hours', label: 'Last 4 hours', ms: 4 * 60 * 60_000 },
] as const

export const RANGE_DAYS = ['today', 'yesterday'] as const
export type RangeDay = (typeof RANGE_DAYS)[number]

export interface RangeInput {
  day: RangeDay
  /** As a time field gives it: `14:00` or `14:00:30`. */
  from: string
  to: string
}

export type RangeAnswer = { ok: true; from: number; to: number } | { ok: false; error: string }

const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/

/** Epoch ms of `time` on the day of `dayStart` (local time), or null when it is no clock time. */
function atClockTime(dayStart: Date, time: string): number | null {
  const parts = CLOCK_TIME.exec(time.trim())
  if (!parts) return null
  const at = new Date(dayStart)
  at.setHours(Number(parts[1]), Number(parts[2]), Number(parts[3] ?? 0), 0)
  return at.getTime()
}

/** The range the inputs name; an end still ahead is cut at `now` (what is recorded so far). */
export function rangeOf(input: RangeInput, now: number): RangeAnswer {
  const day = new Date(now)
  day.setHours(0, 0, 0, 0)
  if (input.day === 'yesterday') day.setDate(day.getDate() - 1)
  const from = atClockTime(day, input.from)
  const to = atClockTime(day, input.to)
  if (from === null) return { ok: false, error: 'Enter the start as a clock time, like 14:00' }
  if (to === null) return { ok: false, error: 'Enter the end as a clock time, like 16:00' }
  if (to <= from) return { ok: false, error: 'The end must be after the start' }
  if (from >= now) return { ok: false, error: 'That range has not started yet: nothing is recorded there' }
  return { ok: true, from, to: Math.min(to, now) }
}
