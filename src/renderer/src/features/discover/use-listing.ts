/**
 * Discover's match list for one mode and sport: the first page on every change, then more pages
 * on demand ("Load all" up to a cap). Late answers for an older mode or sport are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { DiscoverQuery, MatchSummary } from '../../../../shared/discovery'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'

const PAGE = 50
const DISCOVER_LISTING = 'discover-screen'
/** "Load all" stops here: a trader scrolls a few hundred rows, not the whole calendar. */
const LOAD_ALL_CAP = 2000

export type Mode =
  | { mode: 'live' }
  | { mode: 'date'; date: string }
  | { mode: 'league'; leagueId: number; name: string }
  | { mode: 'team'; teamId: number; name: string }

export interface Listing {
  matches: MatchSummary[]
  more: boolean
  cachedAgeMs: number | null
}

/**
 * What one query (mode and sport) has shown. Kept with its key, so that nothing of an older query
 * (its rows, an error, a "Load all" still running, whose next page the core cancels as this
 * listing's superseded query) is ever shown under another's heading.
 */
interface QueryState {
  key: string
  listing: Listing | null
  error: string | null
  loading: { done: number } | null
}

export function useListing(mode: Mode, sport: string | null) {
  const key = `${sport}|${JSON.stringify(mode)}`
  const [state, setState] = useState<QueryState>({ key, listing: null, error: null, loading: null })
  const currentKey = useRef(key)
  useEffect(() => {
    currentKey.current = key
  }, [key])
  const shown = state.key === key ? state : blankState(key)
  /** Updates the state of query `forKey`, unless the trader has moved on to another. */
  const update = useCallback((forKey: string, patch: Partial<QueryState>) => {
    setState((s) => (forKey !== currentKey.current ? s : { ...(s.key === forKey ? s : blankState(forKey)), ...patch }))
  }, [])

  const fetchPage = useCallback(
    (offset: number) => {
      if (!sport) return Promise.reject(new Error('no sport yet'))
      // Named, so the core ends this list's older query (and its 429 retries) when the trader moves on.
      return call('discover:matches', { ...toQuery(mode, sport), offset, limit: PAGE, listing: DISCOVER_LISTING })
    },
    [mode, sport],
  )

  useEffect(() => {
    fetchPage(0).then(
      (page) => update(key, { listing: page, error: null }),
      (e: unknown) => update(key, { error: describeError(e) }),
    )
  }, [fetchPage, key, update])

  const loadMore = async (all: boolean) => {
    const forKey = key
    let current = shown.listing
    if (!current) return
    update(forKey, { loading: { done: current.matches.length } })
    try {
      do {
        const page = await fetchPage(current.matches.length)
        current = { matches: [...current.matches, ...page.matches], more: page.more, cachedAgeMs: page.cachedAgeMs }
        update(forKey, { listing: current, loading: { done: current.matches.length } })
      } while (all && current.more && current.matches.length < LOAD_ALL_CAP && forKey === currentKey.current)
    } catch (e) {
      update(forKey, { error: describeError(e) })
    } finally {
      update(forKey, { loading: null })
    }
  }

  return { listing: shown.listing, error: shown.error, loading: shown.loading, loadMore }
}

function blankState(key: string): QueryState {
  return { key, listing: null, error: null, loading: null }
}

/**
 * Ids of the sport's matches the bookmaker prices (the odds feed's match list); null until known
 * or when the odds feed cannot say (then nothing is marked rather than everything unpriced).
 */
export function usePriced(sport: string | null): ReadonlySet<number> | null {
  const [priced, setPriced] = useState<{ sport: string; ids: ReadonlySet<number> } | null>(null)
  useEffect(() => {
    if (!sport) return
    let cancelled = false
    call('discover:priced', { sport }).then(
      (ids) => !cancelled && setPriced({ sport, ids: new Set(ids) }),
      () => undefined,
    )
    return () => {
      cancelled = true
    }
  }, [sport])
  return priced && priced.sport === sport ? priced.ids : null
}

function toQuery(mode: Mode, sport: string): DiscoverQuery {
  switch (mode.mode) {
    case 'live':
      return { mode: 'live', sport }
    case 'date':
      return { mode: 'date', sport, date: mode.date }
    case 'league':
      return { mode: 'league', sport, leagueId: mode.leagueId }
    case 'team':
      return { mode: 'team', sport, teamId: mode.teamId }
  }
}
