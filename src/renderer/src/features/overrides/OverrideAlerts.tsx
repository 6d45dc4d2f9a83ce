/**
 * Override events (set, changed, expired, lifted) as alerts the trader acknowledges. Only the
 * current feed's rows; a row says how its override ended, a lift the price it went back to, the
 * trader's own overrides are marked "you", and a click brings the match's card into view. While a
 * replay shows, its override events as they happened (read already: history asks for no acknowledgement).
 */
import { memo } from 'react'
import { formatClockTime, formatPrice } from '../../lib/format'
import { OVERRIDE_COUNTDOWN, untilAttributes } from '../../lib/live-time'
import { acknowledgeOverrideAlerts, useShownOverrideAlerts } from '../../store/board-store'
import { shownAlerts, type OverrideAlert } from '../../store/override-alerts'
import { nameOutcome } from '../../store/outcome-names'
import { focusMatch } from '../../store/ui-store'
import './overrides.css'

export function OverrideAlerts() {
  const state = useShownOverrideAlerts()
  const alerts = shownAlerts(state)
  return (
    <div className="override-alerts panel" data-testid="override-alerts">
      <div className="panel-title">
        Override alerts
        {state.unread > 0 && (
          <span className="badge accent num" data-testid="override-unread">
            {state.unread}
          </span>
        )}
        <span className="spacer" />
        <button
          type="button"
          className="link"
          disabled={state.unread === 0}
          onClick={() => acknowledgeOverrideAlerts('all')}
        >
          Acknowledge all (Shift+A)
        </button>
      </div>
      <div className="panel-scroll">
        {/* The rows' own box of the room the panel leaves them: a new row lays out the list alone. */}
        <div className="panel-scroll-box">
          {alerts.length === 0 && <div className="muted pad">No override events yet.</div>}
          {alerts.map((alert) => (
            <OverrideAlertRow key={alert.id} alert={alert} />
          ))}
        </div>
      </div>
    </div>
  )
}

function openAlert({ id, event, read }: OverrideAlert): void {
  if (!read) acknowledgeOverrideAlerts([id])
  focusMatch(event.matchId)
}

/**
 * One row, drawn again only when its alert changes (the store keeps an unchanged row's object): a
 * new event re-renders the list, and a replay at 60× brings one about every step, while the rows
 * below it (hundreds in a replayed hour) are as they were. Their countdowns move with the clock
 * (lib/live-time.ts), not with the list's renders.
 */
const OverrideAlertRow = memo(function OverrideAlertRow({ alert }: { alert: OverrideAlert }) {
  return (
    <div
      className={alert.read ? 'override-alert read' : 'override-alert'}
      data-testid="override-alert"
      data-action={alert.event.action}
      data-ended={alert.ended ?? undefined}
      data-match={alert.event.matchId}
    >
      <button
        type="button"
        className="override-open"
        title="Show this match on the board"
        onClick={() => openAlert(alert)}
      >
        <span className={`badge kind-${alert.event.action}`}>{alert.event.action}</span>
        {alert.event.own && (
          <span className="badge own" data-testid="override-own" title="Set or lifted from this app">
            you
          </span>
        )}
        <OverrideText alert={alert} />
      </button>
      {!alert.read && (
        <button type="button" className="link" onClick={() => acknowledgeOverrideAlerts([alert.id])}>
          Ack
        </button>
      )}
    </div>
  )
})

function OverrideText({ alert: { event, ended, returnedTo } }: { alert: OverrideAlert }) {
  const name = nameOutcome(event)
  const inForce = event.action === 'set' || event.action === 'changed'
  return (
    <span className="override-text">
      <span className="override-what" title={`${name.match} · ${name.market}`}>
        {name.match} · {name.market} · <strong>{name.outcome}</strong>
      </span>
      <span className="num" data-testid="override-prices">
        {inForce ? (
          <>
            {event.previousValue === null ? '—' : formatPrice(event.previousValue)} → {formatPrice(event.oddValue)}
            {event.suspended ? ' suspended' : ''} · {event.durationSeconds}s · set {formatClockTime(event.setAt)}
            {' · '}
            {ended === null ? (
              <span
                className="countdown fixed-text"
                data-testid="override-countdown"
                {...untilAttributes(event.expiresAt, OVERRIDE_COUNTDOWN)}
              />
            ) : (
              <span data-testid="override-ended">{ended}</span>
            )}
          </>
        ) : (
          <>
            override {formatPrice(event.oddValue)}
            {returnedTo === null ? ' ended' : ` → back to ${formatPrice(returnedTo)}`} · {event.action}{' '}
            {formatClockTime(event.receivedTs)}
          </>
        )}
      </span>
    </span>
  )
}
