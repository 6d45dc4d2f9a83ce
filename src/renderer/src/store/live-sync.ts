/**
 * Keeps the renderer's stores in step with main: loads the board, watchlists, feed mode and
 * health, then follows their events. A lost board patch (a seq gap, or one main dropped) reloads
 * the board; a restored connection to the app reloads them all (loadLiveState). The tape and
 * override alerts start from what the cache recorded before a restart.
 */
import { call, subscribe } from '../bridge'
import { describeError } from '../lib/errors'
import { recordPaintProbe } from '../lib/paint-probe'
import type { FeedMode } from '../../../shared/keys'
import { markStartup } from '../../../shared/startup-marks'
import { awaitHistory, followOverrideFeed, loadBoards, loadHistory, queuePatch } from './board-store'
import { useFeedStore } from './feed-store'
import { useWatchlistStore } from './watchlist-store'

/** Reads the live board whole (`board:get`): after a lost patch, a reconnection, or leaving a replay. */
export function reloadBoard(): Promise<void> {
  return call('board:get').then(
    (boards) => {
      loadBoards(boards)
      markStartup('page:board-in-store')
      useFeedStore.setState({ boardError: null })
    },
    (error: unknown) => useFeedStore.setState({ boardError: describeError(error) }),
  )
}

function reloadWatchlists(): Promise<void> {
  return call('watchlists:get').then(
    (state) => useWatchlistStore.setState({ state, error: null }),
    (error: unknown) => useWatchlistStore.setState({ error: describeError(error) }),
  )
}

export function startLiveSync(): () => void {
  awaitHistory()
  const unsubscribers = [
    subscribe('board:patch', (patch) => {
      if (!queuePatch(patch)) void reloadBoard()
      recordPaintProbe(patch)
    }),
    subscribe('watchlists:changed', (state) => useWatchlistStore.setState({ state, error: null })),
    // Main dropped an event it could not send: what it carried is fetched afresh.
    subscribe('bridge:dropped', ({ channel }) => {
      if (channel === 'board:patch') void reloadBoard()
      if (channel === 'watchlists:changed') void reloadWatchlists()
    }),
    subscribe('feed:health', (health) => useFeedStore.setState({ health })),
    subscribe('feed:mode', followMode),
  ]
  loadLiveState()
  // After the board: the host answers in order, and the recorded tape is not on the first screen's
  // critical path (its entries wait in board-store until it is in).
  call('history:recent').then(loadHistory, () => loadHistory(null)) // no history is an empty tape, not an error
  return () => unsubscribers.forEach((off) => off())
}

function followMode(mode: FeedMode): void {
  useFeedStore.setState({ mode })
  followOverrideFeed(mode.mode)
}

/** Loads the board, watchlists, feed mode and health whole, as main has them now. */
export function loadLiveState(): void {
  void reloadBoard()
  void reloadWatchlists()
  call('feed:mode').then(
    followMode,
    () => undefined, // the event brings it when main has one; the badge just stays hidden
  )
  call('feed:health').then(
    (health) => useFeedStore.setState({ health }),
    () => undefined, // health is pushed every second anyway
  )
}
