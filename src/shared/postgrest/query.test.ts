import { describe, expect, it } from 'vitest'
import { PgQueryError, cond, pg, type PgQuery } from './query'

const param = (query: PgQuery, key: string): string[] => query.toSearchParams().getAll(key)

describe('PgQuery output', () => {
  it.each([
    ['eq', pg().eq('id', 7), 'id', 'eq.7'],
    ['neq on a boolean', pg().neq('national', true), 'national', 'neq.true'],
    [
      'gte with a Date as ISO UTC',
      pg().gte('start_time', new Date(Date.UTC(2024, 4, 1, 8))),
      'start_time',
      'gte.2024-05-01T08:00:00.000Z',
    ],
    ['top-level value verbatim', pg().eq('name', 'Lee, Chong (Wei)'), 'name', 'eq.Lee, Chong (Wei)'],
    ['like keeps the * wildcard', pg().like('name', '*Momota*'), 'name', 'like.*Momota*'],
    [
      'in quotes what needs it',
      pg().in('name', ['plain', 'a, b', 'say "hi"', 'back\\slash', '']),
      'name',
      'in.(plain,"a, b","say \\"hi\\"","back\\\\slash","")',
    ],
    ['is null', pg().isNull('referee_name'), 'referee_name', 'is.null'],
    ['not prefix', pg().not.lt('id', 10), 'id', 'not.lt.10'],
    ['not.in', pg().not.in('id', [1, 2]), 'id', 'not.in.(1,2)'],
    ['JSON path column', pg().gt('home_team_score->current', 1), 'home_team_score->current', 'gt.1'],
    [
      'or with nested and and not',
      pg().or(cond.lt('a', 10), cond.not.eq('b', 1), cond.and(cond.gt('c', 2), cond.not.or(cond.isNull('d')))),
      'or',
      '(a.lt.10,b.not.eq.1,and(c.gt.2,not.or(d.is.null)))',
    ],
    [
      'values quoted inside trees',
      pg().and(cond.eq('name', 'x.y'), cond.in('name', ['a,b'])),
      'and',
      '(name.eq."x.y",name.in.("a,b"))',
    ],
    ['not.or is a parameter of its own', pg().not.or(cond.eq('a', 1)), 'not.or', '(a.eq.1)'],
  ])('%s', (_name, query, key, value) => {
    expect(param(query, key)).toEqual([value])
  })

  it('repeats a column for a range', () => {
    expect(param(pg().gte('start_time', '2024-05-01').lt('start_time', '2024-05-02'), 'start_time')).toEqual([
      'gte.2024-05-01',
      'lt.2024-05-02',
    ])
  })

  it('writes select, order, limit, offset and lang after the filters', () => {
    const query = pg()
      .lang('en')
      .limit(20)
      .offset(40)
      .order('start_time', 'desc', 'last')
      .order('id')
      .select(['id', 'home_team_score->current'])
      .eq('league_id', 3)
    expect(query.toString()).toBe(
      'league_id=eq.3&select=id%2Chome_team_score-%3Ecurrent&order=start_time.desc.nullslast%2Cid&limit=20&offset=40&lang=en',
    )
  })

  it('encodes spaces as %20 and a plus as %2B', () => {
    expect(pg().eq('name', 'a b+c').toString()).toBe('name=eq.a%20b%2Bc')
  })

  it('is immutable', () => {
    const base = pg().eq('id', 1)
    const narrowed = base.limit(5)
    base.not.eq('id', 2)
    expect(base.toString()).toBe('id=eq.1')
    expect(narrowed.toString()).toBe('id=eq.1&limit=5')
    expect(pg().toString()).toBe('')
  })

  it('a later select, limit or offset replaces the earlier one', () => {
    expect(pg().select(['id']).select(['name']).limit(5).limit(6).toString()).toBe('select=name&limit=6')
  })
})

describe('PgQuery refuses what the server could not read', () => {
  it.each([
    ['a column with a dot', () => pg().eq('a.b', 1)],
    ['an empty column', () => pg().eq('', 1)],
    ['a column with a comma in a tree', () => cond.eq('a,b', 1)],
    ['->> before the last step', () => pg().eq('score->>a->b', 1)],
    ['NaN', () => pg().eq('id', Number.NaN)],
    ['Infinity in a list', () => pg().in('id', [1, Infinity])],
    ['an invalid Date', () => pg().gte('start_time', new Date('nope'))],
    ['an empty or', () => pg().or()],
    ['an empty nested and', () => cond.and()],
    ['an empty select', () => pg().select([])],
    ['a negative limit', () => pg().limit(-1)],
    ['a fractional offset', () => pg().offset(1.5)],
    ['an empty lang', () => pg().lang('')],
  ])('%s', (_name, build) => {
    expect(build).toThrow(PgQueryError)
  })
})
