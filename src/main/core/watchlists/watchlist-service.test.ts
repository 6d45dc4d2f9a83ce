import { describe, expect, it } from 'vitest'
import type { MatchSummary } from '../../../shared/discovery'
import { DEFAULT_WATCHLIST_VIEW } from '../../../shared/watchlists'
import { WatchlistService } from './watchlist-service'
import type { KeyValueStore } from '../settings'

function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return { data, get: (k) => structuredClone(data.get(k)), set: (k, v) => void data.set(k, structuredClone(v)) }
}

const match = (matchId: number): MatchSummary => ({
  matchId,
  sport: 'badminton',
  leagueId: 1,
  leagueName: 'League',
  tournamentName: null,
  home: { id: 1, name: 'A', hashImage: null },
  away: { id: 2, name: 'B', hashImage: null },
  startTime: 0,
  statusType: 'live',
  statusReason: null,
  homeScore: 0,
  awayScore: 0,
})

describe('WatchlistService', () => {
  it('starts with one active list and persists every command', () => {
    const store = memoryStore()
    const service = new WatchlistService(store)
    const first = service.get().lists[0]!
    expect(service.get().activeId).toBe(first.id)
    service.apply({ op: 'addMatch', id: first.id, match: match(7) })
    service.apply({ op: 'addMatch', id: first.id, match: match(7) })
    const reopened = new WatchlistService(store)
    expect(reopened.get().lists[0]!.matches.map((m) => m.matchId)).toEqual([7])
  })

  it('creates, renames, reorders, moves matches and deletes, keeping an active list', () => {
    const service = new WatchlistService(memoryStore())
    const a = service.get().lists[0]!.id
    const b = service.apply({ op: 'create', name: 'Evening' }).activeId!
    service.apply({ op: 'rename', id: b, name: 'Late' })
    service.apply({ op: 'reorder', ids: [b, a] })
    expect(service.get().lists.map((l) => l.name)).toEqual(['Late', 'My matches'])
    for (const id of [1, 2, 3]) service.apply({ op: 'addMatch', id: b, match: match(id) })
    service.apply({ op: 'moveMatch', id: b, matchId: 3, toIndex: 0 })
    expect(service.get().lists[0]!.matches.map((m) => m.matchId)).toEqual([3, 1, 2])
    service.apply({ op: 'addMatch', id: a, match: match(2) })
    expect(service.listsOf(2).sort()).toEqual([a, b].sort())
    expect(
      service
        .allMatches()
        .map((m) => m.matchId)
        .sort(),
    ).toEqual([1, 2, 3])
    service.apply({ op: 'delete', id: b })
    expect(service.get().activeId).toBe(a)
    expect(service.allMatches().map((m) => m.matchId)).toEqual([2])
  })

  it('refuses a command on a list that does not exist with a typed failure', () => {
    const service = new WatchlistService(memoryStore())
    expect(() => service.apply({ op: 'rename', id: 'gone', name: 'x' })).toThrow('that watchlist no longer exists')
  })

  it('refuses a second list of the same name, in any case or spacing, and keeps names trimmed', () => {
    const service = new WatchlistService(memoryStore())
    const first = service.get().lists[0]?.id ?? ''
    service.apply({ op: 'create', name: '  Evening  ' })
    expect(service.get().lists.map((l) => l.name)).toEqual(['My matches', 'Evening'])
    expect(() => service.apply({ op: 'create', name: 'evening ' })).toThrow(
      'a watchlist named "evening" already exists',
    )
    expect(() => service.apply({ op: 'rename', id: first, name: 'EVENING' })).toThrow('already exists')
    service.apply({ op: 'rename', id: first, name: 'my Matches' }) // its own name, recased
    expect(service.get().lists.map((l) => l.name)).toEqual(['my Matches', 'Evening'])
  })

  it('falls back to a fresh state when the stored value is damaged', () => {
    const store = memoryStore()
    store.set('watchlists', { lists: 'nonsense' })
    expect(new WatchlistService(store).get().lists).toHaveLength(1)
  })

  it('keeps a list view through a restart and forgets the pin of a removed match', () => {
    const store = memoryStore()
    const service = new WatchlistService(store)
    const id = service.get().lists[0]!.id
    for (const matchId of [1, 2, 3]) service.apply({ op: 'addMatch', id, match: match(matchId) })
    const view = { ...DEFAULT_WATCHLIST_VIEW, mode: 'grid' as const, sort: 'lastMove' as const, pinned: [3, 1] }
    service.apply({ op: 'setView', id, view })
    expect(new WatchlistService(store).get().lists[0]!.view).toEqual(view)
    service.apply({ op: 'removeMatch', id, matchId: 3 })
    expect(new WatchlistService(store).get().lists[0]!.view?.pinned).toEqual([1])
  })
})
