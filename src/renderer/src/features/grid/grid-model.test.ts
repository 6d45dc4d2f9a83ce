import { describe, expect, it } from 'vitest'
import type { BoardCell, MatchHeader, MatchLayout } from '../../../../shared/board'
import { testMatch } from '../../../../shared/discovery.test-support'
import { marketChoices, sportColumns, gridSlots, rowSlots } from './grid-columns'
import { boardFacts, gridDisplayOrder, gridModel, keepUnchanged, sameOrder } from './grid-model'

/** A layout with a winner (home/away, or home/draw/away), a total with its line and a correct score. */
function layout(matchId: number, { draw = false, line = 77.5 } = {}): MatchLayout {
  const market = (name: string, label: string, keys: string[], marketLine: number | null = null) => ({
    name,
    label,
    line: marketLine,
    suspended: false,
    outcomes: keys.map((key) => ({ outcomeId: `${matchId}|ft|${key}`, key, label: key })),
  })
  return {
    matchId,
    groups: [
      {
        oddType: 'full-time',
        markets: [
          market('match_winner', 'Match winner', draw ? ['home', 'draw', 'away'] : ['home', 'away']),
          market('total', 'Total', ['over', 'under'], line),
          market('score', 'Correct score', ['2:0', '0:2']),
          market('empty', 'Nothing offered', []),
        ],
      },
    ],
  }
}

const WINNER = { oddType: 'full-time', market: 'match_winner' }
const TOTAL = { oddType: 'full-time', market: 'total' }
const SCORE = { oddType: 'full-time', market: 'score' }

describe('grid columns', () => {
  it('offers every market with outcomes once, and shows the first three until the trader picks', () => {
    expect(marketChoices([layout(1), layout(2)]).map((c) => c.label)).toEqual([
      'Match winner',
      'Total',
      'Correct score',
    ])
    expect(sportColumns(undefined, [layout(1)])).toEqual([WINNER, TOTAL, SCORE])
    expect(sportColumns([SCORE], [layout(1)])).toEqual([SCORE])
  })

  it('lines sports up slot by slot, outcomes by key, with a line cell where a market has one', () => {
    const slots = gridSlots(
      new Map([
        ['badminton', [WINNER, TOTAL]],
        ['hockey', [WINNER]],
      ]),
      new Map([
        ['badminton', [layout(1)]],
        ['hockey', [layout(2, { draw: true })]],
      ]),
    )
    expect(slots).toEqual([
      {
        labels: ['Match winner'],
        hasLine: false,
        outcomes: [
          { key: 'home', label: '1' },
          { key: 'away', label: '2' },
          { key: 'draw', label: 'X' },
        ],
      },
      {
        labels: ['Total'],
        hasLine: true,
        outcomes: [
          { key: 'over', label: 'Over' },
          { key: 'under', label: 'Under' },
        ],
      },
    ])
    // A badminton row leaves the draw blank; a match without the market leaves the slot blank.
    const row = rowSlots(layout(1), [WINNER, TOTAL], slots)
    expect(row[0]!.outcomes.map((o) => o?.outcomeId ?? null)).toEqual(['1|ft|home', '1|ft|away', null])
    expect(row[1]!.market?.line).toBe(77.5)
    expect(rowSlots(undefined, [WINNER, TOTAL], slots)[1]).toEqual({ market: null, outcomes: [null, null] })
  })
})

describe('grid model', () => {
  const layouts = { 1: layout(1), 2: layout(2, { line: 80.5 }), 3: layout(3, { draw: true }) }
  const a = testMatch(1)
  const b = testMatch(2)
  const c = testMatch(3, { sport: 'hockey' })

  it('gives the cell cursor every row’s outcomes left to right, in the order drawn', () => {
    const model = gridModel([{ sport: null, matches: [b, a] }], layouts, { badminton: [TOTAL, WINNER] })
    expect(gridDisplayOrder(model, layouts)).toEqual([
      { matchId: 2, outcomeIds: ['2|ft|over', '2|ft|under', '2|ft|home', '2|ft|away'] },
      { matchId: 1, outcomeIds: ['1|ft|over', '1|ft|under', '1|ft|home', '1|ft|away'] },
    ])
  })

  it('gives each sport’s section its own slots when grouped', () => {
    const model = gridModel(
      [
        { sport: 'badminton', matches: [a] },
        { sport: 'hockey', matches: [c] },
      ],
      layouts,
      { hockey: [SCORE] },
    )
    expect(model.sections.map((s) => s.slots.map((slot) => slot.labels))).toEqual([
      [['Match winner'], ['Total'], ['Correct score']],
      [['Correct score']],
    ])
  })

  it('keeps the objects of unchanged parts, so a layout change that moves no column re-renders no row', () => {
    const sections = [{ sport: null, matches: [a, b] }]
    const before = gridModel(sections, layouts, {})
    const after = keepUnchanged(before, gridModel(sections, { ...layouts, 2: layout(2, { line: 81.5 }) }, {}))
    expect(after.sections[0]!.slots).toBe(before.sections[0]!.slots)
    expect(after.columnsBySport.get('badminton')).toBe(before.columnsBySport.get('badminton'))
    const picked = keepUnchanged(before, gridModel(sections, layouts, { badminton: [SCORE] }))
    expect(picked.sections[0]!.slots).not.toBe(before.sections[0]!.slots)
  })

  it('reads the live status and the newest move of each match from the board', () => {
    const cell = (outcomeId: string, matchId: number, direction: 'up' | 'flat', changedAt: number) =>
      ({ outcomeId, matchId, direction, changedAt }) as BoardCell
    const facts = boardFacts(
      { 1: { status: 'finished' } as MatchHeader },
      {
        x: cell('x', 1, 'up', 5),
        y: cell('y', 1, 'up', 9),
        z: cell('z', 2, 'flat', 20),
      },
    )
    expect(facts(a)).toEqual({ status: 'finished', lastMoveAt: 9 })
    // Never moved: its snapshot time is no move.
    expect(facts(b)).toEqual({ status: 'live', lastMoveAt: null })
  })

  it('leaves a match without a header status unknown when the summaries are not to be read (a replay)', () => {
    const facts = boardFacts({ 1: { status: null } as MatchHeader }, {}, false)
    expect(facts(a)).toEqual({ status: null, lastMoveAt: null })
    expect(facts(b)).toEqual({ status: null, lastMoveAt: null })
    // Live, the summary stands in.
    expect(boardFacts({}, {})(b)).toEqual({ status: 'live', lastMoveAt: null })
  })

  it('calls two orders the same only when their sections hold the same matches in the same order', () => {
    expect(
      sameOrder([{ sport: null, matches: [a, b] }], [{ sport: null, matches: [testMatch(1), testMatch(2)] }]),
    ).toBe(true)
    expect(sameOrder([{ sport: null, matches: [a, b] }], [{ sport: null, matches: [b, a] }])).toBe(false)
    expect(sameOrder([{ sport: null, matches: [a] }], [{ sport: 'badminton', matches: [a] }])).toBe(false)
  })
})
