/** The timeline's marks (override events, alerts): where each sits, and which one a jump lands on. */
import type { ReplayMark } from '../../../../shared/replay'

/**
 * The mark a jump lands on from `position`: the first one after it (`1`), or the last one before it
 * (`-1`). Strictly after or before, so a jump from a mark moves on to the next. Marks are time-ordered.
 */
export function adjacentMark(marks: readonly ReplayMark[], position: number, direction: 1 | -1): ReplayMark | null {
  if (direction === 1) return marks.find((m) => m.at > position) ?? null
  return marks.findLast((m) => m.at < position) ?? null
}

/** Where `at` sits along the range, 0–1 (clamped). */
export function shareOf(at: number, from: number, to: number): number {
  return to > from ? Math.min(1, Math.max(0, (at - from) / (to - from))) : 0
}

/** The instant at `share` (0–1, clamped) of the range, to the millisecond. */
export function instantAt(share: number, from: number, to: number): number {
  return Math.round(from + Math.min(1, Math.max(0, share)) * (to - from))
}
