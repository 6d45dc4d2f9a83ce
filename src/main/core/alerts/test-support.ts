/**
 * Test fixtures for the alert core: the manual clock (manual-time.ts), a notifier that records what
 * the OS would have shown, and builders for rules and synthetic tick sequences.
 */
import type { AlertCondition, AlertRule, AlertScope } from '../../../shared/alerts'
import { comparePrice, outcomeId, resyncOf, type OutcomeRef, type PriceChange } from '../../../shared/domain'
import type { Notifier, SystemNotification } from './ports'

export { ManualTime } from './manual-time'

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
