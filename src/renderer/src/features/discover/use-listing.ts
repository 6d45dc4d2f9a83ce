/**
 * Discover's match list for one mode and sport: the first page on every change, then more pages
 * on demand ("Load all" up to a cap). Late answers for an older mode or sport are dropped.
 */
import { useCallback, useEffect, useState } from 'react'
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

export function useListing(mode: Mode, sport: string | null) {
  const [listing, setListing] = useState<Listing | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState<{ done: number } | null>(null)

  const fetchPage = useCallback(
    (offset: number) => {
      if (!sport) return Promise.reject(new Error('no sport yet'))
      // Named, so the core ends this list's older query (and its 429 retries) when the trader moves on.
      return call('discover:matches', { ...toQuery(mode, sport), offset, limit: PAGE, listing: DISCOVER_LISTING })
    },
    [mode, sport],
  )

  useEffect(() => {
    let cancelled = false
    fetchPage(0).then(
      (page) => {
        if (cancelled) return
        setListing(page)
        setError(null)
      },
      (e: unknown) => !cancelled && setError(describeError(e)),
    )
    return () => {
      cancelled = true
    }
  }, [fetchPage])

  const loadMore = async (all: boolean) => {
    if (!listing) return
    let current = listing
    setLoading({ done: current.matches.length })
    try {
      do {
        const page = await fetchPage(current.matches.length)
        current = { matches: [...current.matches, ...page.matches], more: page.more, cachedAgeMs: page.cachedAgeMs }
        setListing(current)
        setLoading({ done: current.matches.length })
      } while (all && current.more && current.matches.length < LOAD_ALL_CAP)
    } catch (e) {
      setError(describeError(e))
    } finally {
      setLoading(null)
    }
  }

  return { listing, error, loading, loadMore }
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
