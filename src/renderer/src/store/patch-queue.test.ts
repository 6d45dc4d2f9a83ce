import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { blankHeader, emptyBoardPatch, type BoardCell, type BoardPatch } from '../../../shared/board'
import { loadBoards, queuePatch, subscribeCell, tapeRing, useBoardStore } from './board-store'

const OUTCOME = '7|main|w#home'
const cell = (price: number): BoardCell => ({
  outcomeId: OUTCOME,
  matchId: 7,
  oddType: 'main',
  oddKey: 'w#home',
  price,
  suspended: false,
  direction: 'up',
  delta: 0.01,
  deltaPct: 0.5,
  changedAt: price * 1000,
  override: null,
})
const patch = (seq: number, price: number): BoardPatch => ({
  ...emptyBoardPatch(seq, seq),
  cells: [cell(price)],
  tape: [
    {
      ...cell(price),
      serverTs: seq,
      receivedTs: seq,
      previousPrice: price - 0.01,
      previousSuspended: false,
    },
  ],
})

// No animation frames under Node: the queue's fallback timer stands for the next frame.
describe('live patches between two frames', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    useBoardStore.setState({ cells: {}, layouts: {}, headers: {}, seq: null })
  })
  afterEach(() => vi.useRealTimers())

  it('are folded into the board in one store update at the frame, in order', () => {
    const updates = vi.fn()
    const off = useBoardStore.subscribe(updates)
    const tapeBefore = tapeRing.end
    const contiguous = [1, 2, 3, 4, 5].map((seq) => queuePatch(patch(seq, 2 + seq / 100)))
    expect(contiguous).toEqual([true, true, true, true, true])
    expect(updates).not.toHaveBeenCalled()
    expect(useBoardStore.getState().cells[OUTCOME]).toBeUndefined()
    vi.runOnlyPendingTimers()
    off()
    expect(updates).toHaveBeenCalledTimes(1)
    expect(useBoardStore.getState().cells[OUTCOME]?.price).toBe(2.05)
    expect(useBoardStore.getState().seq).toBe(5)
    expect(tapeRing.end - tapeBefore).toBe(5)
  })

  it('say at once when one was lost in between, while the others still wait', () => {
    expect(queuePatch(patch(1, 2.01))).toBe(true)
    expect(queuePatch(patch(2, 2.02))).toBe(true)
    expect(queuePatch(patch(4, 2.04))).toBe(false)
    vi.runOnlyPendingTimers()
    expect(queuePatch(patch(5, 2.05))).toBe(true)
    expect(queuePatch(patch(7, 2.07))).toBe(false)
    vi.runOnlyPendingTimers()
  })

  it('go in before a whole board that answered after them, never over it', () => {
    queuePatch(patch(1, 2.01))
    queuePatch(patch(2, 2.02))
    loadBoards([
      {
        header: { ...blankHeader(7, 'badminton'), synced: true },
        layout: { matchId: 7, groups: [] },
        cells: [cell(3.5)],
      },
    ])
    expect(useBoardStore.getState().cells[OUTCOME]?.price).toBe(3.5)
    vi.runOnlyPendingTimers()
    expect(useBoardStore.getState().cells[OUTCOME]?.price).toBe(3.5)
  })

  it('change only the cells they bring, in place, and tell only the listeners of those cells', () => {
    const other = { ...cell(1.5), outcomeId: '7|main|w#away', oddKey: 'w#away' }
    loadBoards([
      { header: { ...blankHeader(7, 'badminton'), synced: true }, layout: { matchId: 7, groups: [] }, cells: [other] },
    ])
    const cells = useBoardStore.getState().cells
    const home = vi.fn()
    const away = vi.fn()
    const offs = [subscribeCell(OUTCOME, home), subscribeCell(other.outcomeId, away)]
    queuePatch(patch(1, 2.01))
    queuePatch(patch(2, 2.02))
    vi.runOnlyPendingTimers()
    // A frame costs what it changed: the map of every cell is not copied for it.
    expect(useBoardStore.getState().cells).toBe(cells)
    expect(home).toHaveBeenCalledTimes(1)
    expect(home).toHaveBeenCalledWith(expect.objectContaining({ price: 2.02 }))
    expect(away).not.toHaveBeenCalled()
    // A board replaced whole tells every listened cell that changed, and only those.
    loadBoards([
      { header: { ...blankHeader(7, 'badminton'), synced: true }, layout: { matchId: 7, groups: [] }, cells: [other] },
    ])
    expect(home).toHaveBeenLastCalledWith(undefined)
    expect(away).not.toHaveBeenCalled()
    offs.forEach((off) => off())
  })
})
