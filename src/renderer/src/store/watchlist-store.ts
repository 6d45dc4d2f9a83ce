/** Watchlists as main keeps them; every edit is a `watchlists:command` round trip. */
import { create } from 'zustand'
import type { MatchSummary } from '../../../shared/discovery'
import {
  DEFAULT_WATCHLIST_VIEW,
  type Watchlist,
  type WatchlistCommand,
  type WatchlistState,
  type WatchlistView,
} from '../../../shared/watchlists'
import { call } from '../bridge'
import { describeError } from '../lib/errors'
import { focusMatch } from './ui-store'

interface WatchlistStore {
  state: WatchlistState | null
  /** The last failed command or load, in words. */
  error: string | null
}

export const useWatchlistStore = create<WatchlistStore>(() => ({ state: null, error: null }))

/** `latest` false: a newer edit is on its way, and this answer, older than the page, is not shown. */
export async function runWatchlistCommand(command: WatchlistCommand, latest = () => true): Promise<boolean> {
  try {
    const state = await call('watchlists:command', command)
    if (latest()) useWatchlistStore.setState({ state, error: null })
    return true
  } catch (error) {
    useWatchlistStore.setState({ error: describeError(error) })
    return false
  }
}

export function activeWatchlist(state: WatchlistState | null): Watchlist | undefined {
  return state?.lists.find((l) => l.id === state.activeId) ?? state?.lists[0]
}

export const useActiveWatchlist = (): Watchlist | undefined => useWatchlistStore((s) => activeWatchlist(s.state))

/** How the active list is shown: its saved view, or the defaults until the trader changes one. */
export const useActiveView = (): WatchlistView =>
  useWatchlistStore((s) => activeWatchlist(s.state)?.view ?? DEFAULT_WATCHLIST_VIEW)

/**
 * Changes the active list's view (`change` gets the current one); main keeps it with the list, so
 * it is the same after a restart and in every window. The page shows the change at once (a ticked
 * box stays ticked while main saves it) and takes it back if main refuses it.
 */
export async function changeActiveView(change: (view: WatchlistView) => Partial<WatchlistView>): Promise<boolean> {
  const before = useWatchlistStore.getState().state
  const list = activeWatchlist(before)
  if (!before || !list) return false
  const view = { ...(list.view ?? DEFAULT_WATCHLIST_VIEW), ...change(list.view ?? DEFAULT_WATCHLIST_VIEW) }
  useWatchlistStore.setState({
    state: { ...before, lists: before.lists.map((l) => (l === list ? { ...l, view } : l)) },
  })
  const round = ++viewChanges
  const latest = () => round === viewChanges
  const saved = await runWatchlistCommand({ op: 'setView', id: list.id, view }, latest)
  if (!saved && latest()) useWatchlistStore.setState({ state: before })
  return saved
}

/** View changes sent so far: two ticks in a row must not see the first's answer undo the second. */
let viewChanges = 0

/** Pins a match of the active list to the top of the board (after those pinned before it), or unpins it. */
export const togglePinnedMatch = (matchId: number): Promise<boolean> =>
  changeActiveView(({ pinned }) => ({
    pinned: pinned.includes(matchId) ? pinned.filter((id) => id !== matchId) : [...pinned, matchId],
  }))

/** A match from any watchlist (a match window may show one the active list does not hold). */
export const useWatchlistMatch = (matchId: number): MatchSummary | undefined =>
  useWatchlistStore((s) => {
    for (const list of s.state?.lists ?? []) {
      const match = list.matches.find((m) => m.matchId === matchId)
      if (match) return match
    }
    return undefined
  })

/** Adds to the active list; answers a sentence for the trader. */
export async function addToActiveWatchlist(match: MatchSummary): Promise<string> {
  const list = activeWatchlist(useWatchlistStore.getState().state)
  if (!list) return 'no watchlist yet: create one first'
  if (list.matches.some((m) => m.matchId === match.matchId)) return `already in ${list.name}`
  const ok = await runWatchlistCommand({ op: 'addMatch', id: list.id, match })
  return ok ? `added to ${list.name}` : (useWatchlistStore.getState().error ?? 'could not add')
}

/** Makes the list `by` places after (or before) the active one active, round the end. */
export function activateNextWatchlist(by: 1 | -1): void {
  const state = useWatchlistStore.getState().state
  const lists = state?.lists ?? []
  const at = lists.findIndex((l) => l.id === activeWatchlist(state)?.id)
  const next = lists[(at + by + lists.length) % lists.length]
  if (next && lists.length > 1) void runWatchlistCommand({ op: 'activate', id: next.id })
}

/** Brings a match forward from anywhere: its list made active first when the active one lacks it. */
export async function showWatchedMatch(matchId: number): Promise<void> {
  const state = useWatchlistStore.getState().state
  const active = activeWatchlist(state)
  if (!active?.matches.some((m) => m.matchId === matchId)) {
    const holder = state?.lists.find((l) => l.matches.some((m) => m.matchId === matchId))
    if (holder) await runWatchlistCommand({ op: 'activate', id: holder.id })
  }
  focusMatch(matchId)
}
