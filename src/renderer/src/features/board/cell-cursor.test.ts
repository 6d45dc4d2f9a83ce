import { describe, expect, it } from 'vitest'
import type { MatchLayout } from '../../../../shared/board'
import { cardRows } from './card-rows'
import { keepCursor, matchOfCell, moveCursor, type CursorRow } from './cell-cursor'

/** Match 1: a three-way row and a two-way row; match 2: an empty row, then a one-cell row; match 3: two cells. */
const ROWS: CursorRow[] = [
  { key: '1:winner', matchId: 1, outcomeIds: ['1a', '1b', '1c'] },
  { key: '1:total', matchId: 1, outcomeIds: ['1d', '1e'] },
  { key: '2:winner', matchId: 2, outcomeIds: [] },
  { key: '2:total', matchId: 2, outcomeIds: ['2a'] },
  { key: '3:winner', matchId: 3, outcomeIds: ['3a', '3b'] },
]

describe('moveCursor', () => {
  it('starts on the first cell whatever the key, and has none on an empty board', () => {
    expect(moveCursor(ROWS, null, 'down')).toBe('1a')
    expect(moveCursor(ROWS, null, 'left')).toBe('1a')
    expect(moveCursor(ROWS, 'gone', 'right')).toBe('1a')
    expect(moveCursor([{ key: 'x', matchId: 9, outcomeIds: [] }], null, 'down')).toBeNull()
    expect(moveCursor([], 'gone', 'up')).toBeNull()
  })

  it('moves along a row and stops at its ends', () => {
    expect(moveCursor(ROWS, '1a', 'right')).toBe('1b')
    expect(moveCursor(ROWS, '1c', 'right')).toBe('1c')
    expect(moveCursor(ROWS, '1b', 'left')).toBe('1a')
    expect(moveCursor(ROWS, '1a', 'left')).toBe('1a')
  })

  it('moves to the same column of the next row, or its last cell when it is shorter', () => {
    expect(moveCursor(ROWS, '1b', 'down')).toBe('1e')
    expect(moveCursor(ROWS, '1c', 'down')).toBe('1e')
    expect(moveCursor(ROWS, '1e', 'up')).toBe('1b')
    expect(moveCursor(ROWS, '3b', 'up')).toBe('2a')
  })

  it('steps over rows without cells, across matches', () => {
    expect(moveCursor(ROWS, '1e', 'down')).toBe('2a')
    expect(moveCursor(ROWS, '2a', 'up')).toBe('1d')
  })

  it('stops at the first and the last row', () => {
    expect(moveCursor(ROWS, '1b', 'up')).toBe('1b')
    expect(moveCursor(ROWS, '3b', 'down')).toBe('3b')
  })
})

describe('keepCursor', () => {
  const without = (matchId: number) => ROWS.filter((row) => row.matchId !== matchId)

  it('stays on its outcome wherever its row has moved', () => {
    const reordered = [...ROWS.slice(4), ...ROWS.slice(0, 4)]
    expect(keepCursor(ROWS, reordered, '1e')).toBe('1e')
  })

  it('goes to the next match when its match leaves the list, at the same column', () => {
    expect(keepCursor(ROWS, without(1), '1b')).toBe('2a')
    expect(keepCursor(ROWS, without(2), '2a')).toBe('3a')
  })

  it('goes to the match before when the last match leaves', () => {
    expect(keepCursor(ROWS, without(3), '3b')).toBe('2a')
  })

  it('stays in its row when only its outcome is withdrawn', () => {
    const shorter = ROWS.map((row) => (row.key === '1:winner' ? { ...row, outcomeIds: ['1a', '1b'] } : row))
    expect(keepCursor(ROWS, shorter, '1c')).toBe('1b')
  })

  it('has none once the board is empty, or when there was none', () => {
    expect(keepCursor(ROWS, [], '1a')).toBeNull()
    expect(keepCursor(ROWS, ROWS, null)).toBeNull()
    expect(keepCursor([], ROWS, 'unknown')).toBeNull()
  })
})

describe('matchOfCell', () => {
  it('names the match of a cell on the board, and none for a cell that is not', () => {
    expect(matchOfCell(ROWS, '2a')).toBe(2)
    expect(matchOfCell(ROWS, 'gone')).toBeNull()
  })
})

describe('cardRows', () => {
  const outcome = (id: string) => ({ outcomeId: id, key: id, label: id })
  const market = (name: string, line: number | null, ids: string[]) => ({
    name,
    label: name,
    line,
    suspended: false,
    outcomes: ids.map(outcome),
  })
  const layout = (matchId: number, groups: MatchLayout['groups']): MatchLayout => ({ matchId, groups })

  it('lists each shown market as a row, cards in board order, a card without its layout yet without rows', () => {
    const layouts = {
      7: layout(7, [
        { oddType: 'full-time', markets: [market('winner', null, ['7a', '7b']), market('empty', null, [])] },
        { oddType: 'set-1', markets: [market('total', 20.5, ['7c', '7d'])] },
      ]),
      5: layout(5, [{ oddType: 'full-time', markets: [market('winner', null, ['5a', '5b'])] }]),
    }
    expect(cardRows([5, 6, 7], layouts)).toEqual([
      { key: '5:full-time:winner:', matchId: 5, outcomeIds: ['5a', '5b'] },
      { key: '7:full-time:winner:', matchId: 7, outcomeIds: ['7a', '7b'] },
      { key: '7:set-1:total:20.5', matchId: 7, outcomeIds: ['7c', '7d'] },
    ])
  })
})
