import { describe, expect, it } from 'vitest'
import type { MatchSummary } from '../../../../shared/discovery'
import { testMatch } from '../../../../shared/discovery.test-support'
import { DEFAULT_WATCHLIST_VIEW, type WatchlistView } from '../../../../shared/watchlists'
import { orderMatches, pinnedFirst, type MatchFacts } from './board-order'

const match = testMatch

const ids = (sections: ReturnType<typeof orderMatches>) => sections.map((s) => s.matches.map((m) => m.matchId))

function order(matches: MatchSummary[], view: Partial<WatchlistView>, facts: Record<number, Partial<MatchFacts>> = {}) {
  return orderMatches(matches, { ...DEFAULT_WATCHLIST_VIEW, ...view }, (m) => ({
    status: m.statusType,
    lastMoveAt: null,
    ...facts[m.matchId],
  }))
}

describe('pinnedFirst', () => {
  it('puts pinned matches first in pin order and keeps the rest in place, ignoring pins of absent matches', () => {
    expect(
      pinnedFirst(
        [1, 2, 3, 4].map((id) => match(id)),
        [4, 99, 2],
      ).map((m) => m.matchId),
    ).toEqual([4, 2, 1, 3])
  })
})

describe('orderMatches', () => {
  const list = [
    match(1, { startTime: 300, leagueName: 'Swiss Open', statusType: 'finished' }),
    match(2, { startTime: 100, leagueName: 'All England', statusType: 'upcoming' }),
    match(3, { startTime: 200, leagueName: 'Swiss Open', statusType: 'live' }),
    match(4, { startTime: null, leagueName: 'All England', statusType: 'live', sport: 'hockey' }),
  ]

  it('keeps the list order by default', () => {
    expect(ids(order(list, {}))).toEqual([[1, 2, 3, 4]])
  })

  it('sorts by start time (unknown last), league, status and last move (newest first, never moved last)', () => {
    expect(ids(order(list, { sort: 'start' }))).toEqual([[2, 3, 1, 4]])
    expect(ids(order(list, { sort: 'league' }))).toEqual([[2, 4, 3, 1]])
    expect(ids(order(list, { sort: 'status' }))).toEqual([[3, 4, 2, 1]])
    expect(ids(order(list, { sort: 'lastMove' }, { 1: { lastMoveAt: 5 }, 3: { lastMoveAt: 9 } }))).toEqual([
      [3, 1, 2, 4],
    ])
  })

  it('reads the live status over the summary’s', () => {
    expect(ids(order(list, { liveOnly: true }, { 2: { status: 'live' }, 3: { status: 'finished' } }))).toEqual([[2, 4]])
  })

  it('shows live only, hides finished, and puts pinned matches first whatever the sort', () => {
    expect(ids(order(list, { liveOnly: true }))).toEqual([[3, 4]])
    expect(ids(order(list, { hideFinished: true, sort: 'start' }))).toEqual([[2, 3, 4]])
    expect(ids(order(list, { sort: 'start', pinned: [4, 1] }))).toEqual([[4, 1, 2, 3]])
  })

  it('groups by sport in the order of each sport’s first match', () => {
    const sections = order(list, { groupBySport: true, sort: 'status' })
    expect(sections.map((s) => s.sport)).toEqual(['badminton', 'hockey'])
    expect(ids(sections)).toEqual([[3, 2, 1], [4]])
  })
})
