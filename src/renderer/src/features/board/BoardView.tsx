/** The price board of the active watchlist: match cards in a column, or side by side when compact. */
import { useCallback, useState } from 'react'
import { VisibilityContext, VisibilityTracker } from '../../lib/visibility'
import { useFeedStore } from '../../store/feed-store'
import { runWatchlistCommand, useActiveWatchlist, useWatchlistMatch } from '../../store/watchlist-store'
import { showView } from '../../store/ui-store'
import { GuardedMatchCard } from './GuardedMatchCard'

export function BoardView() {
  const list = useActiveWatchlist()
  const boardError = useFeedStore((s) => s.boardError)
  const listId = list?.id
  // One tracker for the board's lifetime; its root is the board's own scroll container.
  const [tracker] = useState(() => new VisibilityTracker())
  const attachRoot = useCallback((element: HTMLElement | null) => tracker.setRoot(element), [tracker])
  const remove = useCallback(
    (matchId: number) => {
      if (listId) void runWatchlistCommand({ op: 'removeMatch', id: listId, matchId })
    },
    [listId],
  )
  return (
    <div className="board" data-testid="board" ref={attachRoot}>
      {boardError && <div className="inline-note">Board: {boardError}</div>}
      {list && list.matches.length === 0 && (
        <div className="empty-state">
          <p>{list.name} has no matches yet.</p>
          <button type="button" onClick={() => showView('discover')}>
            Find matches in Discover (2)
          </button>
        </div>
      )}
      <VisibilityContext value={tracker}>
        {list?.matches.map((match) => (
          <GuardedMatchCard key={match.matchId} match={match} onRemove={remove} />
        ))}
      </VisibilityContext>
    </div>
  )
}

/** Only one match, for the `#/match/<id>` window. */
export function SingleMatchView({ matchId }: { matchId: number }) {
  const match = useWatchlistMatch(matchId)
  if (!match) return <div className="empty-state">Match {matchId} is not on any watchlist.</div>
  return (
    <div className="board single" data-testid="board">
      <GuardedMatchCard match={match} />
    </div>
  )
}
