/**
 * Parses the query parameters of one data-service request into a query description, once, before
 * any row is looked at. Grammar (PostgREST's, as field-notes.md and data-service.md describe it):
 *
 *   <col>=[not.]<op>.<value>          top-level value taken verbatim (no unquoting)
 *   <col>=[not.]in.(<v>,"q,uoted")    list values may be double-quoted, `\` escapes inside quotes
 *   [not.]or=(<item>,…)  [not.]and=(…) item: <col>.[not.]<op>.<v> | [not.]or(…) | [not.]and(…)
 *   select=<col>,<alias>:<col>,*      order=<col>[.asc|.desc][.nullsfirst|.nullslast],…
 *   limit=<n> offset=<n>              non-negative integers
 *
 * A column may carry a JSON path: `home_team_score->current`, `->>` (as text) as the last step.
 */
import {
  COLUMN_REFERENCE,
  IS_VALUES,
  NEGATION_PREFIX,
  QUERY_PARAMETERS,
  SERVICE_PARAMETERS,
  isFilterOperator,
  isLogicOperator,
  type ComparisonOperator,
  type IsValue,
  type LogicOperator,
  type PatternOperator,
  type QueryParameter,
} from '../../shared/postgrest/grammar'
import { parseError, type ParsedPart } from './errors'

export interface ColumnRef {
  readonly column: string
  /** JSON keys (or array indexes) walked from the column's value. */
  readonly path: readonly string[]
  /** `->>` as the last step: the value is read as text. */
  readonly asText: boolean
}

export type Filter =
  | {
      readonly kind: 'compare'
      readonly ref: ColumnRef
      readonly operator: ComparisonOperator | PatternOperator
      readonly value: string
      readonly negated: boolean
    }
  | { readonly kind: 'in'; readonly ref: ColumnRef; readonly values: readonly string[]; readonly negated: boolean }
  | { readonly kind: 'is'; readonly ref: ColumnRef; readonly value: IsValue; readonly negated: boolean }
  | {
      readonly kind: 'logic'
      readonly operator: LogicOperator
      readonly filters: readonly Filter[]
      readonly negated: boolean
    }

export type SelectItem =
  { readonly kind: 'all' } | { readonly kind: 'column'; readonly ref: ColumnRef; readonly key: string }

export interface OrderTerm {
  readonly ref: ColumnRef
  readonly descending: boolean
  readonly nullsFirst: boolean
}

export interface ParsedQuery {
  readonly filters: readonly Filter[]
  readonly select: readonly SelectItem[] | undefined
  readonly order: readonly OrderTerm[]
  readonly limit: number | undefined
  readonly offset: number | undefined
}

/** A grammar fault inside one parameter; parseQuery turns it into a PGRST100 naming that parameter. */
class Fault extends Error {}

function parseColumnRef(text: string): ColumnRef {
  if (!COLUMN_REFERENCE.test(text)) throw new Fault(`${JSON.stringify(text)} is not a column reference`)
  const [column = '', ...steps] = text.split('->')
  const last = steps.at(-1)
  const asText = last?.startsWith('>') ?? false
  const path = steps.map((step) => (step.startsWith('>') ? step.slice(1) : step))
  return { column, path, asText }
}

/** A left-to-right reader over one parameter value, for lists and logic trees. */
class Cursor {
  pos = 0
  constructor(readonly text: string) {}

  get atEnd(): boolean {
    return this.pos >= this.text.length
  }
  peek(): string | undefined {
    return this.text[this.pos]
  }
  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++
  }
  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.pos)
  }
  expect(char: string): void {
    if (this.peek() !== char) {
      const found = this.atEnd ? 'end of input' : JSON.stringify(this.peek())
      throw new Fault(`expected ${JSON.stringify(char)} at position ${this.pos + 1}, found ${found}`)
    }
    this.pos++
  }
  /** Text up to (not including) the first of `stops`, or to the end. */
  readUntil(stops: string): string {
    const start = this.pos
    while (!this.atEnd && !stops.includes(this.peek() ?? '')) this.pos++
    return this.text.slice(start, this.pos)
  }
  /** Everything left. */
  readRest(): string {
    const rest = this.text.slice(this.pos)
    this.pos = this.text.length
    return rest
  }
  /** A double-quoted value; `\x` stands for x. */
  readQuoted(): string {
    this.expect('"')
    let out = ''
    for (;;) {
      const c = this.peek()
      if (c === undefined) throw new Fault('unterminated quoted value')
      this.pos++
      if (c === '"') return out
      if (c === '\\') {
        const escaped = this.peek()
        if (escaped === undefined) throw new Fault('unterminated quoted value')
        out += escaped
        this.pos++
      } else {
        out += c
      }
    }
  }
  /** One value of a list or tree: quoted, or raw up to the next `,` or `)`. */
  readValue(): string {
    if (this.peek() !== '"') return this.readUntil(',)')
    const value = this.readQuoted()
    if (!this.atEnd && this.peek() !== ',' && this.peek() !== ')') {
      throw new Fault(`unexpected ${JSON.stringify(this.peek())} after a quoted value at position ${this.pos + 1}`)
    }
    return value
  }
  /** `(item,item,…)`; whitespace around the punctuation is skipped, as PostgREST does in trees. */
  readList<T>(readItem: (cursor: Cursor) => T, allowEmpty: boolean): T[] {
    this.expect('(')
    this.skipSpaces()
    const items: T[] = []
    if (this.peek() === ')') {
      if (!allowEmpty) throw new Fault('empty list: give at least one condition')
      this.pos++
      return items
    }
    for (;;) {
      this.skipSpaces()
      items.push(readItem(this))
      this.skipSpaces()
      if (this.peek() === ',') {
        this.pos++
        continue
      }
      if (this.peek() === ')') {
        this.pos++
        return items
      }
      throw new Fault(
        this.atEnd
          ? 'unbalanced parentheses: missing ")"'
          : `unexpected ${JSON.stringify(this.peek())} at position ${this.pos + 1}`,
      )
    }
  }
  finish(): void {
    if (!this.atEnd) throw new Fault(`unexpected ${JSON.stringify(this.text.slice(this.pos))} after the closing ")"`)
  }
}

function readNegation(cursor: Cursor): boolean {
  if (!cursor.startsWith(NEGATION_PREFIX)) return false
  cursor.pos += NEGATION_PREFIX.length
  return true
}

/** `[not.]<op>.<operand>` where the operand is read by `readOperand` (verbatim or tree value). */
function readOperation(cursor: Cursor, ref: ColumnRef, readOperand: (cursor: Cursor) => string): Filter {
  const negated = readNegation(cursor)
  const operator = cursor.readUntil('.')
  if (cursor.atEnd) throw new Fault(`expected "<operator>.<value>", found ${JSON.stringify(operator)}`)
  if (!isFilterOperator(operator)) throw new Fault(`unknown operator ${JSON.stringify(operator)}`)
  cursor.pos++ // the '.' after the operator
  if (operator === 'in') {
    return { kind: 'in', ref, values: cursor.readList((c) => c.readValue(), true), negated }
  }
  const operand = readOperand(cursor)
  if (operator === 'is') {
    const value = operand.toLowerCase()
    if (!(IS_VALUES as readonly string[]).includes(value)) {
      throw new Fault(`"is" takes one of ${IS_VALUES.join(', ')}, not ${JSON.stringify(operand)}`)
    }
    return { kind: 'is', ref, value: value as IsValue, negated }
  }
  return { kind: 'compare', ref, operator, value: operand, negated }
}

/** One element of a logic tree: a nested `[not.]or(…)`/`[not.]and(…)`, or `<col>.<operation>`. */
function readTreeItem(cursor: Cursor): Filter {
  const nested = /^(not\.)?(or|and)\(/.exec(cursor.text.slice(cursor.pos))
  if (nested) {
    cursor.pos += nested[0].length - 1 // leave the '(' for readList
    return readLogic(cursor, nested[2] as LogicOperator, nested[1] !== undefined)
  }
  const ref = parseColumnRef(cursor.readUntil('.,()'))
  cursor.expect('.')
  return readOperation(cursor, ref, (c) => c.readValue())
}

function readLogic(cursor: Cursor, operator: LogicOperator, negated: boolean): Filter {
  return { kind: 'logic', operator, filters: cursor.readList(readTreeItem, false), negated }
}

function parseFilterParameter(key: string, value: string): Filter {
  const logic = /^(not\.)?(.*)$/.exec(key)
  const logicOperator = logic?.[2] ?? ''
  if (isLogicOperator(logicOperator)) {
    const cursor = new Cursor(value)
    const filter = readLogic(cursor, logicOperator, logic?.[1] !== undefined)
    cursor.finish()
    return filter
  }
  const ref = parseColumnRef(key)
  const cursor = new Cursor(value)
  // At the top level PostgREST takes everything after `<op>.` verbatim: no quoting needed there.
  const filter = readOperation(cursor, ref, (c) => c.readRest())
  cursor.finish()
  return filter
}

function parseSelect(value: string): SelectItem[] {
  return value.split(',').map((item): SelectItem => {
    if (item === '*') return { kind: 'all' }
    if (item.includes('(')) throw new Fault(`embedded resources are not supported: ${JSON.stringify(item)}`)
    const aliased = /^([A-Za-z_][A-Za-z0-9_]*):(?!:)(.*)$/.exec(item)
    const ref = parseColumnRef(aliased?.[2] ?? item)
    // PostgREST names a JSON path result after its last key.
    const key = aliased?.[1] ?? ref.path.at(-1) ?? ref.column
    return { kind: 'column', ref, key }
  })
}

function parseOrder(value: string): OrderTerm[] {
  return value.split(',').map((term) => {
    const [column = '', ...modifiers] = term.split('.')
    const ref = parseColumnRef(column)
    let next = 0
    const direction = modifiers[next] === 'asc' || modifiers[next] === 'desc' ? modifiers[next++] : undefined
    const nulls = modifiers[next] === 'nullsfirst' || modifiers[next] === 'nullslast' ? modifiers[next++] : undefined
    const unknown = modifiers[next]
    if (unknown !== undefined) {
      throw new Fault(
        `unknown order modifier ${JSON.stringify(unknown)} in ${JSON.stringify(term)} (asc|desc, then nullsfirst|nullslast)`,
      )
    }
    const descending = direction === 'desc'
    // PostgreSQL's default: NULLS LAST for ascending, NULLS FIRST for descending.
    return { ref, descending, nullsFirst: nulls === undefined ? descending : nulls === 'nullsfirst' }
  })
}

function parseCount(value: string): number {
  if (!/^\d+$/.test(value)) throw new Fault(`expected a non-negative integer, found ${JSON.stringify(value)}`)
  return Number(value)
}

const IGNORED_PARAMETERS: ReadonlySet<string> = new Set(SERVICE_PARAMETERS)

function isQueryParameter(key: string): key is QueryParameter {
  return (QUERY_PARAMETERS as readonly string[]).includes(key)
}

function partOf(key: string): ParsedPart {
  if (isQueryParameter(key)) return `${key} parameter`
  return isLogicOperator(key.replace(/^not\./, '')) ? 'logic tree' : 'filter'
}

/** Runs one parameter's parse, turning a grammar fault into a PGRST100 that names the parameter. */
function withinParameter<T>(key: string, value: string, parse: () => T): T {
  try {
    return parse()
  } catch (error) {
    if (error instanceof Fault) throw parseError(partOf(key), key, value, error.message)
    throw error
  }
}

/** Throws QueryError (PGRST100) naming the first parameter that does not parse. */
export function parseQuery(params: URLSearchParams): ParsedQuery {
  const filters: Filter[] = []
  const single = new Map<QueryParameter, string>()
  for (const [key, value] of params) {
    if (IGNORED_PARAMETERS.has(key)) continue
    if (!isQueryParameter(key)) {
      filters.push(withinParameter(key, value, () => parseFilterParameter(key, value)))
    } else if (single.has(key)) {
      // A repeated select/order/limit/offset is ambiguous; saying so beats silently picking one.
      throw parseError(partOf(key), key, value, `"${key}" given more than once`)
    } else {
      single.set(key, value)
    }
  }
  const read = <T>(key: QueryParameter, parse: (value: string) => T): T | undefined => {
    const value = single.get(key)
    return value === undefined ? undefined : withinParameter(key, value, () => parse(value))
  }
  return {
    filters,
    select: read('select', parseSelect),
    order: read('order', parseOrder) ?? [],
    limit: read('limit', parseCount),
    offset: read('offset', parseCount),
  }
}
