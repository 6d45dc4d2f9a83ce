/**
 * Quiet hours in local wall-clock time: [start, end), spanning midnight when start > end
 * (22:00–07:00 is quiet at 23:30 and at 06:59, not at 07:00).
 */
import type { QuietHours } from '../../../shared/alerts'

function minutesOf(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number)
  return h * 60 + m
}

export function isQuietAt(quiet: QuietHours | null, epochMs: number): boolean {
  if (!quiet) return false
  const local = new Date(epochMs)
  const minute = local.getHours() * 60 + local.getMinutes()
  const start = minutesOf(quiet.start)
  const end = minutesOf(quiet.end)
  return start < end ? minute >= start && minute < end : minute >= start || minute < end
}
