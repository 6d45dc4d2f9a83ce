import { describe, expect, it } from 'vitest'
import { DEFAULT_WATCHLIST_VIEW } from '../../../shared/watchlists'
import { testMatch } from '../../../shared/discovery.test-support'
import { salvageWatchlists } from './stored-watchlists'

describe('salvageWatchlists', () => {
  it('answers nothing for nothing stored', () => {
    expect(salvageWatchlists(undefined)).toEqual({ state: undefined, refused: [] })
  })

  it('refuses a state that is not a list of lists whole', () => {
    const { state, refused } = salvageWatchlists({ lists: 'all of them' })
    expect(state).toBeUndefined()
    expect(refused).toEqual([
      { where: 'watchlists', problem: expect.stringContaining('lists'), value: { lists: 'all of them' } },
    ])
  })

  it('makes the first kept list active when the active one was left out', () => {
    const { state } = salvageWatchlists({
      lists: [
        { id: 'a', name: '', matches: [] },
        { id: 'b', name: 'Kept', matches: [] },
      ],
      activeId: 'a',
    })
    expect(state).toEqual({ lists: [{ id: 'b', name: 'Kept', matches: [] }], activeId: 'b' })
  })

  it('drops a view that no longer parses and keeps its list, matches and all', () => {
    const match = { ...testMatch(7), feed: 'demo' }
    const badView = { mode: 'spreadsheet', pinned: [7] }
    const { state, refused } = salvageWatchlists({
      lists: [
        { id: 'a', name: 'Evening', matches: [match], view: badView },
        { id: 'b', name: 'Grid', matches: [], view: { mode: 'grid' } },
      ],
      activeId: 'a',
    })
    expect(state?.lists[0]).toEqual({ id: 'a', name: 'Evening', matches: [match] })
    expect(refused).toEqual([
      { where: 'watchlists.lists[0].view', problem: expect.stringContaining('mode'), value: badView },
    ])
    // A view saved with only some fields reads the rest at their defaults.
    expect(state?.lists[1]?.view).toEqual({ ...DEFAULT_WATCHLIST_VIEW, mode: 'grid' })
  })
})
