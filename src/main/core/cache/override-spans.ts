/**
 * When each outcome's price was an override: from a `set` or `changed` event's receive time until
 * its expiry or the next `lifted`/`expired` event, whichever comes first. The CSV flags the ticks
 * inside these spans, so a reviewer can tell the bookmaker's own price from a trader's.
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
