/**
 * Override alerts as the trader reads them: every override event (set, changed, expired,
 * lifted) with a read flag. Renderer-side state: acknowledging is the trader's bookkeeping, not
 * the feed's. Capped so a long day does not grow without bound.
 */
import type { OverrideEvent } from '../../../shared/domain'
import { OVERRIDE_ALERT_CAP } from '../../../shared/history'

export interface OverrideAlert {
  /** Unique within the session (events carry no id of their own). */
  id: string
  event: OverrideEvent
  read: boolean
}

export interface OverrideAlertState {
  alerts: OverrideAlert[]
  unread: number
  nextId: number
}

export { OVERRIDE_ALERT_CAP }

export const EMPTY_OVERRIDE_ALERTS: OverrideAlertState = { alerts: [], unread: 0, nextId: 1 }

/** Newest first. */
export function addOverrideEvents(state: OverrideAlertState, events: readonly OverrideEvent[]): OverrideAlertState {
  if (events.length === 0) return state
  let nextId = state.nextId
  const added = events.map((event) => ({ id: `o${nextId++}`, event, read: false })).reverse()
  const alerts = [...added, ...state.alerts].slice(0, OVERRIDE_ALERT_CAP)
  return { alerts, unread: countUnread(alerts), nextId }
}

export function acknowledge(state: OverrideAlertState, ids: readonly string[] | 'all'): OverrideAlertState {
  const wanted = ids === 'all' ? null : new Set(ids)
  const alerts = state.alerts.map((a) => (!a.read && (wanted === null || wanted.has(a.id)) ? { ...a, read: true } : a))
  return { ...state, alerts, unread: countUnread(alerts) }
}

function countUnread(alerts: readonly OverrideAlert[]): number {
  let n = 0
  for (const a of alerts) if (!a.read) n++
  return n
}
