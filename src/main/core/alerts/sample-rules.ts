/**
 * A varied, valid rule set for benchmarks (the ingest bench runs with `"rules":200`).
 *
 * Usage: `new RuleEngine(deps, makeSampleRules(200, matchIds, ['wl-1']))`. Rules cycle through every
 * kind and every scope so the mix resembles a trader's real set: most rules pinned to one match
 * (matches taken round-robin from `matchIds`), some per market/outcome, a few watchlist-wide (only when
 * `watchlistIds` is given; make `watchlistsOf` return them) and a few global. Outcome- and market-scoped
 * rules use the simulator's `full-time` group and `match_winner#home`; they simply never match a feed that
 * lacks them. Cooldowns are set so the bench also exercises delivery without flooding it.
 */
import type { AlertCondition, AlertRule, AlertScope } from '../../../shared/alerts'

const CONDITIONS: readonly AlertCondition[] = [
  { kind: 'move', minPct: 5, windowSeconds: 60 },
  { kind: 'threshold', price: 2, direction: 'either' },
  { kind: 'move', minAbs: 0.25, windowSeconds: 30 },
  { kind: 'suspension', on: 'either' },
  { kind: 'threshold', price: 1.5, direction: 'down' },
  { kind: 'override', actions: ['set', 'changed', 'expired', 'lifted'] },
  { kind: 'move', minPct: 10, minAbs: 0.5, windowSeconds: 120 },
  { kind: 'match_status', on: 'either' },
]

function scopeFor(i: number, matchId: number, condition: AlertCondition, watchlistIds: readonly string[]): AlertScope {
  const slot = i % 20
  if (slot === 0) return { type: 'all' }
  if (slot === 1 && watchlistIds.length > 0)
    return { type: 'watchlist', watchlistId: watchlistIds[i % watchlistIds.length] ?? '' }
  if (condition.kind !== 'match_status' && slot % 4 === 2) return { type: 'market', matchId, oddType: 'full-time' }
  if (condition.kind !== 'match_status' && slot % 4 === 3) {
    return { type: 'outcome', matchId, oddType: 'full-time', oddKey: 'match_winner#home' }
  }
  return { type: 'match', matchId }
}

export function makeSampleRules(
  n: number,
  matchIds: readonly number[],
  watchlistIds: readonly string[] = [],
): AlertRule[] {
  if (matchIds.length === 0) throw new RangeError('makeSampleRules needs at least one match id')
  const rules: AlertRule[] = []
  for (let i = 0; i < n; i++) {
    const condition = CONDITIONS[i % CONDITIONS.length] ?? { kind: 'suspension', on: 'either' }
    const matchId = matchIds[i % matchIds.length] ?? 0
    rules.push({
      id: `sample-${i}`,
      name: `Sample ${condition.kind} ${i}`,
      enabled: true,
      scope: scopeFor(i, matchId, condition, watchlistIds),
      condition,
      cooldownSeconds: 30,
      doNotRepeat: false,
      cooldownPer: 'outcome',
    })
  }
  return rules
}
