/**
 * Named watchlists, persisted through the settings store (electron-store in the app, the same
 * file format in the browser host). Every command answers the whole new state, which is also
 * what listeners hear: the feed subscriptions follow it, and other windows re-render from it.
 */
import { randomUUID } from 'node:crypto'
import { BridgeFailure } from '../../../shared/bridge/result'
import { WatchlistState, type WatchlistCommand, type Watchlist } from '../../../shared/watchlists'
import type { KeyValueStore } from '../settings'

const STORE_KEY = 'watchlists'

function initialState(): WatchlistState {
  const first = { id: randomUUID(), name: 'My matches', matches: [] }
  return { lists: [first], activeId: first.id }
}

export class WatchlistService {
  private state: WatchlistState
  private readonly listeners = new Set<(state: WatchlistState) => void>()

  constructor(private readonly store: KeyValueStore) {
    const stored = WatchlistState.safeParse(store.get(STORE_KEY))
    this.state = stored.success ? stored.data : initialState()
  }

  get(): WatchlistState {
    return this.state
  }

  /** The matches of every list (a match in two lists appears once). */
  allMatches(): Watchlist['matches'] {
    const seen = new Map<number, Watchlist['matches'][number]>()
    for (const list of this.state.lists) for (const match of list.matches) seen.set(match.matchId, match)
    return [...seen.values()]
  }

  /** Which lists hold a match (the alert rules' watchlist scope asks this). */
  listsOf(matchId: number): string[] {
    return this.state.lists.filter((l) => l.matches.some((m) => m.matchId === matchId)).map((l) => l.id)
  }

  apply(command: WatchlistCommand): WatchlistState {
    this.state = nextState(this.state, command)
    this.store.set(STORE_KEY, this.state)
    for (const listener of this.listeners) listener(this.state)
    return this.state
  }

  onChange(listener: (state: WatchlistState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}

function nextState(state: WatchlistState, command: WatchlistCommand): WatchlistState {
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
      if (target.matches.some((m) => m.matchId === command.match.matchId)) return state
      return replace({ ...target, matches: [...target.matches, command.match] })
    }
    case 'removeMatch': {
      const target = list(command.id)
      return replace({ ...target, matches: target.matches.filter((m) => m.matchId !== command.matchId) })
    }
    case 'moveMatch': {
      const target = list(command.id)
      const moving = target.matches.find((m) => m.matchId === command.matchId)
      if (!moving) return state
      const others = target.matches.filter((m) => m.matchId !== command.matchId)
      others.splice(Math.min(command.toIndex, others.length), 0, moving)
      return replace({ ...target, matches: others })
    }
  }
}
