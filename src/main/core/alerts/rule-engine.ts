/**
 * Evaluates alert rules against the watch engine's events. Rules are indexed per event family
 * (price / override / match status) and per scope, so an event visits only rules that could fire for
 * it. A resync (the first price after a reconnect, a restart or a feed switch) fires nothing and
 * restarts the outcome's price window, so no window spans a gap. A price firing is stamped with the
 * price's receipt time. Output goes to an AlertSink (the delivery stage), which owns cooldown, do-not-repeat and
 * notifications. Construction and `setRules` are cheap: no per-outcome state until events arrive.
 */
import type { AlertRule } from '../../../shared/alerts'
import { outcomeId, type OutcomeRef, type OverrideEvent, type PriceChange } from '../../../shared/domain'
import { matchName, outcomeText, outcomeWords } from '../../../shared/labels'
import {
  matchStatusText,
  moveText,
  overrideText,
  suspensionText,
  thresholdText,
  type AlertSubject,
  type AlertText,
} from './alert-text'
import { MoveTracker } from './move-tracker'
import type { AlertSink, MatchStatusChange } from './ports'
import type { PriceRing } from './price-ring'
import { ScopeIndex, type AlertTarget, type WatchlistsOf } from './scope-index'
import { ThresholdTracker } from './threshold-tracker'

export interface RuleEngineDeps {
  /** Watchlist ids holding a match (only called when some rule is scoped to a watchlist). */
  watchlistsOf: WatchlistsOf
  now(): number
  sink: AlertSink
  /** Words for a match and an outcome in alert text; defaults to the keys turned into words. */
  names?: AlertNames
}

export interface AlertNames {
  matchName(matchId: number): string
  describe(ref: OutcomeRef): string
}

const KEY_WORDS: AlertNames = {
  matchName: (matchId) => matchName(matchId, null),
  describe: (ref) => outcomeText(outcomeWords(ref, undefined)),
}

const PRICE_KINDS = new Set<string>(['move', 'threshold', 'suspension'])

export class RuleEngine {
  private priceRules = new ScopeIndex([])
  private overrideRules = new ScopeIndex([])
  private statusRules = new ScopeIndex([])
  private moves = new MoveTracker(0)
  private thresholds = new ThresholdTracker()

  constructor(
    private readonly deps: RuleEngineDeps,
    rules: readonly AlertRule[] = [],
  ) {
    this.setRules(rules)
  }

  /**
   * Replaces the rule set (after any create/edit/delete). Price history and crossing memory are reset:
   * edits are rare, and stale per-rule state could otherwise fire an edited rule on old data.
   */
  setRules(rules: readonly AlertRule[]): void {
    const enabled = rules.filter((r) => r.enabled)
    this.priceRules = new ScopeIndex(enabled.filter((r) => PRICE_KINDS.has(r.condition.kind)))
    this.overrideRules = new ScopeIndex(enabled.filter((r) => r.condition.kind === 'override'))
    this.statusRules = new ScopeIndex(enabled.filter((r) => r.condition.kind === 'match_status'))
    let maxWindowSeconds = 0
    for (const r of enabled)
      if (r.condition.kind === 'move') maxWindowSeconds = Math.max(maxWindowSeconds, r.condition.windowSeconds)
    this.moves = new MoveTracker(maxWindowSeconds * 1000)
    this.thresholds = new ThresholdTracker()
  }

  onPriceChange(change: PriceChange): void {
    if (this.priceRules.size === 0) return
    const outcome = outcomeId(change)
    if (change.resync) {
      // The first price after a gap: windows and crossings start again from it, never across the gap.
      this.moves.restart(outcome, change.serverTs, change.price)
      this.thresholds.forget(outcome)
      return
    }
    let ring: PriceRing | undefined
    this.priceRules.forEach(change, this.deps.watchlistsOf, (rule) => {
      const cond = rule.condition
      if (cond.kind === 'move') {
        ring ??= this.moves.record(outcome, change.serverTs, change.price)
        const move = this.moves.evaluate(ring, rule.id, cond, outcome)
        if (move)
          this.fire(rule, change, () => moveText(this.subject(change), change, move, rule.name), change.receivedTs)
      } else if (cond.kind === 'threshold') {
        const crossing = this.thresholds.crossing(rule.id, outcome, cond.price, change.previousPrice, change.price)
        if (crossing && (cond.direction === 'either' || cond.direction === crossing)) {
          this.fire(
            rule,
            change,
            () => thresholdText(this.subject(change), change, cond.price, crossing, rule.name),
            change.receivedTs,
          )
        }
      } else if (cond.kind === 'suspension') {
        if (change.previousSuspended === null || change.previousSuspended === change.suspended) return
        if (cond.on === 'either' || (cond.on === 'suspended') === change.suspended) {
          this.fire(rule, change, () => suspensionText(this.subject(change), change, rule.name), change.receivedTs)
        }
      }
    })
  }

  onOverride(event: OverrideEvent): void {
    if (this.overrideRules.size === 0) return
    this.overrideRules.forEach(event, this.deps.watchlistsOf, (rule) => {
      if (rule.condition.kind === 'override' && rule.condition.actions.includes(event.action)) {
        this.fire(rule, event, () => overrideText(this.subject(event), event, rule.name))
      }
    })
  }

  onMatchStatus(change: MatchStatusChange): void {
    // A first sighting (from = null) is not a transition: starting the app mid-match must not alert.
    if (this.statusRules.size === 0 || change.from === null || change.from === change.to) return
    if (change.to !== 'live' && change.to !== 'finished') return
    this.statusRules.forEach({ matchId: change.matchId }, this.deps.watchlistsOf, (rule) => {
      if (
        rule.condition.kind === 'match_status' &&
        (rule.condition.on === 'either' || rule.condition.on === change.to)
      ) {
        this.fire(rule, { matchId: change.matchId }, () =>
          matchStatusText(this.matchName(change.matchId), change, rule.name),
        )
      }
    })
  }

  private matchName(matchId: number): string {
    return (this.deps.names ?? KEY_WORDS).matchName(matchId)
  }

  private subject(ref: OutcomeRef): AlertSubject {
    const names = this.deps.names ?? KEY_WORDS
    return { match: names.matchName(ref.matchId), outcome: names.describe(ref) }
  }

  /**
   * `at` of a price firing is the price's receipt time, not the clock at evaluation: the cache keys
   * ticks by it, so a rule re-run over recorded ticks (backtest.ts) fires at the very same instants.
   */
  private fire(rule: AlertRule, target: AlertTarget, text: () => AlertText, at = this.deps.now()): void {
    this.deps.sink.accept({
      rule,
      matchId: target.matchId,
      ...(target.oddType !== undefined && { oddType: target.oddType }),
      ...(target.oddKey !== undefined && { oddKey: target.oddKey }),
      text,
      at,
    })
  }
}
