import { describe, expect, it } from 'vitest'
import { runQuery } from './index'
import { MATCHES, TEAMS } from './testTables'

const MATCH_OPTIONS = { table: 'matches' }

function refusal(query: string, rows = MATCHES, options: Parameters<typeof runQuery>[2] = MATCH_OPTIONS) {
  const outcome = runQuery(rows, new URLSearchParams(query), options)
  if (outcome.status !== 400) throw new Error(`expected 400 for ${query}, got ${JSON.stringify(outcome.rows)}`)
  return outcome.error
}

describe('malformed queries answer PGRST100 naming the parameter', () => {
  it.each([
    // [query, text the details must contain]
    ['id=xx.1', 'unknown operator "xx"'],
    ['id=5', 'expected "<operator>.<value>"'],
    ['id=eq', 'expected "<operator>.<value>"'],
    ['id=', 'expected "<operator>.<value>"'],
    ['id=in.(1,2', 'unbalanced parentheses'],
    ['id=in.1,2', 'expected "("'],
    ['id=in.(1,2))', 'after the closing'],
    ['name=in.("a,b)', 'unterminated quoted value'],
    ['name=in.("a"x,b)', 'after a quoted value'],
    ['referee_name=is.nothing', '"is" takes one of'],
    ['home_team_score->=eq.1', 'not a column reference'],
    ['or=(id.eq.1', 'unbalanced parentheses'],
    ['or=id.eq.1', 'expected "("'],
    ['or=()', 'empty list'],
    ['or=(id.eq.1,and())', 'empty list'],
    ['or=(id.eq.1))', 'after the closing'],
    ['or=(id.zz.1)', 'unknown operator "zz"'],
    ['or=(id)', 'expected "."'],
    ['and=(id.eq.1,or(id.eq.2)', 'unbalanced parentheses'],
    ['not.or=(id.eq.1,and(id.gt.1)', 'unbalanced parentheses'],
    ['or=(name.eq."unterminated)', 'unterminated quoted value'],
    ['select=', 'not a column reference'],
    ['select=id,', 'not a column reference'],
    ['select=id,teams(name)', 'embedded resources are not supported'],
    ['order=id.up', 'unknown order modifier "up"'],
    ['order=id.asc.desc', 'unknown order modifier "desc"'],
    ['order=id.nullslast.asc', 'unknown order modifier "asc"'],
    ['order=', 'not a column reference'],
    ['limit=-1', 'non-negative integer'],
    ['limit=1.5', 'non-negative integer'],
    ['limit=ten', 'non-negative integer'],
    ['limit=', 'non-negative integer'],
    ['offset=-3', 'non-negative integer'],
    ['limit=5&limit=6', 'given more than once'],
    ['order=id&order=name', 'given more than once'],
  ])('%s', (query, reason) => {
    const error = refusal(query)
    expect(error.code).toBe('PGRST100')
    const [key = '', value = ''] = [...new URLSearchParams(query)].at(-1) ?? []
    expect(error.message).toContain(`(${key}=${value})`)
    expect(error.details).toContain(reason)
    expect(error.hint).toBeNull()
  })
})

describe('unknown columns answer 42703 in PostgreSQL words', () => {
  it.each([
    ['foo=eq.1', 'foo'],
    ['foo->bar=eq.1', 'foo'],
    ['or=(id.eq.1,and(bar.eq.2))', 'bar'],
    ['select=id,foo', 'foo'],
    ['order=id,baz.desc', 'baz'],
  ])('%s', (query, column) => {
    expect(refusal(query)).toEqual({
      code: '42703',
      message: `column matches.${column} does not exist`,
      details: null,
      hint: null,
    })
  })

  it('names the bare column when no table is given', () => {
    expect(refusal('foo=eq.1', MATCHES, {}).message).toBe('column foo does not exist')
  })

  it('accepts any column over an empty table', () => {
    expect(runQuery([], new URLSearchParams('foo=eq.1&select=bar&order=baz'))).toEqual({ status: 200, rows: [] })
  })
})

describe('values the column type cannot take', () => {
  it.each([
    ['id=eq.abc', MATCHES, '22P02', 'invalid input syntax for type integer: "abc"'],
    ['id=in.(1,x)', MATCHES, '22P02', 'invalid input syntax for type integer: "x"'],
    ['national=eq.maybe', TEAMS, '22P02', 'invalid input syntax for type boolean: "maybe"'],
    ['id=like.*1*', MATCHES, '42883', 'operator does not exist: integer ~~ unknown'],
    ['home_team_score=ilike.*1*', MATCHES, '42883', 'operator does not exist: jsonb ~~* unknown'],
  ] as const)('%s', (query, rows, code, message) => {
    const error = refusal(query, rows, {})
    expect(error.code).toBe(code)
    expect(error.message).toBe(message)
  })
})

describe('parameters outside the grammar', () => {
  it('ignores lang and token', () => {
    const outcome = runQuery(MATCHES, new URLSearchParams('id=eq.4&lang=en&token=secret'))
    expect(outcome.status === 200 && outcome.rows.map((r) => r.id)).toEqual([4])
  })
})
