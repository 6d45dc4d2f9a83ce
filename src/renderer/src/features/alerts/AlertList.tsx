/**
 * The in-app alert list: every firing main recorded, newest first, with the unread count. Clicking
 * an alert marks it read and brings its match forward on the board. What a rule's cooldown held
 * back shows on the alert that started it ("+7 more in 30 s"), listed when opened.
 */
import { useEffect, useState } from 'react'
import type { AlertEntry, HeldBack } from '../../../../shared/alerts'
import type { AlertList as AlertListValue } from '../../../../shared/bridge/contract'
import { call, subscribe } from '../../bridge'
import { describeError } from '../../lib/errors'
import { formatClockTime } from '../../lib/format'
import { useReplaying } from '../../store/replay-store'
import { focusMatch } from '../../store/ui-store'
import { kindLabel } from './rule-text'

export function AlertList() {
  const [list, setList] = useState<AlertListValue | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    call('alerts:list').then(setList, (e: unknown) => setError(describeError(e)))
    return subscribe('alerts:changed', (next) => {
      setList(next)
      setError(null)
    })
  }, [])

  const markRead = (ids: string[] | 'all') => {
    call('alerts:markRead', { ids }).then(setList, (e: unknown) => setError(describeError(e)))
  }
  const open = (entry: AlertEntry) => {
    if (!entry.read) markRead([entry.id])
    focusMatch(entry.matchId)
  }

  const unread = list?.unread ?? 0
  // This list is the live one even while a replay shows: it says so, so none of it is read as replayed.
  const replaying = useReplaying()
  return (
    <section className="panel alerts-pane alert-list-pane" aria-label="Alerts">
      <header className="alerts-pane-head">
        <span className="alerts-pane-title">{replaying ? 'Live alerts' : 'Alerts'}</span>
        {replaying && (
          <span
            className="muted alerts-live-note"
            data-testid="alerts-live-note"
            title="This list is the live one; the replay’s alerts are on the board"
          >
            not replayed: the replay’s are on the board
          </span>
        )}
        <span className={unread > 0 ? 'badge accent num' : 'badge num'} data-testid="alerts-unread">
          {unread} unread
        </span>
        <span className="spacer" />
        <button type="button" disabled={unread === 0} onClick={() => markRead('all')} data-testid="alerts-mark-all">
          Mark all read
        </button>
      </header>
      {error && <div className="inline-note">Alerts: {error}</div>}
      {list && list.entries.length === 0 && (
        <div className="muted pad">No alerts yet. Rules on the right decide what raises one.</div>
      )}
      <ol className="alert-entries">
        {list?.entries.map((entry) => (
          <li
            key={entry.id}
            className={entry.read ? 'alert-entry' : 'alert-entry unread'}
            data-testid="alert-entry"
            data-match={entry.matchId}
          >
            <button
              type="button"
              className="alert-open"
              onClick={() => open(entry)}
              title="Show this match on the board"
            >
              <AlertText entry={entry} />
            </button>
            {!entry.read && (
              <button
                type="button"
                className="icon-button"
                onClick={() => markRead([entry.id])}
                title="Mark read"
                aria-label="Mark read"
              >
                ✓
              </button>
            )}
            {entry.held && <HeldBackList held={entry.held} />}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** When, what kind, and what the alert said: a row of this list and of a replay's alert list. */
export function AlertText({ entry }: { entry: AlertEntry }) {
  return (
    <>
      <span className="alert-time num muted">{formatClockTime(entry.createdAt)}</span>
      <span className={`badge alert-kind kind-${entry.kind}`}>{kindLabel(entry.kind)}</span>
      <span className="alert-title">{entry.title}</span>
      <span className="alert-body muted">{entry.body}</span>
    </>
  )
}

/** "+7 more in 30 s": the firings the rule's cooldown held back, listed when opened. */
function HeldBackList({ held }: { held: HeldBack }) {
  const [open, setOpen] = useState(false)
  const unlisted = held.count - held.firings.length
  return (
    <div className="alert-held">
      <button
        type="button"
        className="alert-held-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="alert-held"
        title={open ? 'Hide what the cooldown held back' : 'Show what the cooldown held back'}
      >
        +{held.count} more in {held.cooldownSeconds} s
      </button>
      {open && (
        <ol className="alert-held-list" data-testid="alert-held-list">
          {held.firings.map((firing, i) => (
            <li key={i}>
              <span className="num muted">{formatClockTime(firing.at)}</span> {firing.title}{' '}
              <span className="muted">{firing.body}</span>
            </li>
          ))}
          {unlisted > 0 && <li className="muted">…and {unlisted} more</li>}
        </ol>
      )}
    </div>
  )
}
