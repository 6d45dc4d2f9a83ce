/**
 * Named watchlists, persisted through the settings store (electron-store in the app, the same
 * file format in the browser host). Every command answers the whole new state, which is also
 * what listeners hear: the feed subscriptions follow it, and other windows re-render from it.
 *
 * Every watched match belongs to one feed (demo or real). Lists are shared, their matches are not:
 * on each feed a list shows, follows and edits only that feed's matches, so a demo match never
 * turns up on the real board (nor a real one on the demo board).
 */
import { randomUUID } from 'node:crypto'
import { BridgeFailure } from '../../../shared/bridge/result'
import {
  WatchlistState,
  type FeedName,
  type WatchedMatch,
  type WatchlistCommand,
  type Watchlist,
} from '../../../shared/watchlists'
import type { KeyValueStore } from '../settings'
import { WATCHLISTS_KEY } from './stored-watchlists'

function initialState(): WatchlistState {
  const first = { id: randomUUID(), name: 'My matches', matches: [] }
  return { lists: [first], activeId: first.id }
}

export class WatchlistService {
  private state: WatchlistState
  private readonly listeners = new Set<(state: WatchlistState) => void>()

  /** The feed the app is on; the session says when it changes. */
  private feed: FeedName = 'demo'

  constructor(private readonly store: KeyValueStore) {
    const stored = WatchlistState.safeParse(store.get(WATCHLISTS_KEY))
    this.state = stored.success ? stored.data : initialState()
  }

  /** The lists as the current feed sees them: only its own matches. */
  get(): WatchlistState {
    const feed = this.feed
    return {
      ...this.state,
      lists: this.state.lists.map((l) => ({ ...l, matches: l.matches.filter((m) => m.feed === feed) })),
    }
  }

  /** The app is on this feed now: listeners hear the lists as it sees them. */
  useFeed(feed: FeedName): void {
    if (feed === this.feed) return
    this.feed = feed
    this.emit()
  }

  /** The matches of every list (a match in two lists appears once). */
  allMatches(): Watchlist['matches'] {
    const seen = new Map<number, Watchlist['matches'][number]>()
    for (const list of this.get().lists) for (const match of list.matches) seen.set(match.matchId, match)
    return [...seen.values()]
  }

  /** Which lists hold a match (the alert rules' watchlist scope asks this). */
  listsOf(matchId: number): string[] {
    return this.get()
      .lists.filter((l) => l.matches.some((m) => m.matchId === matchId))
      .map((l) => l.id)
  }

  apply(command: WatchlistCommand): WatchlistState {
    this.state = nextState(this.state, command, this.feed)
    this.store.set(WATCHLISTS_KEY, this.state)
    return this.emit()
  }

  private emit(): WatchlistState {
    const view = this.get()
    for (const listener of this.listeners) listener(view)
    return view
  }

  onChange(listener: (state: WatchlistState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}

function nextState(state: WatchlistState, command: WatchlistCommand, feed: FeedName): WatchlistState {
  const onFeed = (m: WatchedMatch) => m.feed === feed
  const list = (id: string): Watchlist => {
    const found = state.lists.find((l) => l.id === id)
    if (!found) throw new BridgeFailure('invalid_input', 'that watchlist no longer exists')
    return found
  }
  const replace = (updated: Watchlist): WatchlistState => ({
    ...state,
    lists: state.lists.map((l) => (l.id === updated.id ? updated : l)),
  })
  /** Two lists of one name cannot be told apart in the picker, the palette or an alert scope. */
  const freeName = (name: string, except: string | null): string => {
    const wanted = name.trim()
    if (state.lists.some((l) => l.id !== except && l.name.trim().toLowerCase() === wanted.toLowerCase()))
      throw new BridgeFailure('invalid_input', `a watchlist named "${wanted}" already exists`)
    return wanted
  }
  switch (command.op) {
    case 'create': {
      const created = { id: randomUUID(), name: freeName(command.name, null), matches: [] }
      return { lists: [...state.lists, created], activeId: created.id }
    }
    case 'rename':
      return replace({ ...list(command.id), name: freeName(command.name, command.id) })
    case 'delete': {
      list(command.id)
      const lists = state.lists.filter((l) => l.id !== command.id)
      const activeId = state.activeId === command.id ? (lists[0]?.id ?? null) : state.activeId
      return { lists, activeId }
    }
    case 'reorder': {
      const byId = new Map(state.lists.map((l) => [l.id, l]))
      const ordered = command.ids.flatMap((id) => byId.get(id) ?? [])
      const rest = state.lists.filter((l) => !command.ids.includes(l.id))
      return { ...state, lists: [...ordered, ...rest] }
    }
    case 'activate':
      return { ...state, activeId: list(command.id).id }
    case 'addMatch': {
      const target = list(command.id)
      if (target.matches.some((m) => onFeed(m) && m.matchId === command.match.matchId)) return state
      return replace({ ...target, matches: [...target.matches, { ...command.match, feed }] })
    }
    case 'removeMatch': {
      const target = list(command.id)
      // A pin outlives nothing it pinned: the match added again later comes back unpinned.
      const view = target.view && { ...target.view, pinned: target.view.pinned.filter((id) => id !== command.matchId) }
      return replace({
        ...target,
        matches: target.matches.filter((m) => !(onFeed(m) && m.matchId === command.matchId)),
        ...(view ? { view } : {}),
      })
    }
    case 'moveMatch': {
      const target = list(command.id)
      const mine = target.matches.filter(onFeed)
      const moving = mine.find((m) => m.matchId === command.matchId)
      if (!moving) return state
      const rest = mine.filter((m) => m !== moving)
      rest.splice(Math.min(command.toIndex, rest.length), 0, moving)
      // The other feed's matches keep their own order; they are never shown next to these.
      return replace({ ...target, matches: [...target.matches.filter((m) => !onFeed(m)), ...rest] })
    }
    case 'setView':
      return replace({ ...list(command.id), view: command.view })
  }
}
