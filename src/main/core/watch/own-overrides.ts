/**
 * Which override events are the trader's own: set, changed or lifted from this app. The feed's
 * override messages do not say who acted (odds-feed.md: payload not shown), so the app remembers
 * what it asked for and claims the first event of that outcome that answers it within a short
 * window. A request is expected before it is sent: the stream's event may arrive before the
 * PATCH's own answer. A request that failed is withdrawn, so a colleague's override that happens
 * to match is not claimed.
 */
import { outcomeId, type OutcomeRef, type OverrideEvent } from '../../../shared/domain'

/** What was asked for: an override at this value, or a lift. */
export type OwnRequest = { oddValue: number; durationSeconds: number; suspended: boolean } | 'lift'

/** Long enough for the feed's event to follow the request over a slow link; short enough not to claim a later one. */
const CLAIM_WINDOW_MS = 30_000

interface Expected {
  request: OwnRequest
  at: number
}

export class OwnOverrides {
  private readonly expected = new Map<string, Expected[]>()

  constructor(private readonly clock: () => number = Date.now) {}

  /** Remembers a request about to be sent; the answer withdraws it (call it when the request failed). */
  expect(ref: OutcomeRef, request: OwnRequest): () => void {
    const id = outcomeId(ref)
    const entry: Expected = { request, at: this.clock() }
    this.expected.set(id, [...this.live(id), entry])
    return () => this.remove(id, entry)
  }

  /** Whether the event answers one of this app's requests; a claimed request answers no other event. */
  claim(event: OverrideEvent): boolean {
    const id = outcomeId(event)
    const found = this.live(id).find(({ request }) => answers(request, event))
    if (found) this.remove(id, found)
    return found !== undefined
  }

  private live(id: string): Expected[] {
    const since = this.clock() - CLAIM_WINDOW_MS
    return (this.expected.get(id) ?? []).filter((e) => e.at >= since)
  }

  private remove(id: string, entry: Expected): void {
    const rest = this.live(id).filter((e) => e !== entry)
    if (rest.length > 0) this.expected.set(id, rest)
    else this.expected.delete(id)
  }
}

function answers(request: OwnRequest, event: OverrideEvent): boolean {
  if (request === 'lift') return event.action === 'lifted'
  return (
    (event.action === 'set' || event.action === 'changed') &&
    event.oddValue === request.oddValue &&
    event.durationSeconds === request.durationSeconds &&
    event.suspended === request.suspended
  )
}
