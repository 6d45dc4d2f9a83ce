/**
 * Immutable builder for data-service queries in PostgREST's grammar (see grammar.ts). Callers say
 * what they want (`pg().eq('id', 7).order('start_time', 'desc')`) and never concatenate query
 * text: quoting of reserved characters inside `in.(…)` lists and `or`/`and` trees is done here,
 * once. Bad input (an unusable column name, NaN, a negative limit, an empty `or`) throws a
 * PgQueryError at build time rather than producing a query the server would refuse.
 *
 * No node or DOM imports: this runs in main, preload, renderer and the simulator's tests.
 */
import {
  COLUMN_REFERENCE,
  NEGATION_PREFIX,
  quoteListValue,
  type ComparisonOperator,
  type IsValue,
  type LogicOperator,
  type PatternOperator,
} from './grammar'

export class PgQueryError extends Error {
  override readonly name = 'PgQueryError'
}

/** What a filter may compare against. Dates are sent as ISO 8601 UTC timestamps. */
export type FilterValue = string | number | boolean | Date

export type Condition =
  | {
      readonly kind: 'filter'
      readonly column: string
      readonly operator: ComparisonOperator | PatternOperator | 'is'
      readonly value: string
      readonly negated: boolean
    }
  | { readonly kind: 'in'; readonly column: string; readonly values: readonly string[]; readonly negated: boolean }
  | {
      readonly kind: 'logic'
      readonly operator: LogicOperator
      readonly conditions: readonly Condition[]
      readonly negated: boolean
    }

/** The filter vocabulary; R is what a call produces (a Condition, or a new PgQuery). */
export interface FilterMethods<R> {
  eq(column: string, value: FilterValue): R
  neq(column: string, value: FilterValue): R
  gt(column: string, value: FilterValue): R
  gte(column: string, value: FilterValue): R
  lt(column: string, value: FilterValue): R
  lte(column: string, value: FilterValue): R
  /** `*` matches any run of characters (PostgreSQL's `%` and `_` keep their meaning too). */
  like(column: string, pattern: string): R
  ilike(column: string, pattern: string): R
  in(column: string, values: readonly FilterValue[]): R
  isNull(column: string): R
  is(column: string, value: IsValue): R
  or(...conditions: Condition[]): R
  and(...conditions: Condition[]): R
}

function checkColumn(column: string): string {
  if (!COLUMN_REFERENCE.test(column)) {
    throw new PgQueryError(`not a usable column reference: ${JSON.stringify(column)}`)
  }
  return column
}

function valueText(value: FilterValue): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new PgQueryError('invalid Date in a filter')
    return value.toISOString()
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new PgQueryError(`a filter value must be a finite number, got ${value}`)
  }
  return String(value)
}

function makeFilterMethods<R>(negated: boolean, emit: (condition: Condition) => R): FilterMethods<R> {
  const compare =
    (operator: ComparisonOperator) =>
    (column: string, value: FilterValue): R =>
      emit({ kind: 'filter', column: checkColumn(column), operator, value: valueText(value), negated })
  const pattern =
    (operator: PatternOperator) =>
    (column: string, text: string): R =>
      emit({ kind: 'filter', column: checkColumn(column), operator, value: text, negated })
  const is = (column: string, value: IsValue): R =>
    emit({ kind: 'filter', column: checkColumn(column), operator: 'is', value, negated })
  const logic =
    (operator: LogicOperator) =>
    (...conditions: Condition[]): R => {
      // PostgREST refuses `or=()`; an empty alternative list is a caller bug, not "match all".
      if (conditions.length === 0) throw new PgQueryError(`${operator}() needs at least one condition`)
      return emit({ kind: 'logic', operator, conditions, negated })
    }
  return {
    eq: compare('eq'),
    neq: compare('neq'),
    gt: compare('gt'),
    gte: compare('gte'),
    lt: compare('lt'),
    lte: compare('lte'),
    like: pattern('like'),
    ilike: pattern('ilike'),
    in: (column, values) => emit({ kind: 'in', column: checkColumn(column), values: values.map(valueText), negated }),
    isNull: (column) => is(column, 'null'),
    is,
    or: logic('or'),
    and: logic('and'),
  }
}

/** Builds conditions for `or`/`and`: `pg().or(cond.eq('a', 1), cond.not.and(cond.gt('b', 2), …))`. */
export const cond: FilterMethods<Condition> & { readonly not: FilterMethods<Condition> } = {
  ...makeFilterMethods(false, (c) => c),
  not: makeFilterMethods(true, (c) => c),
}

const prefix = (negated: boolean): string => (negated ? NEGATION_PREFIX : '')

function listText(values: readonly string[]): string {
  return `(${values.map(quoteListValue).join(',')})`
}

/** A condition as one element of an `or`/`and` tree: `col.not.eq."a, b"` or `and(…)`. */
function treeText(condition: Condition): string {
  switch (condition.kind) {
    case 'logic':
      return `${prefix(condition.negated)}${condition.operator}${listOfConditions(condition.conditions)}`
    case 'in':
      return `${condition.column}.${prefix(condition.negated)}in.${listText(condition.values)}`
    case 'filter':
      return `${condition.column}.${prefix(condition.negated)}${condition.operator}.${quoteListValue(condition.value)}`
  }
}

function listOfConditions(conditions: readonly Condition[]): string {
  return `(${conditions.map(treeText).join(',')})`
}

/** A condition as a query parameter. A top-level value is taken verbatim by PostgREST: no quoting. */
function parameter(condition: Condition): [key: string, value: string] {
  switch (condition.kind) {
    case 'logic':
      return [`${prefix(condition.negated)}${condition.operator}`, listOfConditions(condition.conditions)]
    case 'in':
      return [condition.column, `${prefix(condition.negated)}in.${listText(condition.values)}`]
    case 'filter':
      return [condition.column, `${prefix(condition.negated)}${condition.operator}.${condition.value}`]
  }
}

export type SortDirection = 'asc' | 'desc'
export type NullsPlacement = 'first' | 'last'

interface OrderTerm {
  readonly column: string
  readonly direction: SortDirection | undefined
  readonly nulls: NullsPlacement | undefined
}

interface QueryState {
  readonly conditions: readonly Condition[]
  readonly select: readonly string[] | undefined
  readonly order: readonly OrderTerm[]
  readonly limit: number | undefined
  readonly offset: number | undefined
  readonly lang: string | undefined
}

function checkCount(name: string, n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new PgQueryError(`${name} must be a non-negative integer, got ${n}`)
  return n
}

export class PgQuery implements FilterMethods<PgQuery> {
  readonly #state: QueryState

  /** Use pg(). */
  private constructor(state: QueryState) {
    this.#state = state
  }

  static empty(): PgQuery {
    return new PgQuery({
      conditions: [],
      select: undefined,
      order: [],
      limit: undefined,
      offset: undefined,
      lang: undefined,
    })
  }

  #with(change: Partial<QueryState>): PgQuery {
    return new PgQuery({ ...this.#state, ...change })
  }

  /** Adds conditions that must all hold (repeat a column for a range: gte then lt). */
  where(...conditions: Condition[]): PgQuery {
    return this.#with({ conditions: [...this.#state.conditions, ...conditions] })
  }

  eq(column: string, value: FilterValue): PgQuery {
    return this.where(cond.eq(column, value))
  }
  neq(column: string, value: FilterValue): PgQuery {
    return this.where(cond.neq(column, value))
  }
  gt(column: string, value: FilterValue): PgQuery {
    return this.where(cond.gt(column, value))
  }
  gte(column: string, value: FilterValue): PgQuery {
    return this.where(cond.gte(column, value))
  }
  lt(column: string, value: FilterValue): PgQuery {
    return this.where(cond.lt(column, value))
  }
  lte(column: string, value: FilterValue): PgQuery {
    return this.where(cond.lte(column, value))
  }
  like(column: string, pattern: string): PgQuery {
    return this.where(cond.like(column, pattern))
  }
  ilike(column: string, pattern: string): PgQuery {
    return this.where(cond.ilike(column, pattern))
  }
  in(column: string, values: readonly FilterValue[]): PgQuery {
    return this.where(cond.in(column, values))
  }
  isNull(column: string): PgQuery {
    return this.where(cond.isNull(column))
  }
  is(column: string, value: IsValue): PgQuery {
    return this.where(cond.is(column, value))
  }
  or(...conditions: Condition[]): PgQuery {
    return this.where(cond.or(...conditions))
  }
  and(...conditions: Condition[]): PgQuery {
    return this.where(cond.and(...conditions))
  }

  /** The negated vocabulary: `pg().not.eq('id', 1)` → `id=not.eq.1`; `pg().not.or(…)` → `not.or=(…)`. */
  get not(): FilterMethods<PgQuery> {
    return makeFilterMethods(true, (c) => this.where(c))
  }

  /** Replaces the returned columns (JSON paths allowed: `home_team_score->current`). */
  select(columns: readonly string[]): PgQuery {
    if (columns.length === 0) throw new PgQueryError('select needs at least one column')
    return this.#with({ select: columns.map((c) => (c === '*' ? c : checkColumn(c))) })
  }

  /** Appends a sort key; without `nulls`, the server's default applies (last for asc, first for desc). */
  order(column: string, direction?: SortDirection, nulls?: NullsPlacement): PgQuery {
    const term: OrderTerm = { column: checkColumn(column), direction, nulls }
    return this.#with({ order: [...this.#state.order, term] })
  }

  limit(n: number): PgQuery {
    return this.#with({ limit: checkCount('limit', n) })
  }

  offset(n: number): PgQuery {
    return this.#with({ offset: checkCount('offset', n) })
  }

  lang(code: string): PgQuery {
    if (code === '') throw new PgQueryError('lang must not be empty')
    return this.#with({ lang: code })
  }

  /** Filters in call order, then select, order, limit, offset, lang: stable text for cache keys. */
  toSearchParams(): URLSearchParams {
    const { conditions, select, order, limit, offset, lang } = this.#state
    const params = new URLSearchParams()
    for (const condition of conditions) params.append(...parameter(condition))
    if (select) params.set('select', select.join(','))
    if (order.length > 0) {
      const terms = order.map((t) => [t.column, t.direction, t.nulls && `nulls${t.nulls}`].filter(Boolean).join('.'))
      params.set('order', terms.join(','))
    }
    if (limit !== undefined) params.set('limit', String(limit))
    if (offset !== undefined) params.set('offset', String(offset))
    if (lang !== undefined) params.set('lang', lang)
    return params
  }

  /** The query string without `?`. Spaces as `%20`, not `+`, so every server reads them alike. */
  toString(): string {
    return this.toSearchParams().toString().replace(/\+/g, '%20')
  }
}

export function pg(): PgQuery {
  return PgQuery.empty()
}
