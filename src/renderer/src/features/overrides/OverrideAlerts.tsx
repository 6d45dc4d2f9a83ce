/** Override events (set, changed, expired, lifted) as alerts the trader acknowledges. */
import type { OverrideEvent } from '../../../../shared/domain'
import { formatClockTime, formatPrice } from '../../lib/format'
import { OVERRIDE_COUNTDOWN, untilAttributes } from '../../lib/live-time'
import { acknowledgeOverrideAlerts, useOverrideAlertStore } from '../../store/board-store'
import { nameOutcome } from '../../store/outcome-names'

export function OverrideAlerts() {
  const { alerts, unread } = useOverrideAlertStore()
  return (
    <div className="override-alerts panel" data-testid="override-alerts">
      <div className="panel-title">
        Override alerts
        {unread > 0 && (
          <span className="badge accent num" data-testid="override-unread">
            {unread}
          </span>
        )}
        <span className="spacer" />
        <button type="button" className="link" disabled={unread === 0} onClick={() => acknowledgeOverrideAlerts('all')}>
          Acknowledge all (Shift+A)
        </button>
      </div>
      <div className="alert-scroll">
        {alerts.length === 0 && <div className="muted pad">No override events yet.</div>}
        {alerts.map(({ id, event, read }) => (
          <div
            key={id}
            className={read ? 'override-alert read' : 'override-alert'}
            data-testid="override-alert"
            data-action={event.action}
          >
            <span className={`badge kind-${event.action}`}>{event.action}</span>
            <OverrideText event={event} />
            {!read && (
              <button type="button" className="link" onClick={() => acknowledgeOverrideAlerts([id])}>
                Ack
              </button>
            )}
          </div>
        ))}
      </div>
    </div>
  )
}

function OverrideText({ event }: { event: OverrideEvent }) {
  const name = nameOutcome(event)
  const inForce = event.action === 'set' || event.action === 'changed'
  return (
    <span className="override-text">
      <span className="override-what" title={`${name.match} · ${name.market}`}>
        {name.match} · {name.market} · <strong>{name.outcome}</strong>
      </span>
      <span className="num">
        {event.previousValue === null ? '—' : formatPrice(event.previousValue)} → {formatPrice(event.oddValue)}
        {event.suspended ? ' suspended' : ''} · {event.durationSeconds}s · set {formatClockTime(event.setAt)}
        {inForce ? (
          <>
            {' · '}
            <span
              className="countdown"
              data-testid="override-countdown"
              {...untilAttributes(event.expiresAt, OVERRIDE_COUNTDOWN)}
            />
          </>
        ) : (
          ` · ${event.action} ${formatClockTime(event.receivedTs)}`
        )}
      </span>
    </span>
  )
}
