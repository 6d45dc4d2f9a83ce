/**
 * What Discover takes from the odds feed's public routes (issue 21.7): a sport's leagues with the
 * provider's available counts, one click from listing a league; and, for a sport the bookmaker's
 * routes do not cover, the provider's public current feed, listed but not addable (there would be
 * no bookmaker prices to watch).
 */
import { useEffect, useState } from 'react'
import type { LeagueCount, LeagueListing, PublicFeedListing } from '../../../../shared/public-feed'
import { PUBLIC_ROUTE_SPORTS } from '../../../../shared/wire/odds-public'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'
import { MatchRow } from './MatchRow'
import './public-feed.css'

/** Sports of the public current feed that the bookmaker's routes (the feed's `sports`) do not cover. */
export function publicOnlySports(sports: readonly string[] | undefined): string[] {
  return PUBLIC_ROUTE_SPORTS.current.filter((s) => !(sports ?? []).includes(s))
}

/** One answer per sport, fetched when the sport changes; late answers for another sport are dropped. */
function useSportAnswer<T>(channel: 'discover:leagues' | 'discover:publicFeed', sport: string | null, enabled = true) {
  const [answer, setAnswer] = useState<{ sport: string; value: T | null; error: string | null } | null>(null)
  useEffect(() => {
    if (!sport || !enabled) return
    let cancelled = false
    ;(call(channel, { sport }) as Promise<T>).then(
      (value) => !cancelled && setAnswer({ sport, value, error: null }),
      (error: unknown) => !cancelled && setAnswer({ sport, value: null, error: describeError(error) }),
    )
    return () => {
      cancelled = true
    }
  }, [channel, sport, enabled])
  return answer?.sport === sport ? answer : null
}

export function LeaguesMenu({ sport, onPick }: { sport: string | null; onPick: (league: LeagueCount) => void }) {
  const [open, setOpen] = useState(false)
  const answer = useSportAnswer<LeagueListing>('discover:leagues', sport, open)
  return (
    <details className="leagues-menu" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary data-testid="leagues-menu">Leagues</summary>
      <div className="leagues-list" role="list" aria-label="Leagues">
        {!answer && <span className="muted">Loading leagues…</span>}
        {answer?.error && <span className="muted">Leagues: {answer.error}</span>}
        {answer?.value?.note && <span className="muted">{answer.value.note}</span>}
        {answer?.value?.leagues.map((league) => (
          <button
            type="button"
            role="listitem"
            key={league.id}
            data-testid="league-count"
            onClick={() => {
              setOpen(false)
              onPick(league)
            }}
          >
            <span>{league.name}</span>
            {league.className && <span className="muted"> · {league.className}</span>}
            <span className="num muted">
              {' '}
              · {league.count === null ? 'count not given' : `${league.count} available`}
            </span>
          </button>
        ))}
      </div>
    </details>
  )
}

export function PublicFeedList({ sport }: { sport: string }) {
  const answer = useSportAnswer<PublicFeedListing>('discover:publicFeed', sport)
  const matches = answer?.value?.matches ?? []
  return (
    <>
      <div className="inline-note" data-testid="public-feed-note">
        {sport}: the provider&apos;s public feed. Your bookmaker&apos;s routes do not cover this sport, so its matches
        are listed here but cannot be watched.
      </div>
      <div className="match-list" role="listbox" aria-label="Matches">
        {!answer && <div className="muted pad">Loading the public feed…</div>}
        {answer?.error && <div className="muted pad">Public feed: {answer.error}</div>}
        {answer?.value?.note && <div className="muted pad">{answer.value.note}</div>}
        {answer?.value && !answer.value.note && matches.length === 0 && <div className="muted pad">No matches.</div>}
        {matches.map((m) => (
          <MatchRow
            key={m.matchId}
            match={m}
            selected={false}
            watched={false}
            priced={null}
            addable={false}
            onSelect={() => undefined}
            onAdd={() => undefined}
          />
        ))}
      </div>
    </>
  )
}
