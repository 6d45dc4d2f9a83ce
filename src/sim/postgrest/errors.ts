/**
 * The 400 answers of the query engine, shaped like PostgREST's error body
 * (`{code, message, details, hint}`, field-notes.md) with the codes a real server would use, so a
 * client tested against the simulator handles the same bodies it will meet in production.
 */
export interface PostgrestErrorBody {
  code: string
  message: string
  details: string | null
  hint: string | null
}

export class QueryError extends Error {
  override readonly name = 'QueryError'
  constructor(readonly body: PostgrestErrorBody) {
    super(body.message)
  }
}

/** What part of the query failed to parse, as it appears in the message. */
export type ParsedPart =
  'filter' | 'logic tree' | 'select parameter' | 'order parameter' | 'limit parameter' | 'offset parameter'

/** PGRST100: the request's grammar is wrong. The message names the parameter; details say why. */
export function parseError(part: ParsedPart, key: string, value: string, reason: string): QueryError {
  return new QueryError({
    code: 'PGRST100',
    message: `failed to parse ${part} (${key}=${value})`,
    details: reason,
    hint: null,
  })
}

/** 42703, PostgreSQL's undefined_column, with PostgreSQL's wording. */
export function unknownColumn(column: string, table: string | undefined): QueryError {
  const qualified = table === undefined ? column : `${table}.${column}`
  return new QueryError({ code: '42703', message: `column ${qualified} does not exist`, details: null, hint: null })
}

/** 22P02: a filter value that cannot be read as the column's type (`id=eq.abc`). */
export function invalidInput(type: string, text: string): QueryError {
  return new QueryError({
    code: '22P02',
    message: `invalid input syntax for type ${type}: ${JSON.stringify(text)}`,
    details: null,
    hint: null,
  })
}

/** 42883: an operator applied to a type it does not exist for (`id=like.*1*` on a number). */
export function noSuchOperator(symbol: string, type: string): QueryError {
  return new QueryError({
    code: '42883',
    message: `operator does not exist: ${type} ${symbol} unknown`,
    details: null,
    hint: 'No operator matches the given name and argument types. You might need to add explicit type casts.',
  })
}
