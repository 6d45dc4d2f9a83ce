/**
 * Conflation of a replay events page for fast play (shared/replay.ts `stepMs`), as the live board
 * conflates its patches: per step window (`(k·step, (k+1)·step]`, on the epoch, so pages cut
 * anywhere agree) each outcome keeps only its last tick. At 60× a frame passes about a second of
 * the desk; the page would fold every tick of it into one cell anyway, so shipping the superseded
 * ones over the bridge as JSON only costs the frame.
 *
 * Only superseded ticks go: every header, override and alert stays, and so does a tick that
 * 1. is a resync (the first price after a gap: the page must not draw a move across the gap), or
 * 2. is followed by an override event of its outcome in the window (the override lands on the
 *    cell that tick made, which may be its first).
 * So the board at every step boundary is the board the unconflated stream leaves there (price,
 * suspension, override, header); a cell's move is then the net move over the step, and the tape
 * shows the kept ticks only: `folded` counts what it does not show. Pure.
 */
import type { RecordedEvent } from './replay-rows'

export interface ConflatedEvents {
  events: RecordedEvent[]
  /** Ticks left out because a later tick of their outcome in the same step replaced them. */
  folded: number
}

/** The events (time-ordered) with superseded ticks left out; `stepMs` 0 keeps everything. */
export function conflateTicks(events: readonly RecordedEvent[], stepMs: number): ConflatedEvents {
  if (stepMs <= 0) return { events: [...events], folded: 0 }
  // Walking backwards, an outcome "has its last tick" in a window once one was kept there.
  const haveLast = new Set<string>()
  const kept: RecordedEvent[] = []
  let folded = 0
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as RecordedEvent
    if (event.kind === 'tick' || event.kind === 'override') {
      const source = event.kind === 'tick' ? event : event.event
      const key = `${Math.ceil(event.at / stepMs)}|${source.matchId}|${source.oddType}|${source.oddKey}`
      if (event.kind === 'override') haveLast.delete(key)
      else if (haveLast.has(key) && !event.resync) {
        folded++
        continue
      } else haveLast.add(key)
    }
    kept.push(event)
  }
  return { events: kept.reverse(), folded }
}
