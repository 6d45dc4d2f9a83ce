/**
 * Rules bucketed by scope so an event only visits the rules that can apply to its match: the global
 * rules, the rules of that match, and the rules of the watchlists holding it. With 200 rules spread
 * over many matches a tick touches a handful, not 200.
 */
import type { AlertRule, AlertScope } from '../../../shared/alerts'
import { splitOddKey } from '../../../shared/wire/odds'

/** The thing an event is about: an outcome, or (match status) a whole match. */
export interface AlertTarget {
  matchId: number
  oddType?: string
  oddKey?: string
}

export type WatchlistsOf = (matchId: number) => readonly string[]

/** Does a match-keyed scope (match/market/outcome) cover this target? Watchlist/all are decided by bucket. */
function narrowScopeCovers(scope: AlertScope, target: AlertTarget): boolean {
  switch (scope.type) {
    case 'market':
      if (scope.oddType !== undefined && scope.oddType !== target.oddType) return false
      return (
        scope.market === undefined ||
        (target.oddKey !== undefined && splitOddKey(target.oddKey)?.market === scope.market)
      )
    case 'outcome':
      return scope.oddType === target.oddType && scope.oddKey === target.oddKey
    default:
      return true
  }
}

export class ScopeIndex {
  private readonly global: AlertRule[] = []
  private readonly byMatch = new Map<number, AlertRule[]>()
  private readonly byWatchlist = new Map<string, AlertRule[]>()
  readonly size: number

  constructor(rules: readonly AlertRule[]) {
    for (const rule of rules) {
      const scope = rule.scope
      if (scope.type === 'all') this.global.push(rule)
      else if (scope.type === 'watchlist') push(this.byWatchlist, scope.watchlistId, rule)
      else push(this.byMatch, scope.matchId, rule)
    }
    this.size = rules.length
  }

  /** Calls `visit` for every rule whose scope covers `target`. */
  forEach(target: AlertTarget, watchlistsOf: WatchlistsOf, visit: (rule: AlertRule) => void): void {
    for (const rule of this.global) visit(rule)
    const forMatch = this.byMatch.get(target.matchId)
    if (forMatch) for (const rule of forMatch) if (narrowScopeCovers(rule.scope, target)) visit(rule)
    // The resolver is the caller's code; skip it entirely when no rule is scoped to a watchlist.
    if (this.byWatchlist.size === 0) return
    for (const watchlistId of watchlistsOf(target.matchId)) {
      const forList = this.byWatchlist.get(watchlistId)
      if (forList) for (const rule of forList) visit(rule)
    }
  }
}

function push<K>(map: Map<K, AlertRule[]>, key: K, rule: AlertRule): void {
  const list = map.get(key)
  if (list) list.push(rule)
  else map.set(key, [rule])
}
