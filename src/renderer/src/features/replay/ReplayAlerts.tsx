/**
 * The price alerts of a replay as they fired, newest first, beside the replayed override alerts
 * and tape. History, so nothing to mark read: a click brings the match's card forward.
 */
import { memo } from 'react'
import type { AlertEntry } from '../../../../shared/alerts'
import { useReplayStore } from '../../store/replay-store'
import { focusMatch } from '../../store/ui-store'
import { AlertText } from '../alerts/AlertList'
import '../alerts/alerts.css'

export function ReplayAlerts() {
  const alerts = useReplayStore((s) => s.alerts)
  return (
    <div className="replay-alerts panel" data-testid="replay-alerts">
      <div className="panel-title">
        Price alerts
        {/* A new count lays out its own box alone (.fixed-text, styles.css). */}
        <span className="badge num" data-testid="replay-alert-count">
          <span className="fixed-text count">{alerts.length}</span>
        </span>
      </div>
      {alerts.length === 0 && <div className="muted pad">No alert fired yet at this point of the replay.</div>}
      {/* A new row lays out the list alone (.panel-scroll, styles.css). */}
      <div className="panel-scroll">
        <ol className="alert-entries panel-scroll-box">
          {alerts.map((entry) => (
            <ReplayAlertRow key={entry.id} entry={entry} />
          ))}
        </ol>
      </div>
    </div>
  )
}

/**
 * One fired alert, drawn once: an alert never changes. At 60× a new one comes every few steps,
 * and each redrew every row of the list (up to REPLAY_ALERT_CAP, 500) before it.
 */
const ReplayAlertRow = memo(function ReplayAlertRow({ entry }: { entry: AlertEntry }) {
  return (
    <li className="alert-entry" data-testid="replay-alert" data-match={entry.matchId} data-at={entry.createdAt}>
      <button
        type="button"
        className="alert-open"
        onClick={() => focusMatch(entry.matchId)}
        title="Show this match on the board"
      >
        <AlertText entry={entry} />
      </button>
    </li>
  )
})
