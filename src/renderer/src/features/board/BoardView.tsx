/**
 * The price board of the active watchlist (a replay's list while one shows): match cards in a
 * column (side by side when compact), or the grid (features/grid), as the list's view says;
 * pinned matches first either way. A replay shows its matches in the active list's view.
 */
import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react'
import { useRenderCount } from '../../lib/render-count'
import { VisibilityContext, VisibilityTracker } from '../../lib/visibility'
import { setBoardCursor } from '../../store/board-cursor'
import { useFeedStore } from '../../store/feed-store'
import { useReplayStore } from '../../store/replay-store'
import { runWatchlistCommand, useActiveView, useActiveWatchlist, useWatchlistMatch } from '../../store/watchlist-store'
import { showView } from '../../store/ui-store'
import { pinnedFirst } from '../grid/board-order'
import { BoardModeToggle } from '../grid/BoardModeToggle'
import { GridView } from '../grid/GridView'
import { GuardedMatchCard } from './GuardedMatchCard'
import { CardBoardKeys } from './use-board-keys'

export function BoardView() {
  const list = useActiveWatchlist()
  const { mode } = useActiveView()
  const label = useReplayStore((s) => s.session?.label)
  const replayed = useReplayStore((s) => s.session?.matches)
  useRenderCount('board')
  // The grid of a replay: the replayed matches, sorted, filtered and laid out as the active list's view says.
  const shown = useMemo(
    () => (list && replayed && label !== undefined ? { ...list, name: label, matches: replayed } : list),
    [list, label, replayed],
  )
  return shown && mode === 'grid' ? <GridView list={shown} /> : <CardBoard />
}

function CardBoard() {
  const list = useActiveWatchlist()
  const listId = list?.id
  const { pinned } = useActiveView()
  // A replay shows the matches it replays, whichever list is active; nothing on it can be edited.
  const replayed = useReplayStore((s) => s.session?.matches ?? null)
  const matches = useMemo(() => replayed ?? pinnedFirst(list?.matches ?? [], pinned), [replayed, list, pinned])
  const mounted = useCardsToMount(matches.length)
  const matchIds = useMemo(() => matches.map((m) => m.matchId), [matches])
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
    <div className="board" data-testid="board" ref={attachRoot} onClick={cursorToClickedCell}>
      <CardBoardKeys matchIds={matchIds} />
      <div className="toolbar board-toolbar">
        <BoardModeToggle mode="cards" />
      </div>
      <BoardNotes />
      <VisibilityContext value={tracker}>
        {matches.slice(0, mounted).map((match, i) => (
          <GuardedMatchCard
            key={match.matchId}
            match={match}
            onRemove={replayed ? undefined : remove}
            initiallyInView={i < FIRST_SCREEN_CARDS}
          />
        ))}
      </VisibilityContext>
    </div>
  )
}

/** A price clicked with the mouse takes the keyboard's cursor too: the arrows go on from there. */
export function cursorToClickedCell(event: MouseEvent<HTMLElement>): void {
  const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-outcome]')
  if (cell?.dataset.outcome) setBoardCursor(cell.dataset.outcome)
}

/** What both views say above the matches: a failed board load, or a list with no matches yet. */
export function BoardNotes() {
  const list = useActiveWatchlist()
  const boardError = useFeedStore((s) => s.boardError)
  const replaying = useReplayStore((s) => s.session !== null)
  return (
    <>
      {boardError && <div className="inline-note">Board: {boardError}</div>}
      {!replaying && list && list.matches.length === 0 && (
        <div className="empty-state">
          <p>{list.name} has no matches yet.</p>
          <button type="button" onClick={() => showView('discover')}>
            Find matches in Discover (2)
          </button>
        </div>
      )}
    </>
  )
}

/**
 * Cards mounted in the board's first render with its matches: what a 1440×900 window shows (two
 * comfortable cards, about eight compact ones). Rendering all 50 cards' markets took about 60 ms
 * before the first price could paint; the cards below the fold follow after that frame. (The
 * page asks for the board before the watchlists, so their prices are in the store by then.)
 */
const FIRST_SCREEN_CARDS = 8

function useCardsToMount(total: number): number {
  const [all, setAll] = useState(false)
  const waiting = !all && total > FIRST_SCREEN_CARDS
  useEffect(() => {
    if (!waiting) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // A task after the next frame: the first screen's cards have painted by then.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setAll(true))))
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [waiting])
  return all ? total : Math.min(total, FIRST_SCREEN_CARDS)
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
