/**
 * Turns a parsed query into closures, once per request: a value getter per column reference, a
 * predicate per filter, a comparator for `order`. Predicates use SQL's three-valued logic (true,
 * false, null = unknown) so `not.` and `or`/`and` treat NULL as PostgreSQL does: `id=not.eq.1`
 * does not return rows whose id is null.
 */
import type { ComparisonOperator } from '../../shared/postgrest/grammar'
import type { ColumnRef, Filter, OrderTerm } from './parse'
import { compareSortKeys, compareToLiteral, likeMatcher, literal, sortKey, type SortKey } from './values'

export type Row = Readonly<Record<string, unknown>>
type Truth = boolean | null
export type Predicate = (row: Row) => Truth

function own(container: unknown, key: string): unknown {
  if (Array.isArray(container)) return /^\d+$/.test(key) ? container[Number(key)] : undefined
  if (typeof container === 'object' && container !== null && Object.hasOwn(container, key)) {
    return (container as Record<string, unknown>)[key]
  }
  return undefined
}

/** Reads a column (and its JSON path) from a row; `->>` gives text, as PostgreSQL's operator does. */
export function compileGetter(ref: ColumnRef): (row: Row) => unknown {
  const { column, path, asText } = ref
  if (path.length === 0) return (row) => own(row, column)
  return (row) => {
    let value = own(row, column)
    for (const key of path) value = own(value, key)
    if (!asText || value === null || value === undefined || typeof value === 'string') return value
    return JSON.stringify(value)
  }
}

const COMPARISONS: Readonly<Record<ComparisonOperator, (order: number) => boolean>> = {
  eq: (c) => c === 0,
  neq: (c) => c !== 0,
  gt: (c) => c > 0,
  gte: (c) => c >= 0,
  lt: (c) => c < 0,
  lte: (c) => c <= 0,
}

function negate(predicate: Predicate): Predicate {
  return (row) => {
    const truth = predicate(row)
    return truth === null ? null : !truth
  }
}

function compileLogic(operator: 'or' | 'and', predicates: readonly Predicate[]): Predicate {
  // `or` is decided by the first true, `and` by the first false; otherwise any unknown wins.
  const decisive = operator === 'or'
  return (row) => {
    let unknown = false
    for (const predicate of predicates) {
      const truth = predicate(row)
      if (truth === decisive) return decisive
      if (truth === null) unknown = true
    }
    return unknown ? null : !decisive
  }
}

function compileIs(get: (row: Row) => unknown, value: 'null' | 'true' | 'false' | 'unknown'): Predicate {
  switch (value) {
    case 'null':
    case 'unknown':
      return (row) => get(row) == null
    case 'true':
      return (row) => get(row) === true
    case 'false':
      return (row) => get(row) === false
  }
}

function compileUnnegated(filter: Filter): Predicate {
  if (filter.kind === 'logic') return compileLogic(filter.operator, filter.filters.map(compileFilter))
  const get = compileGetter(filter.ref)
  switch (filter.kind) {
    case 'is':
      return compileIs(get, filter.value)
    case 'in': {
      const literals = filter.values.map(literal)
      return (row) => {
        const value = get(row)
        if (value === null || value === undefined) return null
        return literals.some((lit) => compareToLiteral(value, lit) === 0)
      }
    }
    case 'compare': {
      if (filter.operator === 'like' || filter.operator === 'ilike') {
        const matches = likeMatcher(filter.value, filter.operator === 'ilike')
        return (row) => matches(get(row))
      }
      const lit = literal(filter.value)
      const test = COMPARISONS[filter.operator]
      return (row) => {
        const order = compareToLiteral(get(row), lit)
        return order === null ? null : test(order)
      }
    }
  }
}

function compileFilter(filter: Filter): Predicate {
  const predicate = compileUnnegated(filter)
  return filter.negated ? negate(predicate) : predicate
}

/** Every filter must hold (a repeated parameter is a range: both bounds apply). */
export function compileFilters(filters: readonly Filter[]): (row: Row) => boolean {
  const all = compileLogic('and', filters.map(compileFilter))
  return (row) => all(row) === true
}

/**
 * Sorts stably by the terms. Keys are computed once per row (not per comparison) so a sort of
 * thousands of rows parses each timestamp once.
 */
export function sortRows(rows: readonly Row[], terms: readonly OrderTerm[]): Row[] {
  const getters = terms.map((term) => compileGetter(term.ref))
  const keyed = rows.map((row) => ({ row, keys: getters.map((get) => sortKey(get(row))) }))
  const compareKeys = (a: readonly SortKey[], b: readonly SortKey[]): number => {
    for (const [i, term] of terms.entries()) {
      const ka = a[i]
      const kb = b[i]
      if (!ka || !kb) continue
      const aNull = ka.value === null
      const bNull = kb.value === null
      if (aNull || bNull) {
        if (aNull === bNull) continue
        return aNull === term.nullsFirst ? -1 : 1
      }
      const order = compareSortKeys(ka, kb)
      if (order !== 0) return term.descending ? -order : order
    }
    return 0
  }
  keyed.sort((a, b) => compareKeys(a.keys, b.keys))
  return keyed.map((k) => k.row)
}
