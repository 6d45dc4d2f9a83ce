/** The trader's watchlists as main keeps them, following changes: the match pickers of Review and the rule editor. */
import { useEffect, useState } from 'react'
import type { MatchSummary } from '../../../../shared/discovery'
import type { WatchlistState } from '../../../../shared/watchlists'
import { call, subscribe } from '../../bridge'
import { describeError } from '../../lib/errors'

/** Every match of every watchlist, once, in watchlist order. */
export function watchedMatches(state: WatchlistState): MatchSummary[] {
  const seen = new Map<number, MatchSummary>()
  for (const list of state.lists) for (const m of list.matches) if (!seen.has(m.matchId)) seen.set(m.matchId, m)
  return [...seen.values()]
}

export function matchLabel(m: MatchSummary): string {
  return `${m.home.name} – ${m.away.name} · ${m.leagueName}`
}

/** The watchlists (empty until main answers) and an error string when main cannot say. */
export function useWatchlists(): { state: WatchlistState; error: string | null } {
  const [state, setState] = useState<WatchlistState>({ lists: [], activeId: null })
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    call('watchlists:get').then(setState, (e: unknown) => setError(describeError(e)))
    return subscribe('watchlists:changed', setState)
  }, [])
  return { state, error }
}
