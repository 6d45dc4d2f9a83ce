import { describe, expect, it } from 'vitest'
import { cond, pg, type PgQuery } from '../../shared/postgrest/query'
import { runQuery, type QueryOptions } from './index'
import { MATCHES, TEAMS, TEAM_OPTIONS, numberedRows } from './testTables'

/** Sends the builder's query through its URL text, as the client would, and runs it. */
function run(
  rows: readonly Record<string, unknown>[],
  query: PgQuery,
  options?: QueryOptions,
): Record<string, unknown>[] {
  const outcome = runQuery(rows, new URLSearchParams(query.toString()), options)
  if (outcome.status !== 200) throw new Error(`expected 200, got ${JSON.stringify(outcome.error)}`)
  return outcome.rows
}

const ids = (rows: readonly Record<string, unknown>[], query: PgQuery, options?: QueryOptions): unknown[] =>
  run(rows, query, options).map((row) => row.id)

describe('runQuery over matches, fed by the builder', () => {
  const cases: [name: string, query: PgQuery, expected: number[]][] = [
    ['eq', pg().eq('id', 3), [3]],
    ['neq', pg().neq('status_type', 'finished'), [2, 3, 4, 6]],
    ['gt skips null', pg().gt('tournament_importance', 3), [1, 4, 6]],
    ['gte', pg().gte('tournament_importance', 4), [1, 4, 6]],
    ['lt', pg().lt('tournament_importance', 4), [3, 5]],
    ['lte', pg().lte('tournament_importance', 3), [3, 5]],
    ['like with * is case-sensitive', pg().like('name', 'A*'), [1, 5]],
    ['like in the middle', pg().like('name', '*Momota*'), [1]],
    ['like with _ as one character', pg().like('referee_name', 'Ref _'), [1, 3, 5, 6]],
    ['ilike', pg().ilike('referee_name', 'REF a'), [1, 4]],
    ['in numbers', pg().in('id', [1, 3, 99]), [1, 3]],
    ['in texts', pg().in('status_type', ['live', 'upcoming']), [2, 3, 6]],
    ['in empty list', pg().in('id', []), []],
    ['is null', pg().isNull('referee_name'), [2]],
    ['not.is.null', pg().not.isNull('tournament_importance'), [1, 3, 4, 5, 6]],
    ['not.eq', pg().not.eq('status_type', 'live'), [1, 3, 4, 5]],
    ['not.lt', pg().not.lt('id', 3), [3, 4, 5, 6]],
    ['not.in', pg().not.in('id', [1, 2]), [3, 4, 5, 6]],
    ['not.ilike leaves NULL out (three-valued)', pg().not.ilike('referee_name', 'ref a'), [3, 5, 6]],
    ['or', pg().or(cond.eq('status_type', 'live'), cond.lt('id', 2)), [1, 2, 6]],
    [
      'or with nested and',
      pg().or(cond.eq('id', 1), cond.and(cond.gt('tournament_importance', 3), cond.eq('status_type', 'live'))),
      [1, 6],
    ],
    ['not.or', pg().not.or(cond.eq('status_type', 'finished'), cond.eq('status_type', 'live')), [3, 4]],
    [
      'and with nested or and not.and (NULL inside not.and)',
      pg().and(
        cond.or(cond.eq('league_id', 10), cond.eq('league_id', 11)),
        cond.not.and(cond.gt('tournament_importance', 3), cond.eq('status_type', 'postponed')),
      ),
      [1, 2, 3, 6],
    ],
    [
      'two or parameters both apply',
      pg().or(cond.eq('id', 1), cond.eq('id', 2)).or(cond.eq('id', 2), cond.eq('id', 3)),
      [2],
    ],
    ['in inside or', pg().or(cond.in('id', [4, 5]), cond.isNull('referee_name')), [2, 4, 5]],
    [
      'range on a timestamp compares instants across offsets',
      pg().gte('start_time', '2024-05-01T08:00:00Z').lt('start_time', '2024-05-01T09:00:00Z'),
      [1, 2],
    ],
    ['range with a Date', pg().gte('start_time', new Date('2024-05-02T00:00:00Z')), [3, 4]],
    ['a bare date is UTC midnight', pg().gte('start_time', '2024-05-02'), [3, 4]],
    ['eq on an instant written with another offset', pg().eq('start_time', '2024-05-01T00:30:00Z'), [5]],
    ['JSON path gt', pg().gt('home_team_score->current', 1), [1]],
    ['JSON path gte', pg().gte('home_team_score->current', 1), [1, 2, 5]],
    ['JSON path eq on a period', pg().eq('away_team_score->period_1', 15), [1]],
    ['JSON path missing key is null', pg().isNull('home_team_score->current'), [3, 4]],
    ['JSON path ->> reads text', pg().eq('status->>type', 'live'), [2, 6]],
    ['JSON path -> on a text member', pg().eq('status->reason', 'Retired'), [5]],
    ['->> compares as text ("21" < "3")', pg().gt('home_team_score->>period_1', '3'), []],
    ['-> compares numbers numerically', pg().gt('home_team_score->period_1', 3), [1, 2, 5, 6]],
    [
      'JSON paths inside or',
      pg().or(cond.gt('home_team_score->current', 1), cond.eq('away_team_score->current', 1)),
      [1, 2],
    ],
    ['order by timestamp as instants', pg().order('start_time'), [5, 1, 2, 6, 3, 4]],
    ['order asc puts nulls last', pg().order('tournament_importance', 'asc'), [5, 3, 6, 1, 4, 2]],
    ['order desc puts nulls first', pg().order('tournament_importance', 'desc'), [2, 1, 4, 6, 3, 5]],
    ['order desc nullslast', pg().order('tournament_importance', 'desc', 'last'), [1, 4, 6, 3, 5, 2]],
    ['order asc nullsfirst', pg().order('tournament_importance', 'asc', 'first'), [2, 5, 3, 6, 1, 4]],
    ['order by two keys', pg().order('league_id', 'desc').order('id'), [5, 3, 4, 1, 2, 6]],
    ['order by a JSON path', pg().order('home_team_score->current', 'desc', 'last').order('id'), [1, 2, 5, 6, 3, 4]],
    [
      'filter, order and page together',
      pg().neq('status_type', 'postponed').order('id', 'desc').offset(1).limit(2),
      [5, 3],
    ],
    ['lang is not a filter', pg().eq('id', 2).lang('en'), [2]],
  ]

  it.each(cases)('%s', (_name, query, expected) => {
    expect(ids(MATCHES, query)).toEqual(expected)
  })

  it('select returns only the named columns, JSON paths named after their last key', () => {
    expect(run(MATCHES, pg().eq('id', 2).select(['id', 'status_type', 'home_team_score->current']))).toEqual([
      { id: 2, status_type: 'live', current: 1 },
    ])
  })

  it('select renames with an alias (raw PostgREST form)', () => {
    const outcome = runQuery(MATCHES, new URLSearchParams('id=eq.5&select=match:id,home:home_team_score->>display'))
    expect(outcome).toEqual({ status: 200, rows: [{ match: 5, home: '1' }] })
  })

  it('select of a JSON path a record lacks answers null', () => {
    expect(run(MATCHES, pg().eq('id', 3).select(['id', 'home_team_score->current']))).toEqual([
      { id: 3, current: null },
    ])
  })
})

describe('runQuery over teams with a hidden column', () => {
  it('filters on the hidden column and never returns it', () => {
    const rows = run(TEAMS, pg().eq('primary_league_id', 12), TEAM_OPTIONS)
    expect(rows.map((r) => r.id)).toEqual([4, 5])
    for (const row of rows) expect(row).not.toHaveProperty('primary_league_id')
  })

  it('keeps it out of select=* and of an explicit select', () => {
    const rows = run(TEAMS, pg().eq('id', 1).select(['*']), TEAM_OPTIONS)
    expect(rows).toEqual([
      { id: 1, name: 'Axelsen V.', full_name: 'Viktor Axelsen', national: false, sub_teams: [], class_id: 7 },
    ])
    expect(run(TEAMS, pg().eq('id', 1).select(['id', 'primary_league_id']), TEAM_OPTIONS)).toEqual([{ id: 1 }])
  })

  it('accepts a hidden column no row carries', () => {
    expect(ids(TEAMS, pg().eq('category_id', 3), { hiddenColumns: ['category_id'] })).toEqual([])
  })

  it.each([
    ['is true', pg().is('national', 'true'), [4, 5]],
    ['is false', pg().is('national', 'false'), [1, 2, 3]],
    ['eq on a boolean', pg().eq('national', false), [1, 2, 3]],
    ['array element by index', pg().eq('sub_teams->0', 11), [3]],
    ['ilike on full name', pg().ilike('full_name', '*SOH*'), [3]],
  ] as const)('%s', (_name, query, expected) => {
    expect(ids(TEAMS, query, TEAM_OPTIONS)).toEqual(expected)
  })
})

describe('runQuery paging (default 50, larger limits capped at 50)', () => {
  const rows = numberedRows(120)
  const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i)

  it.each([
    ['default limit', pg(), range(1, 50)],
    ['limit above the cap is capped', pg().limit(200), range(1, 50)],
    ['offset walks the pages', pg().offset(100), range(101, 120)],
    ['limit and offset', pg().limit(10).offset(45), range(46, 55)],
    ['limit 0', pg().limit(0), []],
    ['offset past the end', pg().offset(500), []],
    ['cap applies after ordering', pg().order('id', 'desc').limit(60), range(71, 120).reverse()],
  ] as const)('%s', (_name, query, expected) => {
    expect(ids(rows, query)).toEqual(expected)
  })

  it('honours defaultLimit and maxLimit options', () => {
    expect(ids(rows, pg(), { defaultLimit: 10 })).toEqual(range(1, 10))
    expect(ids(rows, pg().limit(100), { maxLimit: 80 })).toHaveLength(80)
  })
})

describe('round trip of awkward values: builder → URL → engine finds exactly those rows', () => {
  const awkward = [
    'Lee, Chong Wei',
    'say "hi"',
    '(Pair) A/B',
    'dot.name',
    'colon:name',
    ' leading space',
    'trailing space ',
    'back\\slash',
    'back\\"both',
    'Zhèng Sī Wéi 郑思维',
    '🏸 smash',
    '*star*',
    '100%',
    'under_score',
    '',
    'a&b=c?d#e+f',
    'null',
    'not.eq.1',
    'or(a.eq.1)',
    ')(,"',
  ]
  // Decoys share pieces of the awkward values, so a value split at a comma or a quote would find them.
  const decoys = ['Lee', 'Chong Wei', 'say', 'hi', 'A/B', 'dot', 'name', 'back', 'slash', 'a', 'star', '1']
  const rows = [...awkward, ...decoys, ...awkward].map((name, i) => ({ id: i, name }))
  const idsNamed = (value: string): number[] => rows.filter((r) => r.name === value).map((r) => r.id)

  it.each(awkward.map((value) => [JSON.stringify(value), value]))('%s', (_label, value) => {
    const expected = idsNamed(value)
    const other = '1'
    const withOther = [...expected, ...idsNamed(other)].sort((a, b) => a - b)
    expect(expected).toHaveLength(2)
    expect(ids(rows, pg().eq('name', value))).toEqual(expected)
    expect(ids(rows, pg().in('name', [value]))).toEqual(expected)
    expect(ids(rows, pg().in('name', [value, other]))).toEqual(withOther)
    expect(ids(rows, pg().or(cond.eq('name', value), cond.eq('name', other)))).toEqual(withOther)
    expect(
      ids(rows, pg().and(cond.or(cond.in('name', [value]), cond.eq('id', -1)), cond.not.neq('name', value))),
    ).toEqual(expected)
    expect(ids(rows, pg().not.or(cond.neq('name', value)))).toEqual(expected)
  })
})
