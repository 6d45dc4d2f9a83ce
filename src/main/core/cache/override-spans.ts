/**
 * When each outcome's price was an override: from a `set` or `changed` event's receive time until
 * its expiry or the next `lifted`/`expired` event, whichever comes first. The CSV flags the ticks
 * inside these spans, so a reviewer can tell the bookmaker's own price from a trader's; the cached
 * board and the desk replay show the override in force at their instant on the cell.
 */
import { outcomeId, type OutcomeRef, type OverrideEvent } from '../../../shared/domain'

type Span = [from: number, to: number]

/** `events` in receive order; answers whether a tick of the outcome at receive time `t` was overridden. */
export function overrideSpans(events: readonly OverrideEvent[]): (ref: OutcomeRef, t: number) => boolean {
  const spans = new Map<string, Span[]>()
  for (const event of events) {
    const list = spans.get(outcomeId(event)) ?? []
    spans.set(outcomeId(event), list)
    const open = list.at(-1)
    // Any event ends the span in force: a change starts the next one, a lift or expiry ends it.
    if (open && open[1] > event.receivedTs) open[1] = event.receivedTs
    if (event.action === 'set' || event.action === 'changed') list.push([event.receivedTs, event.expiresAt])
  }
  return (ref, t) => spans.get(outcomeId(ref))?.some(([from, to]) => t >= from && t < to) ?? false
}

/**
 * The override in force per outcome (by `outcomeId`) at `at`: the last event received by then, if
 * it set or changed one that has not expired. `events` in receive order, none received after `at`.
 */
export function overridesInForce(events: readonly OverrideEvent[], at: number): Map<string, OverrideEvent> {
  const last = new Map<string, OverrideEvent>()
  for (const event of events) last.set(outcomeId(event), event)
  for (const [id, event] of last) {
    if (!(event.action === 'set' || event.action === 'changed') || event.expiresAt <= at) last.delete(id)
  }
  return last
}
