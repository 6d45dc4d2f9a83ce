/**
 * The alert feature as the app uses it: rules and delivery settings persisted in the settings
 * store, the rule engine the watch engine feeds, the delivery stage with its notifier port, and
 * the in-app list. Bridge handlers call this; nothing here knows about a transport.
 */
import { randomUUID } from 'node:crypto'
import {
  AlertDeliverySettings,
  AlertEntry,
  AlertRule,
  DEFAULT_ALERT_DELIVERY_SETTINGS,
  type AlertRuleDraft,
} from '../../../shared/alerts'
import {
  BACKTEST_MAX_FIRINGS,
  BACKTEST_MAX_TICKS,
  type BacktestInput,
  type BacktestResult,
} from '../../../shared/alert-backtest'
import { BridgeFailure } from '../../../shared/bridge/result'
import type { KeyValueStore } from '../settings'
import { AlertDelivery, type AlertsChange } from './alert-delivery'
import { backtest, type RecordedChanges } from './backtest'
import type { Notifier } from './ports'
import { RuleEngine, type AlertNames } from './rule-engine'

export const ALERT_RULES_KEY = 'alertRules'
const DELIVERY_KEY = 'alertDelivery'

export interface AlertsServiceOptions {
  store: KeyValueStore
  notifier: Notifier
  watchlistsOf: (matchId: number) => readonly string[]
  names?: AlertNames
  now?: () => number
}

/** What a backtest reads from the cache: the recorded changes, and the alerts a rule did raise. */
export interface RecordedRun<C> {
  changes: RecordedChanges<C>
  /** A rule's recorded alerts created in [from, to], oldest first, at most `limit`. */
  alerts(ruleId: string, from: number, to: number, limit: number): readonly unknown[]
}

/** Price rules read the recorded ticks; override events and status changes are not replayed here. */
const BACKTEST_KINDS = new Set<string>(['move', 'threshold', 'suspension'])

export class AlertsService {
  readonly engine: RuleEngine
  readonly delivery: AlertDelivery
  private rules: AlertRule[]

  constructor(private readonly options: AlertsServiceOptions) {
    const now = options.now ?? Date.now
    this.rules = readList(options.store.get(ALERT_RULES_KEY))
    const delivery = AlertDeliverySettings.safeParse(options.store.get(DELIVERY_KEY))
    this.delivery = new AlertDelivery({
      notifier: options.notifier,
      now,
      settings: delivery.success ? delivery.data : DEFAULT_ALERT_DELIVERY_SETTINGS,
    })
    this.engine = new RuleEngine(
      { watchlistsOf: options.watchlistsOf, now, sink: this.delivery, names: options.names },
      this.rules,
    )
  }

  listRules(): AlertRule[] {
    return this.rules
  }

  /** Creates (no id) or replaces (known id) a rule; the schema already validated its fields. */
  saveRule(input: AlertRule | AlertRuleDraft): AlertRule {
    const id = 'id' in input ? input.id : randomUUID()
    if ('id' in input && !this.rules.some((r) => r.id === id)) {
      throw new BridgeFailure('invalid_input', 'that rule no longer exists')
    }
    const rule = AlertRule.parse({ ...input, id })
    this.rules = this.rules.some((r) => r.id === id)
      ? this.rules.map((r) => (r.id === id ? rule : r))
      : [...this.rules, rule]
    this.delivery.forgetRule(id)
    this.commitRules()
    return rule
  }

  deleteRule(id: string): AlertRule[] {
    this.rules = this.rules.filter((r) => r.id !== id)
    this.delivery.forgetRule(id)
    this.commitRules()
    return this.rules
  }

  /**
   * What `input.rule` would have fired over the recorded range (backtest.ts), beside what the saved
   * rule it is compared with did fire there. Today's delivery settings, names and watchlists apply.
   */
  async backtest<C>(input: BacktestInput, recorded: RecordedRun<C>): Promise<BacktestResult> {
    const { from, to, matchIds } = input
    if (!BACKTEST_KINDS.has(input.rule.condition.kind)) {
      throw new BridgeFailure(
        'invalid_input',
        'Only price rules (moves, thresholds, suspensions) can be tried on recorded data',
      )
    }
    const rule = AlertRule.parse({ id: 'backtest', ...input.rule })
    const run = await backtest({
      rule,
      from,
      to,
      recorded: recorded.changes,
      settings: this.delivery.currentSettings(),
      watchlistsOf: this.options.watchlistsOf,
      names: this.options.names,
      maxTicks: BACKTEST_MAX_TICKS,
      maxFirings: BACKTEST_MAX_FIRINGS,
    })
    const compareWith = input.compareWith ?? ('id' in input.rule ? input.rule.id : undefined)
    const stored = compareWith === undefined ? [] : recorded.alerts(compareWith, from, to, BACKTEST_MAX_FIRINGS + 1)
    const didFire = stored.flatMap((item) => {
      const entry = AlertEntry.safeParse(item)
      return entry.success && (matchIds === undefined || matchIds.includes(entry.data.matchId)) ? [entry.data] : []
    })
    return {
      from,
      to,
      ...run,
      didFire: didFire.slice(0, BACKTEST_MAX_FIRINGS),
      didFireCapped: stored.length > BACKTEST_MAX_FIRINGS,
    }
  }

  deliverySettings(): AlertDeliverySettings {
    return this.delivery.currentSettings()
  }

  setDeliverySettings(settings: AlertDeliverySettings): AlertDeliverySettings {
    this.delivery.setSettings(settings)
    this.options.store.set(DELIVERY_KEY, settings)
    return settings
  }

  /**
   * Puts back the alerts an earlier run recorded; a record that no longer parses (older app, hand
   * edit) is left out. Answers how many were left out.
   */
  restore(recorded: readonly unknown[]): number {
    const entries = recorded.flatMap((item) => {
      const entry = AlertEntry.safeParse(item)
      return entry.success ? [entry.data] : []
    })
    this.delivery.restore(entries)
    return recorded.length - entries.length
  }

  /** The feed changed (demo ↔ real): the list becomes that feed's recorded alerts alone. */
  replaceWith(recorded: readonly unknown[]): number {
    this.delivery.clear()
    return this.restore(recorded)
  }

  list(): { entries: AlertEntry[]; unread: number } {
    return { entries: this.delivery.entries(), unread: this.delivery.unreadCount() }
  }

  markRead(ids: string[] | 'all'): { entries: AlertEntry[]; unread: number } {
    this.delivery.markRead(ids)
    return this.list()
  }

  onChange(listener: (change: AlertsChange) => void): () => void {
    return this.delivery.onChange(listener)
  }

  dispose(): void {
    this.delivery.dispose()
  }

  private commitRules(): void {
    this.engine.setRules(this.rules)
    this.options.store.set(ALERT_RULES_KEY, this.rules)
  }
}

/** A stored rule that no longer parses (hand edit, older app) is dropped, not allowed to break the rest. */
function readList(stored: unknown): AlertRule[] {
  if (!Array.isArray(stored)) return []
  return stored.flatMap((item) => {
    const rule = AlertRule.safeParse(item)
    return rule.success ? [rule.data] : []
  })
}
