/**
 * The simulator's PostgREST query engine: answers one data-service GET over an in-memory table.
 *
 * DECISION (issue 3, "decide whether a larger limit is capped or refused"): a `limit` above the
 * maximum (50) is CAPPED to the maximum, not refused, like PostgREST's `db-max-rows`. A client
 * asking for 200 gets at most 50 rows and must walk `offset` for more. Only a malformed limit or
 * offset (negative, fractional, not a number) is a 400.
 *
 * Other decisions where the documents are silent:
 * - Columns are known from the union of the rows' keys plus `hiddenColumns`; a filter, select or
 *   order on any other column is a 400 `42703` ("column teams.foo does not exist"). With no rows at
 *   all, nothing can be checked and every column is accepted (200 []).
 * - `hiddenColumns` (e.g. /teams' `primary_league_id`) can be filtered and ordered on but are never
 *   returned, not even when named in `select`.
 * - A repeated `select`/`order`/`limit`/`offset` is a PGRST100 rather than a silent pick of one.
 * - `lang` and `token` belong to the service, not to the grammar, and are ignored here.
 * - Values are typed by the row's JavaScript type (see values.ts); a non-numeric value against a
 *   number column is PostgreSQL's 22P02, LIKE on a non-text column its 42883.
 *
 * Returned rows may be the input objects themselves (no select, no hidden columns): do not mutate.
 */
import type { PostgrestErrorBody } from './errors'
import { QueryError, unknownColumn } from './errors'
import { compileFilters, compileGetter, sortRows, type Row } from './compile'
import { parseQuery, type ColumnRef, type Filter, type ParsedQuery, type SelectItem } from './parse'

export type { PostgrestErrorBody } from './errors'

export type QueryOutcome = { status: 200; rows: Record<string, unknown>[] } | { status: 400; error: PostgrestErrorBody }

export interface QueryOptions {
  /** Filterable columns that rows do not carry or that must not be returned. */
  hiddenColumns?: readonly string[]
  defaultLimit?: number
  maxLimit?: number
  /** The route's table name, for PostgREST's wording of 42703 ("column teams.foo …"). */
  table?: string
}

const DEFAULT_LIMIT = 50
const MAX_LIMIT = 50

function* columnsOf(filter: Filter): Generator<ColumnRef> {
  if (filter.kind === 'logic') {
    for (const inner of filter.filters) yield* columnsOf(inner)
  } else {
    yield filter.ref
  }
}

function* referencedColumns(query: ParsedQuery): Generator<string> {
  for (const filter of query.filters) for (const ref of columnsOf(filter)) yield ref.column
  for (const item of query.select ?? []) if (item.kind === 'column') yield item.ref.column
  for (const term of query.order) yield term.ref.column
}

function checkColumns(rows: readonly Row[], query: ParsedQuery, hidden: ReadonlySet<string>, table?: string): void {
  if (rows.length === 0) return
  const known = new Set(hidden)
  for (const column of referencedColumns(query)) {
    if (known.has(column)) continue
    // Usually the first row has the column, so this stays cheap; only an unknown one scans all.
    if (!rows.some((row) => Object.hasOwn(row, column))) throw unknownColumn(column, table)
    known.add(column)
  }
}

function withoutHidden(row: Row, hidden: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(row)) if (!hidden.has(key)) out[key] = row[key]
  return out
}

function projector(
  select: readonly SelectItem[] | undefined,
  hidden: ReadonlySet<string>,
): (row: Row) => Record<string, unknown> {
  if (select === undefined) return hidden.size === 0 ? (row) => row : (row) => withoutHidden(row, hidden)
  const parts = select
    .filter((item) => item.kind === 'all' || !hidden.has(item.ref.column))
    .map((item) => {
      if (item.kind === 'all')
        return (row: Row, out: Record<string, unknown>) => Object.assign(out, withoutHidden(row, hidden))
      const get = compileGetter(item.ref)
      return (row: Row, out: Record<string, unknown>) => {
        // PostgREST answers null for a selected column a record lacks.
        out[item.key] = get(row) ?? null
      }
    })
  return (row) => {
    const out: Record<string, unknown> = {}
    for (const part of parts) part(row, out)
    return out
  }
}

/** Filters with the first `offset` matches skipped and at most `limit` kept, stopping early. */
function firstMatches(rows: readonly Row[], matches: (row: Row) => boolean, offset: number, limit: number): Row[] {
  const found: Row[] = []
  let skipped = 0
  for (const row of rows) {
    if (found.length >= limit) break
    if (!matches(row)) continue
    if (skipped < offset) skipped++
    else found.push(row)
  }
  return found
}

export function runQuery(
  rows: readonly Record<string, unknown>[],
  params: URLSearchParams,
  options: QueryOptions = {},
): QueryOutcome {
  const hidden = new Set(options.hiddenColumns)
  const maxLimit = options.maxLimit ?? MAX_LIMIT
  try {
    const query = parseQuery(params)
    checkColumns(rows, query, hidden, options.table)
    const matches = compileFilters(query.filters)
    const offset = query.offset ?? 0
    const limit = Math.min(query.limit ?? options.defaultLimit ?? DEFAULT_LIMIT, maxLimit)
    const page =
      query.order.length === 0
        ? firstMatches(rows, matches, offset, limit)
        : sortRows(rows.filter(matches), query.order).slice(offset, offset + limit)
    return { status: 200, rows: page.map(projector(query.select, hidden)) }
  } catch (error) {
    if (error instanceof QueryError) return { status: 400, error: error.body }
    throw error
  }
}
