/**
 * Discover: live now, by date, by league or team (found by search), for any sport the feed
 * offers; pages through the list; marks the matches the bookmaker prices; adds a match to the
 * active watchlist by mouse or key.
 */
import { useState } from 'react'
import type { MatchSummary, SearchHit } from '../../../../shared/discovery'
import type { ServiceHealth } from '../../../../shared/health'
import { Progress } from '../../components/Progress'
import { formatAge } from '../../lib/format'
import { useFeedStore } from '../../store/feed-store'
import { addToActiveWatchlist, useActiveWatchlist } from '../../store/watchlist-store'
import { useHotkeys } from '../keyboard/hotkeys'
import { MatchRow } from './MatchRow'
import { SearchBox } from './SearchBox'
import { useListing, usePriced, type Mode } from './use-listing'
import { LeaguesMenu, PublicFeedList, publicOnlySports } from './PublicFeed'

export function DiscoverScreen() {
  const feedSport = useFeedStore((s) => s.mode?.sport)
  const [chosenSport, setSport] = useState<string | null>(null)
  const sport = chosenSport ?? feedSport ?? null
  const sports = useFeedStore((s) => s.mode?.sports)
  // A sport only the provider's public feed covers is listed from there, not from the data service.
  const publicOnly = sport !== null && publicOnlySports(sports).includes(sport)
  const [mode, setMode] = useState<Mode>({ mode: 'live' })
  const { listing, error, loading, loadMore } = useListing(mode, publicOnly ? null : sport)
  const rateLimited = useFeedStore(rateLimitWords)
  const priced = usePriced(publicOnly ? null : sport)
  // Another sport or mode starts at its first row; loading more pages keeps the row.
  const listKey = `${sport}|${JSON.stringify(mode)}`
  const [selection, setSelection] = useState({ listKey, index: 0 })
  const selected = selection.listKey === listKey ? selection.index : 0
  const select = (index: number) => setSelection({ listKey, index })
  const [message, setMessage] = useState<string | null>(null)
  const active = useActiveWatchlist()
  const watched = new Set(active?.matches.map((m) => m.matchId))

  const add = async (match: MatchSummary | undefined) => {
    if (match) setMessage(`${match.home.name} v ${match.away.name}: ${await addToActiveWatchlist(match)}`)
  }
  const matches = listing?.matches ?? []
  const down = () => select(Math.min(matches.length - 1, selected + 1))
  const up = () => select(Math.max(0, selected - 1))
  const addSelected = () => void add(matches[selected])
  useHotkeys({ ArrowDown: down, j: down, ArrowUp: up, k: up, Enter: addSelected, a: addSelected })

  return (
    <div className="discover" data-testid="discover">
      <DiscoverToolbar
        sport={sport}
        publicOnly={publicOnly}
        setSport={setSport}
        mode={mode}
        setMode={setMode}
        listName={active?.name}
      />
      {publicOnly && <PublicFeedList sport={sport} />}
      <div className="match-list" role="listbox" aria-label="Matches" hidden={publicOnly}>
        {listing && matches.length === 0 && <div className="muted pad">No matches.</div>}
        {!listing && !error && <div className="muted pad">Loading matches…</div>}
        {matches.map((m, i) => (
          <MatchRow
            key={m.matchId}
            match={m}
            selected={i === selected}
            watched={watched.has(m.matchId)}
            priced={priced ? priced.has(m.matchId) : null}
            onSelect={() => select(i)}
            onAdd={() => void add(m)}
          />
        ))}
      </div>
      {/* Notices sit in the footer's one line, beside the count: one appearing never pushes the list. */}
      <div className="toolbar discover-footer" hidden={publicOnly}>
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
        {message && <Notice testId="discover-message" text={message} />}
        {rateLimited && <Notice testId="discover-rate-limited" text={rateLimited} />}
        {error && <Notice text={`Discover: ${error}`} />}
        {listing?.cachedAgeMs != null && (
          <Notice text={`Feed unreachable: showing cached data from ${formatAge(listing.cachedAgeMs)} ago.`} />
        )}
      </div>
    </div>
  )
}

/**
 * While a service Discover reads (the data service's lists, the odds feed's priced marks) has
 * rate-limited the app, its requests wait (the REST client holds them until its Retry-After): say
 * so, with the wait, rather than an empty list. Whole seconds, so the screen re-renders once a
 * second at most.
 */
function rateLimitWords(state: { health: { services: ServiceHealth[] } | null }): string | null {
  const now = Date.now()
  const waits = (state.health?.services ?? []).flatMap(({ rest }) =>
    rest?.state === 'backing_off' && rest.retryAt !== null && rest.retryAt > now ? [rest.retryAt - now] : [],
  )
  return waits.length > 0 ? `rate limited, retrying in ${Math.ceil(Math.min(...waits) / 1000)} s` : null
}

function Notice({ text, testId }: { text: string; testId?: string }) {
  return (
    <span className="inline-note footer-note" data-testid={testId} title={text}>
      {text}
    </span>
  )
}

interface ToolbarProps {
  sport: string | null
  publicOnly: boolean
  setSport: (sport: string) => void
  mode: Mode
  setMode: (mode: Mode) => void
  listName: string | undefined
}

function DiscoverToolbar({ sport, publicOnly, setSport, mode, setMode, listName }: ToolbarProps) {
  const sports = useFeedStore((s) => s.mode?.sports)
  const pickHit = (hit: SearchHit) =>
    setMode(
      hit.kind === 'league'
        ? { mode: 'league', leagueId: hit.id, name: hit.name }
        : { mode: 'team', teamId: hit.id, name: hit.name },
    )
  return (
    <div className="toolbar">
      <select aria-label="Sport" value={sport ?? ''} onChange={(e) => setSport(e.target.value)}>
        {(sports ?? (sport ? [sport] : [])).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
        {publicOnlySports(sports).map((s) => (
          <option key={s} value={s}>
            {s} · public feed
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
      {!publicOnly && (
        <LeaguesMenu
          sport={sport}
          onPick={(league) => setMode({ mode: 'league', leagueId: league.id, name: league.name })}
        />
      )}
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
      <span className="muted">↑↓ select · Enter/A add to {listName ?? 'watchlist'}</span>
    </div>
  )
}

function todayIso(): string {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
