/**
 * Override events (set, changed, expired, lifted) as alerts the trader acknowledges. Only the
 * current feed's rows; a row says how its override ended, a lift the price it went back to, the
 * trader's own overrides are marked "you", and a click brings the match's card into view. While a
 * replay shows, its override events as they happened (read already: history asks for no acknowledgement).
 * Newest first and windowed (components/NewestFirstRows.tsx): up to 500 rows, a few dozen mounted.
 */
import { memo } from 'react'
import { NewestLink, useNewestFirstWindow, WindowedRows } from '../../components/NewestFirstRows'
import { formatClockTime, formatPrice } from '../../lib/format'
import { OVERRIDE_COUNTDOWN, untilAttributes } from '../../lib/live-time'
import { acknowledgeOverrideAlerts, useShownOverrideAlerts } from '../../store/board-store'
import { shownAlerts, type OverrideAlert } from '../../store/override-alerts'
import { nameOutcome } from '../../store/outcome-names'
import { focusMatch } from '../../store/ui-store'
import './overrides.css'

/** Must match `.override-alert` height in overrides.css: a row is two lines, each cut to fit. */
const ROW_PX = 41

const alertId = (alert: OverrideAlert) => alert.id

export function OverrideAlerts() {
  const state = useShownOverrideAlerts()
  const alerts = shownAlerts(state)
  const rows = useNewestFirstWindow(alerts, alertId, ROW_PX)
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
        <NewestLink rows={rows} testId="override-newest" />
        <button
          type="button"
          className="link"
          disabled={state.unread === 0}
          onClick={() => acknowledgeOverrideAlerts('all')}
        >
          Acknowledge all (Shift+A)
        </button>
      </div>
      <WindowedRows rows={rows} testId="override-scroll">
        {alerts.length === 0 && <div className="muted pad">No override events yet.</div>}
        {rows.shown.map((alert) => (
          <OverrideAlertRow key={alert.id} alert={alert} />
        ))}
      </WindowedRows>
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
 * below it are as they were (and only moved). Their countdowns move with the clock
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

/** Two lines, each cut to the row's width, what matters least last; each one's title holds the whole of it. */
function OverrideText({ alert }: { alert: OverrideAlert }) {
  const name = nameOutcome(alert.event)
  return (
    <span className="override-text">
      <span className="override-what" title={`${name.match} · ${name.market} · ${name.outcome}`}>
        {name.match} · {name.market} · <strong>{name.outcome}</strong>
      </span>
      {alert.event.action === 'set' || alert.event.action === 'changed' ? (
        <InForceLine alert={alert} />
      ) : (
        <EndLine alert={alert} />
      )}
    </span>
  )
}

/**
 * A set or changed override: the move and its terms, cut to the room left of how it stands
 * (counting down, or how it ended), which is always in sight.
 */
function InForceLine({ alert: { event, ended } }: { alert: OverrideAlert }) {
  const terms =
    `${event.previousValue === null ? '—' : formatPrice(event.previousValue)} → ${formatPrice(event.oddValue)}` +
    `${event.suspended ? ' suspended' : ''} · ${event.durationSeconds}s · set ${formatClockTime(event.setAt)} ·\u00a0`
  // The title is read once, when drawn: a countdown there is the time it ends.
  const stands = ended ?? `expires ${formatClockTime(event.expiresAt)}`
  return (
    <span className="override-prices in-force num" data-testid="override-prices" title={terms + stands}>
      <span className="override-terms">{terms}</span>
      {/* Not the countdown itself as the flex item: a flex item is never laid out alone. */}
      <span>
        {ended === null ? (
          <span
            className="countdown fixed-text"
            data-testid="override-countdown"
            {...untilAttributes(event.expiresAt, OVERRIDE_COUNTDOWN)}
          />
        ) : (
          <span data-testid="override-ended">{ended}</span>
        )}
      </span>
    </span>
  )
}

/** A lift or an expiry: the override's price and the one served once it ended. */
function EndLine({ alert: { event, returnedTo } }: { alert: OverrideAlert }) {
  const back = returnedTo === null ? ' ended' : ` → back to ${formatPrice(returnedTo)}`
  const words = `override ${formatPrice(event.oddValue)}${back} · ${event.action} ${formatClockTime(event.receivedTs)}`
  return (
    <span className="override-prices num" data-testid="override-prices" title={words}>
      {words}
    </span>
  )
}
