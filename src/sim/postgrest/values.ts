/**
 * Typed comparison, standing in for PostgreSQL's column types. A row value's JavaScript type plays
 * the column's type: a number column compares numerically (a non-numeric filter value is a 22P02,
 * as in PostgreSQL), a boolean column as a boolean, a text column as text (code-unit order, like
 * the "C" collation) except that two ISO 8601 dates/timestamps compare as instants, so
 * `2024-05-01T10:00:00Z` equals `2024-05-01T10:00:00+00:00` and a bare date means UTC midnight.
 * Null (or a missing key) compares as SQL NULL: unknown, neither true nor false.
 */
import { invalidInput, noSuchOperator } from './errors'

/** A filter value, read once in every form a row value might need. */
export interface Literal {
  readonly text: string
  readonly number: number | undefined
  readonly boolean: boolean | undefined
  readonly instant: number | undefined
}

const NUMBER = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/
const BOOLEAN = /^\s*(t|true|f|false)\s*$/i
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i

/**
 * Parsed instants by text. The simulator's world holds a bounded set of timestamps queried over
 * and over, and parsing (regex + Date.parse) dominated range queries; the cap keeps it bounded.
 */
const instantCache = new Map<string, number | undefined>()
const INSTANT_CACHE_LIMIT = 100_000

/** Epoch milliseconds of an ISO 8601 date or timestamp; a missing offset means UTC. */
function isoInstant(text: string): number | undefined {
  if (instantCache.has(text)) return instantCache.get(text)
  if (instantCache.size >= INSTANT_CACHE_LIMIT) instantCache.clear()
  const instant = parseIsoInstant(text)
  instantCache.set(text, instant)
  return instant
}

function parseIsoInstant(text: string): number | undefined {
  const match = ISO_DATE_TIME.exec(text)
  if (!match) return undefined
  const [, date, time = '00:00', zone = 'Z'] = match
  const offset = /^[+-]\d{2}$/.test(zone) ? `${zone}:00` : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')
  const instant = Date.parse(`${date}T${time}${offset.toUpperCase()}`)
  return Number.isNaN(instant) ? undefined : instant
}

export function literal(text: string): Literal {
  const bool = BOOLEAN.exec(text)?.[1]?.toLowerCase()
  return {
    text,
    number: NUMBER.test(text) ? Number(text) : undefined,
    boolean: bool === undefined ? undefined : bool.startsWith('t'),
    instant: isoInstant(text),
  }
}

function sign(a: number | string, b: number | string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** PostgreSQL's name for the type a row value stands for, for error messages. */
function typeName(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'numeric'
  if (typeof value === 'boolean') return 'boolean'
  if (typeof value === 'string') return 'text'
  return 'jsonb'
}

/** <0, 0, >0 as the row value is below, equal to or above the literal; null when the value is NULL. */
export function compareToLiteral(value: unknown, lit: Literal): number | null {
  if (value === null || value === undefined) return null
  switch (typeof value) {
    case 'number':
      if (lit.number === undefined) throw invalidInput(typeName(value), lit.text)
      return sign(value, lit.number)
    case 'boolean':
      if (lit.boolean === undefined) throw invalidInput('boolean', lit.text)
      return sign(Number(value), Number(lit.boolean))
    case 'string': {
      const instant = lit.instant === undefined ? undefined : isoInstant(value)
      return instant === undefined || lit.instant === undefined ? sign(value, lit.text) : sign(instant, lit.instant)
    }
    default:
      // Objects and arrays (jsonb): compared by their JSON text.
      return sign(JSON.stringify(value), lit.text)
  }
}

/** A row value prepared once for sorting, so a sort does not re-parse timestamps per comparison. */
export interface SortKey {
  readonly value: unknown
  readonly instant: number | undefined
}

export function sortKey(value: unknown): SortKey {
  return { value: value ?? null, instant: typeof value === 'string' ? isoInstant(value) : undefined }
}

/** Values of different types (a mixed column) order by type, so the order is total and stable. */
const TYPE_RANK: Readonly<Record<string, number>> = { boolean: 0, number: 1, string: 2, object: 3 }

/** Orders two non-null sort keys. */
export function compareSortKeys(a: SortKey, b: SortKey): number {
  if (a.instant !== undefined && b.instant !== undefined) return sign(a.instant, b.instant)
  const ta = typeof a.value
  const tb = typeof b.value
  if (ta !== tb) return sign(TYPE_RANK[ta] ?? 4, TYPE_RANK[tb] ?? 4)
  if (ta === 'number' || ta === 'string') return sign(a.value as number | string, b.value as number | string)
  if (ta === 'boolean') return sign(Number(a.value), Number(b.value))
  return sign(JSON.stringify(a.value), JSON.stringify(b.value))
}

/**
 * A LIKE pattern as a RegExp: `*` and `%` match any run of characters, `_` exactly one, `\x` a
 * literal x; the whole value must match. `caseInsensitive` gives ILIKE.
 */
export function likeMatcher(pattern: string, caseInsensitive: boolean): (value: unknown) => boolean | null {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? ''
    if (c === '*' || c === '%') source += '.*'
    else if (c === '_') source += '.'
    else if (c === '\\' && i + 1 < pattern.length) source += escapeRegExp(pattern[++i] ?? '')
    else source += escapeRegExp(c)
  }
  const regExp = new RegExp(`^${source}$`, caseInsensitive ? 'isu' : 'su')
  const symbol = caseInsensitive ? '~~*' : '~~'
  return (value) => {
    if (value === null || value === undefined) return null
    if (typeof value !== 'string') throw noSuchOperator(symbol, typeName(value))
    return regExp.test(value)
  }
}

function escapeRegExp(char: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(char) ? `\\${char}` : char
}
