/**
 * What the alert core needs from the outside world. The Electron adapter (Notification + window focus)
 * and the headless host (browser Notification API) both implement `Notifier`.
 */
import type { AlertRule } from '../../../shared/alerts'
import type { MatchStatusType } from '../../../shared/domain'

export interface SystemNotification {
  title: string
  body: string
  /** The match a click on the notification should bring up. */
  matchId: number
  /** The in-app entries this notification announces (more than one when coalesced). */
  alertIds: string[]
}

export interface Notifier {
  notify(n: SystemNotification): void
}

/** Timer port so tests drive coalescing with a manual clock instead of sleeping. */
export interface Scheduler {
  /** Runs `fn` once after `delayMs`; the returned function cancels it. */
  schedule(delayMs: number, fn: () => void): () => void
}

/** Real timers; unref'd so a pending coalesced notification never keeps a process alive. */
export const timerScheduler: Scheduler = {
  schedule(delayMs, fn) {
    const handle = setTimeout(fn, delayMs)
    handle.unref()
    return () => clearTimeout(handle)
  },
}

/** A match status transition as the watch engine sees it (`from` is null for the first status seen; never alerts). */
export interface MatchStatusChange {
  matchId: number
  from: MatchStatusType | null
  to: MatchStatusType
  at: number
}

/** What the rule engine hands to the delivery stage: one rule fired for one outcome (or match). */
export interface AlertFiring {
  rule: AlertRule
  matchId: number
  oddType?: string
  oddKey?: string
  /**
   * The words, built on demand: most firings of a busy rule are swallowed by its cooldown, and
   * building text for them was most of the rules' cost per tick.
   */
  text(): { title: string; body: string }
  /** Engine clock time of the firing (epoch ms). */
  at: number
}

export interface AlertSink {
  accept(firing: AlertFiring): void
}
