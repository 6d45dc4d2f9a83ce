/**
 * A rule re-run over recorded ticks: what it would have fired. Nothing here knows a rule's meaning:
 * the recorded changes (cache/range-changes.ts: changes, resyncs, in receive order) go through a
 * RuleEngine holding only this rule into an AlertDelivery, both the live classes, on a ManualTime
 * clock that the ticks' receive times move. So cooldowns, do-not-repeat and the coalescing window
 * act as they do live, and a price firing carries its tick's receive time (rule-engine.ts), the time
 * the live alert was stamped with. Quiet hours and mute (today's settings) do not hide a would-be
 * alert; each says what they would have done to its notification.
 *
 * Move windows reach back: reading starts one window before `from` (the warm-up), so a move that
 * began just before the range is seen as live saw it; firings of the warm-up are not listed.
 * Cooldowns that began before the warm-up are not known.
 *
 * Bounded: the ticks read and the firings listed are capped (the answer says where it stopped), and
 * the recorded ticks are read a page at a time with the event loop let go between pages.
 */
import type { AlertDeliverySettings, AlertEntry, AlertRule } from '../../../shared/alerts'
import type { BacktestCap, BacktestFiring, BacktestNotice } from '../../../shared/alert-backtest'
import type { PriceChange } from '../../../shared/domain'
import { AlertDelivery } from './alert-delivery'
import { ManualTime } from './manual-time'
import type { SystemNotification } from './ports'
import { RuleEngine, type AlertNames } from './rule-engine'
import type { WatchlistsOf } from './scope-index'

/** One page of recorded changes from `from`, continuing after the cursor the last page gave. */
export interface RecordedChanges<C> {
  page(query: { from: number; to: number; after: C | null; limit: number }): {
    changes: readonly PriceChange[]
    ticks: number
    next: C | null
  }
}

export interface BacktestRun<C> {
  rule: AlertRule
  from: number
  /** Inclusive. */
  to: number
  recorded: RecordedChanges<C>
  settings: AlertDeliverySettings
  watchlistsOf: WatchlistsOf
  names?: AlertNames
  maxTicks: number
  maxFirings: number
  /** Ticks per page. */
  pageSize?: number
  /** Lets the event loop go between pages; defaults to one macrotask turn. */
  pause?: () => Promise<void>
}

export interface BacktestOutcome {
  wouldFire: BacktestFiring[]
  ticksRead: number
  capped: BacktestCap | null
}

const PAGE_SIZE = 5000
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export async function backtest<C>(run: BacktestRun<C>): Promise<BacktestOutcome> {
  const { rule, from, to, settings } = run
  const readFrom = Math.max(0, from - warmUpMs(rule))
  const clock = new ManualTime(readFrom)
  const notices: SystemNotification[] = []
  let seq = 0
  const delivery = new AlertDelivery({
    notifier: { notify: (n) => notices.push(n) },
    now: clock.now,
    settings,
    scheduler: clock,
    newId: () => `backtest-${++seq}`,
    // The cap below bounds what is listed; the list itself must not drop what the cap counts.
    maxEntries: Number.MAX_SAFE_INTEGER,
  })
  let listed = 0
  delivery.onChange(({ added }) => {
    for (const entry of added) if (entry.createdAt >= from) listed++
  })
  const engine = new RuleEngine({ watchlistsOf: run.watchlistsOf, now: clock.now, sink: delivery, names: run.names }, [
    { ...rule, enabled: true },
  ])

  let ticksRead = 0
  let capped: BacktestCap | null = null
  let after: C | null = null
  const pageSize = run.pageSize ?? PAGE_SIZE
  for (;;) {
    const limit = Math.min(pageSize, run.maxTicks - ticksRead)
    const page = run.recorded.page({ from: readFrom, to, after, limit })
    ticksRead += page.ticks
    for (const change of page.changes) {
      if (listed === run.maxFirings) {
        capped = { reason: 'firings', limit: run.maxFirings, at: change.receivedTs }
        break
      }
      clock.advanceTo(change.receivedTs)
      engine.onPriceChange(change)
    }
    if (capped !== null || page.next === null) break
    if (ticksRead >= run.maxTicks) {
      capped = { reason: 'ticks', limit: run.maxTicks, at: clock.current }
      break
    }
    after = page.next
    await (run.pause ?? nextTurn)()
  }
  // Coalescing windows still open close as they would have; one open at the end goes out then.
  clock.advanceTo(capped?.at ?? to)
  delivery.flush()
  const announcedWith = new Map(notices.flatMap((n) => n.alertIds.map((id) => [id, n.alertIds.length] as const)))
  const notice = (entry: AlertEntry): BacktestNotice => {
    const together = announcedWith.get(entry.id)
    if (together !== undefined) return together > 1 ? 'grouped' : 'shown'
    return settings.muted ? 'muted' : 'quiet_hours'
  }
  const inRange = delivery.entries().filter((entry) => entry.createdAt >= from)
  return { wouldFire: inRange.reverse().map((entry) => firingOf(entry, notice(entry))), ticksRead, capped }
}

/** How far before `from` the rule looks back: its move window. */
function warmUpMs(rule: AlertRule): number {
  return rule.condition.kind === 'move' ? rule.condition.windowSeconds * 1000 : 0
}

function firingOf(entry: AlertEntry, notice: BacktestNotice): BacktestFiring {
  const { createdAt, matchId, oddType, oddKey, title, body, held } = entry
  return {
    at: createdAt,
    matchId,
    ...(oddType !== undefined && { oddType }),
    ...(oddKey !== undefined && { oddKey }),
    title,
    body,
    ...(held !== undefined && { held }),
    notice,
  }
}
