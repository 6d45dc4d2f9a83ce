import { describe, expect, it } from 'vitest'
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
})
