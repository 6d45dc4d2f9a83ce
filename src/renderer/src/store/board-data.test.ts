import { describe, expect, it } from 'vitest'
import { emptyBoardPatch, type BoardCell, type BoardPatch, type MatchBoard } from '../../../shared/board'
import { outcomeId } from '../../../shared/domain'
import { applyBoardPatch, boardFromSnapshots, foldBoardPatches } from './board-data'

function cell(matchId: number, oddKey: string, price: number): BoardCell {
  return {
    outcomeId: outcomeId({ matchId, oddType: 'full-time', oddKey }),
    matchId,
    oddType: 'full-time',
    oddKey,
    price,
    suspended: false,
    direction: 'flat',
    delta: 0,
    deltaPct: 0,
    changedAt: 1,
    override: null,
  }
}

function board(matchId: number, cells: BoardCell[]): MatchBoard {
  return {
    header: {
      matchId,
      sport: 'badminton',
      status: 'live',
      statusReason: null,
      score: null,
      clock: null,
      lastIncident: null,
      synced: true,
    },
    layout: {
      matchId,
      groups: [
        {
          oddType: 'full-time',
          markets: [
            {
              name: 'match_winner',
              label: 'Match winner',
              line: null,
              suspended: false,
              outcomes: cells.map((c) => ({ outcomeId: c.outcomeId, key: c.oddKey, label: c.oddKey })),
            },
          ],
        },
      ],
    },
    cells,
  }
}

const emptyPatch: BoardPatch = emptyBoardPatch(1, 0)

describe('the normalised board', () => {
  const home = cell(1, 'match_winner#home', 2.1)
  const away = cell(1, 'match_winner#away', 1.8)
  const other = cell(2, 'match_winner#home', 3.0)
  const start = boardFromSnapshots([board(1, [home, away]), board(2, [other])])

  it('keys cells by outcome id, layouts and headers by match', () => {
    expect(Object.keys(start.cells).sort()).toEqual([away.outcomeId, home.outcomeId, other.outcomeId].sort())
    expect(start.layouts[1]?.groups[0]?.markets[0]?.outcomes).toHaveLength(2)
    expect(start.headers[2]?.status).toBe('live')
  })

  it('replaces only the changed cell and keeps every other object as it was', () => {
    const moved = { ...home, price: 2.2, direction: 'up' as const, changedAt: 2 }
    const next = applyBoardPatch(start, { ...emptyPatch, cells: [moved] })
    expect(next.cells[home.outcomeId]).toBe(moved)
    expect(next.cells[away.outcomeId]).toBe(start.cells[away.outcomeId])
    expect(next.cells[other.outcomeId]).toBe(start.cells[other.outcomeId])
    expect(next.layouts).toBe(start.layouts)
    expect(next.headers).toBe(start.headers)
  })

  it('answers the same state for a patch that changes nothing on the board', () => {
    expect(applyBoardPatch(start, emptyPatch)).toBe(start)
  })

  it('merges header patches into the known header and ignores ones for unknown matches', () => {
    const next = applyBoardPatch(start, {
      ...emptyPatch,
      headers: [
        { matchId: 1, status: 'finished' },
        { matchId: 9, status: 'live' },
      ],
    })
    expect(next.headers[1]).toMatchObject({ status: 'finished', sport: 'badminton', synced: true })
    expect(next.headers[9]).toBeUndefined()
    expect(next.headers[2]).toBe(start.headers[2])
  })

  it('lets a snapshot replace its match whole, dropping cells it no longer lists', () => {
    const next = applyBoardPatch(start, { ...emptyPatch, snapshots: [board(1, [away])] })
    expect(next.cells[home.outcomeId]).toBeUndefined()
    expect(next.cells[away.outcomeId]).toEqual(away)
    expect(next.cells[other.outcomeId]).toBe(start.cells[other.outcomeId])
  })

  it('forgets removed matches entirely', () => {
    const next = applyBoardPatch(start, { ...emptyPatch, removed: [1] })
    expect(Object.keys(next.cells)).toEqual([other.outcomeId])
    expect(next.layouts[1]).toBeUndefined()
    expect(next.headers[1]).toBeUndefined()
  })

  it('folds in place into a board its caller owns, naming every cell written or dropped', () => {
    const own = boardFromSnapshots([board(1, [home, away]), board(2, [other])])
    const { cells, layouts } = own
    const moved = { ...other, price: 3.1 }
    const changed = new Set<string>()
    const next = foldBoardPatches(
      own,
      [
        { ...emptyPatch, cells: [moved] },
        { ...emptyPatch, removed: [1] },
      ],
      changed,
    )
    expect(next.cells).toBe(cells)
    expect(Object.keys(cells)).toEqual([other.outcomeId])
    expect(cells[other.outcomeId]).toBe(moved)
    expect([...changed].sort()).toEqual([away.outcomeId, home.outcomeId, other.outcomeId].sort())
    // Layouts and headers are read by identity: a removal makes new ones, the old stay as they were.
    expect(next.layouts).not.toBe(layouts)
    expect(layouts[1]).toBeDefined()
    expect(foldBoardPatches(next, [{ ...emptyPatch, cells: [other] }], new Set())).toBe(next)
  })
})
