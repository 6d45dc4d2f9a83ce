/**
 * Discover: live now, by date, by league or team (found by search), for any sport the feed
 * offers; pages through the list; adds a match to the active watchlist by mouse or key.
 */
import { useCallback, useEffect, useState } from 'react'
import type { DiscoverQuery, MatchSummary, SearchHit } from '../../../../shared/discovery'
import { call } from '../../bridge'
import { Progress } from '../../components/Progress'
import { TeamBadge } from '../../components/TeamBadge'
import { describeError } from '../../lib/errors'
import { formatAge, formatStart } from '../../lib/format'
import { useFeedStore } from '../../store/feed-store'
import { addToActiveWatchlist, useActiveWatchlist } from '../../store/watchlist-store'
import { useHotkeys } from '../keyboard/hotkeys'
import { SearchBox } from './SearchBox'

const PAGE = 50
/** "Load all" stops here: a trader scrolls a few hundred rows, not the whole calendar. */
const LOAD_ALL_CAP = 2000

type Mode =
  | { mode: 'live' }
  | { mode: 'date'; date: string }
  | { mode: 'league'; leagueId: number; name: string }
  | { mode: 'team'; teamId: number; name: string }

interface Listing {
  matches: MatchSummary[]
  more: boolean
  cachedAgeMs: number | null
}

export function DiscoverScreen() {
  const feedSport = useFeedStore((s) => s.mode?.sport)
  const sports = useFeedStore((s) => s.mode?.sports)
  const [chosenSport, setSport] = useState<string | null>(null)
  const sport = chosenSport ?? feedSport ?? null
  const [mode, setMode] = useState<Mode>({ mode: 'live' })
  const [listing, setListing] = useState<Listing | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState<{ done: number } | null>(null)
  const [selected, setSelected] = useState(0)
  const [message, setMessage] = useState<string | null>(null)
  const active = useActiveWatchlist()
  const watched = new Set(active?.matches.map((m) => m.matchId))

  const fetchPage = useCallback(
    (offset: number) => {
      if (!sport) return Promise.reject(new Error('no sport yet'))
      return call('discover:matches', { ...toQuery(mode, sport), offset, limit: PAGE })
    },
    [mode, sport],
  )

  useEffect(() => {
    let cancelled = false
    fetchPage(0).then(
      (page) => {
        if (cancelled) return
        setListing(page)
        setSelected(0)
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

  const add = async (match: MatchSummary | undefined) => {
    if (match) setMessage(`${match.home.name} v ${match.away.name}: ${await addToActiveWatchlist(match)}`)
  }
  const matches = listing?.matches ?? []
  useHotkeys({
    ArrowDown: () => setSelected((i) => Math.min(matches.length - 1, i + 1)),
    j: () => setSelected((i) => Math.min(matches.length - 1, i + 1)),
    ArrowUp: () => setSelected((i) => Math.max(0, i - 1)),
    k: () => setSelected((i) => Math.max(0, i - 1)),
    Enter: () => void add(matches[selected]),
    a: () => void add(matches[selected]),
  })

  const pickHit = (hit: SearchHit) =>
    setMode(
      hit.kind === 'league'
        ? { mode: 'league', leagueId: hit.id, name: hit.name }
        : { mode: 'team', teamId: hit.id, name: hit.name },
    )

  return (
    <div className="discover" data-testid="discover">
      <div className="toolbar">
        <select aria-label="Sport" value={sport ?? ''} onChange={(e) => setSport(e.target.value)}>
          {(sports ?? (sport ? [sport] : [])).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <div className="segmented">
          <button type="button" className={mode.mode === 'live' ? 'on' : ''} onClick={() => setMode({ mode: 'live' })}>
            Live now
          </button>
          <button
            type="button"
            className={mode.mode === 'date' ? 'on' : ''}
            onClick={() => setMode({ mode: 'date', date: todayIso() })}
          >
            By date
          </button>
        </div>
        {mode.mode === 'date' && (
          <input
            type="date"
            aria-label="Date"
            value={mode.date}
            onChange={(e) => e.target.value && setMode({ mode: 'date', date: e.target.value })}
          />
        )}
        {(mode.mode === 'league' || mode.mode === 'team') && (
          <span className="chip">
            {mode.mode}: {mode.name}
          </span>
        )}
        {sport && <SearchBox sport={sport} onPick={pickHit} />}
        <span className="spacer" />
        <span className="muted">↑↓ select · Enter/A add to {active?.name ?? 'watchlist'}</span>
      </div>
      {message && (
        <div className="inline-note" data-testid="discover-message">
          {message}
        </div>
      )}
      {error && <div className="inline-note">Discover: {error}</div>}
      {listing?.cachedAgeMs != null && (
        <div className="inline-note">
          Feed unreachable: showing cached data from {formatAge(listing.cachedAgeMs)} ago.
        </div>
      )}
      <div className="match-list" role="listbox" aria-label="Matches">
        {listing && matches.length === 0 && <div className="muted pad">No matches.</div>}
        {matches.map((m, i) => (
          <div
            key={m.matchId}
            role="option"
            aria-selected={i === selected}
            className={i === selected ? 'match-row selected' : 'match-row'}
            data-testid="discover-row"
            onClick={() => setSelected(i)}
          >
            <span className="num muted start">{formatStart(m.startTime)}</span>
            <span className={`status-chip`} data-status={m.statusType ?? 'unknown'}>
              {m.statusType ?? '—'}
            </span>
            <span className="team">
              <TeamBadge team={m.home} /> {m.home.name}
            </span>
            <span className="num score-cell">
              {m.homeScore !== null || m.awayScore !== null ? `${m.homeScore ?? 0}–${m.awayScore ?? 0}` : ''}
            </span>
            <span className="team">
              <TeamBadge team={m.away} /> {m.away.name}
            </span>
            <span className="muted league">{m.tournamentName ?? m.leagueName}</span>
            <button
              type="button"
              className="add-button"
              disabled={watched.has(m.matchId)}
              onClick={() => void add(m)}
              data-testid="add-match"
            >
              {watched.has(m.matchId) ? 'Watching' : '+ Add'}
            </button>
          </div>
        ))}
      </div>
      <div className="toolbar">
        {listing?.more && !loading && (
          <>
            <button type="button" onClick={() => void loadMore(false)}>
              Load more
            </button>
            <button type="button" onClick={() => void loadMore(true)}>
              Load all
            </button>
          </>
        )}
        {loading && <Progress done={loading.done} total={null} label="Loading matches" />}
        <span className="muted num">{matches.length} shown</span>
      </div>
    </div>
  )
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

function todayIso(): string {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
