/**
 * The price alerts of a replay as they fired, newest first, beside the replayed override alerts
 * and tape. History, so nothing to mark read: a click brings the match's card forward. Windowed
 * (components/NewestFirstRows.tsx): up to REPLAY_ALERT_CAP (500) rows, a few dozen mounted.
 */
import { memo } from 'react'
import type { AlertEntry } from '../../../../shared/alerts'
import { NewestLink, useNewestFirstWindow, WindowedRows } from '../../components/NewestFirstRows'
import { useReplayStore } from '../../store/replay-store'
import { focusMatch } from '../../store/ui-store'
import { AlertText } from '../alerts/AlertList'
import '../alerts/alerts.css'

/** Must match `.replay-alert` height in replay.css. */
const ROW_PX = 49

const entryId = (entry: AlertEntry) => entry.id

export function ReplayAlerts() {
  const alerts = useReplayStore((s) => s.alerts)
  const rows = useNewestFirstWindow(alerts, entryId, ROW_PX)
  return (
    <div className="replay-alerts panel" data-testid="replay-alerts">
      <div className="panel-title">
        Price alerts
        {/* A new count lays out its own box alone (.fixed-text, styles.css). */}
        <span className="badge num" data-testid="replay-alert-count">
          <span className="fixed-text count">{alerts.length}</span>
        </span>
        <span className="spacer" />
        <NewestLink rows={rows} testId="replay-alerts-newest" />
      </div>
      {alerts.length === 0 && <div className="muted pad">No alert fired yet at this point of the replay.</div>}
      <WindowedRows rows={rows} testId="replay-alerts-scroll" as="ol" className="replay-alert-rows">
        {rows.shown.map((entry) => (
          <ReplayAlertRow key={entry.id} entry={entry} />
        ))}
      </WindowedRows>
    </div>
  )
}

/**
 * One fired alert, drawn once: an alert never changes. At 60× a new one comes every few steps,
 * and each redrew every row of the list (up to REPLAY_ALERT_CAP, 500) before it. Its title is cut
 * to one line (rows of equal height); the button's title holds the whole alert.
 */
const ReplayAlertRow = memo(function ReplayAlertRow({ entry }: { entry: AlertEntry }) {
  return (
    <li
      className="alert-entry replay-alert"
      data-testid="replay-alert"
      data-match={entry.matchId}
      data-at={entry.createdAt}
    >
      <button
        type="button"
        className="alert-open"
        onClick={() => focusMatch(entry.matchId)}
        title={`${entry.title} · ${entry.body} (click for its card)`}
      >
        <AlertText entry={entry} />
      </button>
    </li>
  )
})
