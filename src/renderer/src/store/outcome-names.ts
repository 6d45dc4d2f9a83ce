/**
 * Words for an outcome reference as the renderer knows them now: the match's teams from the
 * watchlists, the feed's market and outcome labels from the board layout (shared/labels.ts does
 * the naming, for the core's texts too).
 */
import type { OutcomeRef } from '../../../shared/domain'
import { matchName, outcomeWords, type Teams } from '../../../shared/labels'
import { useBoardStore } from './board-store'
import { useWatchlistStore } from './watchlist-store'

export interface OutcomeName {
  match: string
  market: string
  outcome: string
}

function teamsOf(matchId: number): Teams | null {
  for (const list of useWatchlistStore.getState().state?.lists ?? []) {
    const found = list.matches.find((m) => m.matchId === matchId)
    if (found) return { home: found.home.name, away: found.away.name }
  }
  return null
}

export function nameOutcome(ref: OutcomeRef): OutcomeName {
  const teams = teamsOf(ref.matchId)
  const layout = useBoardStore.getState().layouts[ref.matchId] ?? null
  return { match: matchName(ref.matchId, teams), ...outcomeWords(ref, { teams, layout }) }
}
