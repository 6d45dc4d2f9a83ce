/**
 * Override alerts as the trader reads them: every override event (set, changed, expired,
 * lifted) with a read flag, and what became of it. A set or changed row says how it ended once a
 * later event of its outcome ends it (superseded, lifted, expired), rather than counting down a
 * time that no longer holds; a lifted or expired row says the price the outcome went back to, read
 * from the change that moved it off the override's value. Each event belongs to its feed: only the
 * current feed's rows are shown and counted (the demo and real feeds number matches
 * independently). Acknowledging is the trader's bookkeeping: the store marks the rows, and the
 * caller keeps the marks in the cache by the keys `acknowledge` answers. Capped so a long day
 * does not grow without bound.
 */
import {
  outcomeId,
  type FeedName,
  type OverrideEvent,
  type OverrideEventKey,
  type PriceChange,
} from '../../../shared/domain'
import { OVERRIDE_ALERT_CAP } from '../../../shared/history'
import type { TapeRing } from './tape-ring'

/** How an override a set or changed row announced came to an end. */
export type OverrideEnd = 'superseded' | 'lifted' | 'expired'

export interface OverrideAlert {
  /** The event's feed, outcome, action and receive time: unique, and the same after a restart. */
  id: string
  event: OverrideEvent
  read: boolean
  /** A set or changed row: how its override ended (null while it is the outcome's latest word). */
  ended: OverrideEnd | null
  /** A lifted or expired row: the price served once the override ended (null until seen). */
  returnedTo: number | null
}

export interface OverrideAlertState {
  alerts: OverrideAlert[]
  /** The feed on now; null until known (every row shows meanwhile). */
  feed: FeedName | null
  /** Unread rows of the current feed. */
  unread: number
}

export { OVERRIDE_ALERT_CAP }

export const EMPTY_OVERRIDE_ALERTS: OverrideAlertState = { alerts: [], feed: null, unread: 0 }

/** The change that ends an override comes with it or just before it, on the other stream. */
const RETURN_WINDOW_MS = 2000

/** An event as it arrives live, or as the cache recorded it with the trader's acknowledgement. */
type IncomingEvent = OverrideEvent & { acknowledged?: boolean }

function overrideAlertId(event: OverrideEvent): string {
  return `${event.feed}|${outcomeId(event)}|${event.action}|${event.receivedTs}`
}

const inForce = (event: OverrideEvent) => event.action === 'set' || event.action === 'changed'

/** The current feed's rows, newest first. */
export function shownAlerts(state: OverrideAlertState): OverrideAlert[] {
  return state.feed === null ? state.alerts : state.alerts.filter((a) => a.event.feed === state.feed)
}

/** Newest first; an event already listed (the cache and a patch may both bring it) is passed over. */
export function addOverrideEvents(state: OverrideAlertState, events: readonly IncomingEvent[]): OverrideAlertState {
  if (events.length === 0) return state
  const listed = new Set(state.alerts.map((a) => a.id))
  let alerts = state.alerts
  for (const { acknowledged, ...event } of events) {
    const id = overrideAlertId(event)
    if (listed.has(id)) continue
    listed.add(id)
    alerts = [
      { id, event, read: acknowledged === true, ended: null, returnedTo: null },
      ...endEarlierRows(alerts, event),
    ]
  }
  return withUnread({ ...state, alerts: alerts.slice(0, OVERRIDE_ALERT_CAP) })
}

/** The rows of the outcome's override still in force, ended by `event`. */
function endEarlierRows(alerts: OverrideAlert[], event: OverrideEvent): OverrideAlert[] {
  const id = outcomeId(event)
  const ended: OverrideEnd = inForce(event) ? 'superseded' : event.action === 'lifted' ? 'lifted' : 'expired'
  return alerts.map((a) =>
    a.ended === null && inForce(a.event) && a.event.feed === event.feed && outcomeId(a.event) === id
      ? { ...a, ended }
      : a,
  )
}

/**
 * The changes to look for returned prices in, for one patch: its own; and when it brings a lift or an
 * expiry, also what the tape received from the return window before the earliest of them, since the
 * change that ends an override comes on the other stream and can be a patch ahead of its event.
 */
export function changesNearEnds(
  events: readonly OverrideEvent[],
  patchChanges: readonly PriceChange[],
  tape: TapeRing,
): readonly PriceChange[] {
  let earliestEnd = Infinity
  for (const event of events) if (!inForce(event)) earliestEnd = Math.min(earliestEnd, event.receivedTs)
  return earliestEnd === Infinity
    ? patchChanges
    : [...tape.receivedSince(earliestEnd - RETURN_WINDOW_MS), ...patchChanges]
}

/**
 * Fills the returned-to price of lifted and expired rows from the tape: the outcome's change off the
 * override's value at about the event's time. Changes carry no feed, so only the current feed's rows take them.
 */
export function noteReturnedPrices(state: OverrideAlertState, tape: readonly PriceChange[]): OverrideAlertState {
  const oldest = tape[0]?.receivedTs
  if (oldest === undefined) return state
  // The tape is in arrival order: a row older than its first change by more than the window takes none.
  const awaits = (a: OverrideAlert) =>
    !inForce(a.event) &&
    a.returnedTo === null &&
    a.event.receivedTs + RETURN_WINDOW_MS >= oldest &&
    (state.feed === null || a.event.feed === state.feed)
  if (!state.alerts.some(awaits)) return state
  let found = false
  const alerts = state.alerts.map((a) => {
    if (!awaits(a)) return a
    const id = outcomeId(a.event)
    const back = tape.find(
      (c) =>
        c.previousPrice === a.event.oddValue &&
        Math.abs(c.receivedTs - a.event.receivedTs) <= RETURN_WINDOW_MS &&
        outcomeId(c) === id,
    )
    if (!back) return a
    found = true
    return { ...a, returnedTo: back.price }
  })
  // Called with every patch: the same state when nothing returned, so the alerts do not re-render.
  return found ? { ...state, alerts } : state
}

export function setOverrideFeed(state: OverrideAlertState, feed: FeedName): OverrideAlertState {
  return state.feed === feed ? state : withUnread({ ...state, feed })
}

/**
 * Marks the given rows (or every shown one) read; answers the new state and the keys of the events
 * newly acknowledged, for the cache.
 */
export function acknowledge(
  state: OverrideAlertState,
  ids: readonly string[] | 'all',
): { state: OverrideAlertState; acknowledged: OverrideEventKey[] } {
  const wanted = ids === 'all' ? new Set(shownAlerts(state).map((a) => a.id)) : new Set(ids)
  const acknowledged: OverrideEventKey[] = []
  const alerts = state.alerts.map((a) => {
    if (a.read || !wanted.has(a.id)) return a
    const { matchId, oddType, oddKey, action, receivedTs } = a.event
    acknowledged.push({ matchId, oddType, oddKey, action, receivedTs })
    return { ...a, read: true }
  })
  return { state: withUnread({ ...state, alerts }), acknowledged }
}

function withUnread(state: OverrideAlertState): OverrideAlertState {
  let unread = 0
  for (const a of shownAlerts(state)) if (!a.read) unread++
  return { ...state, unread }
}
