/**
 * Test fixtures for the alert core: a manual clock that is also the Scheduler (so coalescing runs
 * without sleeping), a notifier that records what the OS would have shown, and builders for rules and
 * synthetic tick sequences.
 */
import type { AlertCondition, AlertRule, AlertScope } from '../../../shared/alerts'
import { comparePrice, outcomeId, resyncOf, type OutcomeRef, type PriceChange } from '../../../shared/domain'
import type { Notifier, Scheduler, SystemNotification } from './ports'

export class ManualTime implements Scheduler {
  private tasks: { at: number; fn: () => void; live: boolean }[] = []

  constructor(public current: number) {}

  readonly now = (): number => this.current

  schedule(delayMs: number, fn: () => void): () => void {
    const task = { at: this.current + delayMs, fn, live: true }
    this.tasks.push(task)
    return () => {
      task.live = false
    }
  }

  /** Moves the clock forward, running due tasks in time order. */
  advance(ms: number): void {
    const target = this.current + ms
    for (;;) {
      const due = this.tasks.filter((t) => t.live && t.at <= target).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.current = due.at
      due.live = false
      due.fn()
    }
    this.tasks = this.tasks.filter((t) => t.live)
    this.current = target
  }
}

export class RecordingNotifier implements Notifier {
  readonly shown: SystemNotification[] = []
  notify(n: SystemNotification): void {
    this.shown.push(n)
  }
}

export const HOME: OutcomeRef = { matchId: 1, oddType: 'full-time', oddKey: 'match_winner#home' }

let ruleSeq = 0
export function makeRule(condition: AlertCondition, extra: Partial<Omit<AlertRule, 'condition'>> = {}): AlertRule {
  ruleSeq++
  return {
    id: `rule-${ruleSeq}`,
    name: `Rule ${ruleSeq}`,
    enabled: true,
    scope: { type: 'all' } satisfies AlertScope,
    cooldownSeconds: 0,
    doNotRepeat: false,
    cooldownPer: 'outcome',
    condition,
    ...extra,
  }
}

/** Turns successive ticks into PriceChanges the way the watch engine does (previous state per outcome). */
export class TickFeed {
  private readonly last = new Map<string, { price: number; suspended: boolean }>()

  change(ref: OutcomeRef, ts: number, price: number, suspended = false): PriceChange {
    const id = outcomeId(ref)
    const change = comparePrice({ ...ref, price, suspended, serverTs: ts, receivedTs: ts }, this.last.get(id))
    this.last.set(id, { price, suspended })
    return change
  }

  /** The first price after a gap (a reconnect, a restart, a feed switch), as the price book sends it. */
  resync(ref: OutcomeRef, ts: number, price: number, suspended = false): PriceChange {
    this.last.set(outcomeId(ref), { price, suspended })
    return resyncOf({ ...ref, price, suspended, serverTs: ts, receivedTs: ts })
  }
}
