/**
 * Validation of answers with the shared schemas. A list is parsed tolerantly: every record is validated on its own, a bad one is counted
 * and skipped (with the route and the first problem, for the log and the health model), and the
 * good ones are kept. Only an answer that is not a list at all fails as a whole; a single-record
 * answer that does not parse is refused whole and reported the same way.
 */
import type { z } from 'zod'
import { failWith, succeed, type FeedResult } from './result'

export interface MalformedRecords {
  route: string
  count: number
  /** The first problem, in words: "record 3 field name: Invalid input: expected string, received undefined". */
  example: string
}

export interface ParsedList<T> {
  records: T[]
  /** Records that failed validation and were skipped (0 when all parsed). */
  malformed: number
}

export function parseList<S extends z.ZodType>(
  schema: S,
  body: unknown,
  route: string,
  onMalformed?: (report: MalformedRecords) => void,
): FeedResult<ParsedList<z.output<S>>> {
  if (!Array.isArray(body)) return failWith('bad_response', `${route} answered something other than a list`)
  const records: z.output<S>[] = []
  let malformed = 0
  let example = ''
  body.forEach((row: unknown, index) => {
    const parsed = schema.safeParse(row)
    if (parsed.success) {
      records.push(parsed.data)
      return
    }
    malformed += 1
    if (!example) {
      const issue = parsed.error.issues[0]
      const field = issue?.path.length ? ` field ${issue.path.join('.')}` : ''
      example = `record ${index}${field}: ${issue?.message ?? 'invalid'}`
    }
  })
  if (malformed > 0) onMalformed?.({ route, count: malformed, example })
  return succeed({ records, malformed })
}

/** A single-record answer (match prices, verify, bookmaker): it parses whole or is a bad response. */
export function parseOne<S extends z.ZodType>(
  schema: S,
  body: unknown,
  route: string,
  onMalformed?: (report: MalformedRecords) => void,
): FeedResult<z.output<S>> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return succeed(parsed.data)
  const issue = parsed.error.issues[0]
  const field = issue?.path.length ? ` (field ${issue.path.join('.')})` : ''
  onMalformed?.({ route, count: 1, example: `${issue?.message ?? 'invalid'}${field}` })
  return failWith('bad_response', `${route} answered an unexpected shape${field}`)
}
