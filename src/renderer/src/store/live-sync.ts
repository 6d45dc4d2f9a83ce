/**
 * Keeps the renderer's stores in step with main: loads the board, watchlists, feed mode and
 * health once, then follows their events. A lost board patch (a seq gap) reloads the board. The
 * tape and override alerts start from what the cache recorded before a restart.
 */
import { call, subscribe } from '../bridge'
import { describeError } from '../lib/errors'
import { recordPaintProbe } from '../lib/paint-probe'
import { awaitHistory, loadBoards, loadHistory, receivePatch } from './board-store'
import { useFeedStore } from './feed-store'
import { useWatchlistStore } from './watchlist-store'

export function startLiveSync(): () => void {
  const reloadBoard = () =>
    call('board:get').then(
      (boards) => {
        loadBoards(boards)
        useFeedStore.setState({ boardError: null })
      },
      (error: unknown) => useFeedStore.setState({ boardError: describeError(error) }),
    )
  awaitHistory()
  call('history:recent').then(loadHistory, () => loadHistory(null)) // no history is an empty tape, not an error
  const unsubscribers = [
    subscribe('board:patch', (patch) => {
      if (!receivePatch(patch)) void reloadBoard()
      recordPaintProbe(patch)
    }),
    subscribe('watchlists:changed', (state) => useWatchlistStore.setState({ state, error: null })),
    subscribe('feed:health', (health) => useFeedStore.setState({ health })),
    subscribe('feed:mode', (mode) => useFeedStore.setState({ mode })),
  ]
  void reloadBoard()
  call('watchlists:get').then(
    (state) => useWatchlistStore.setState({ state, error: null }),
    (error: unknown) => useWatchlistStore.setState({ error: describeError(error) }),
  )
  call('feed:mode').then(
    (mode) => useFeedStore.setState({ mode }),
    () => undefined, // the event brings it when main has one; the badge just stays hidden
  )
  call('feed:health').then(
    (health) => useFeedStore.setState({ health }),
    () => undefined, // health is pushed every second anyway
  )
  return () => unsubscribers.forEach((off) => off())
}
