/**
 * The match clock from what the data service says of it (D9 in shared/wire/data-service.ts): when
 * play began and each period's value, from a live `time` message or a /matches record's `times`.
 * Neither says time played, so the clock is read against this machine's clock at receipt; the page
 * runs it on from there while the match is live.
 */
import type { ClockFields } from '../../../shared/wire/data-service'

export interface ClockReading {
  elapsedSeconds: number | null
  period: string | null
}

/** The clock at `now` (epoch ms), or null where the fields say nothing of it. */
export function readMatchClock(fields: ClockFields, now: number): ClockReading | null {
  const { start, periods } = fields
  const began = start && 'at' in start ? start.at : periods[0] && 'at' in periods[0] ? periods[0].at : null
  let elapsedSeconds: number | null = null
  if (began !== null) elapsedSeconds = Math.max(0, Math.floor((now - began) / 1000))
  else {
    const lengths = periods.flatMap((p) => (p && 'seconds' in p ? [p.seconds] : []))
    if (lengths.length > 0) elapsedSeconds = lengths.reduce((a, b) => a + b, 0)
  }
  const reached = periods.reduce((last, p, i) => (p ? i + 1 : last), 0)
  const period = reached > 0 ? String(reached) : null
  return elapsedSeconds === null && period === null ? null : { elapsedSeconds, period }
}
