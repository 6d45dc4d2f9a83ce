/**
 * Words for an outcome reference: match teams from the watchlists, market and outcome labels
 * from the board layout; falls back to the raw keys when the match is not (or no longer) watched.
 */
import type { OutcomeRef } from '../../../shared/domain'
import { outcomeId } from '../../../shared/domain'
import { marketKeyOf, outcomeKeyOf } from '../lib/format'
import { useBoardStore } from './board-store'
import { useWatchlistStore } from './watchlist-store'

export interface OutcomeName {
  match: string
  market: string
  outcome: string
}

export function nameOutcome(ref: OutcomeRef): OutcomeName {
  const id = outcomeId(ref)
  let match = `match ${ref.matchId}`
  for (const list of useWatchlistStore.getState().state?.lists ?? []) {
    const found = list.matches.find((m) => m.matchId === ref.matchId)
    if (found) {
      match = `${found.home.name} v ${found.away.name}`
      break
    }
  }
  const layout = useBoardStore.getState().layouts[ref.matchId]
  for (const group of layout?.groups ?? []) {
    if (group.oddType !== ref.oddType) continue
    for (const market of group.markets) {
      const outcome = market.outcomes.find((o) => o.outcomeId === id)
      if (outcome)
        return {
          match,
          market: `${market.label}${market.line === null ? '' : ` ${market.line}`}`,
          outcome: outcome.label,
        }
    }
  }
  return { match, market: `${ref.oddType} ${marketKeyOf(ref.oddKey)}`, outcome: outcomeKeyOf(ref.oddKey) }
}
