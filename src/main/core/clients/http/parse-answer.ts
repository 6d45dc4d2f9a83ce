/**
 * Validation of answers with the shared schemas. A list is parsed tolerantly: every record is validated on its own, a bad one is counted
 * and skipped (with the route and the first problem, for the log and the health model), and the
 * good ones are kept. Only an answer that is not a list at all fails as a whole; a single-record
 * answer that does not parse is refused whole and reported the same way.
 *
 * Every parsed answer reports its outcome (`AnswerOutcome`), read or not, under its route family
 * (`bookmaker/{sport}/{matchId}`, `/matches`: no ids, so a route's answers add up): the core counts
 * the refused records as faults and judges per route whether its answers are understood
 * (route-understanding.ts).
 */
import type { z } from 'zod'
import { failWith, succeed, type FeedResult } from './result'

/** What one answer of a route held: records read and refused (a whole answer refused is `read 0, refused 1, whole`). */
export interface AnswerOutcome {
  /** The route family, without ids: `bookmaker/{sport}/{matchId}/verify`, `/matches`. */
  route: string
  read: number
  refused: number
  /** The answer itself was refused (not JSON, not a list, a single record of the wrong shape). */
  whole: boolean
  /** The first problem, in words; null when nothing was refused. */
  firstRefusal: string | null
}

/** A whole answer refused: one refusal under its route family. */
export function refusedAnswer(route: string, reason: string): AnswerOutcome {
  return { route, read: 0, refused: 1, whole: true, firstRefusal: reason }
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
  onOutcome?: (outcome: AnswerOutcome) => void,
): FeedResult<ParsedList<z.output<S>>> {
  if (!Array.isArray(body)) return notAList(route, onOutcome)
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
  onOutcome?.({ route, read: records.length, refused: malformed, whole: false, firstRefusal: example || null })
  return succeed({ records, malformed })
}

/** A list route that answered something else: refused whole, reported, a bad response. */
export function notAList(route: string, onOutcome?: (outcome: AnswerOutcome) => void): FeedResult<never> {
  onOutcome?.(refusedAnswer(route, 'not a list'))
  return failWith('bad_response', `${route} answered something other than a list`)
}

/** A single-record answer (match prices, verify, bookmaker): it parses whole or is a bad response. */
export function parseOne<S extends z.ZodType>(
  schema: S,
  body: unknown,
  route: string,
  onOutcome?: (outcome: AnswerOutcome) => void,
): FeedResult<z.output<S>> {
  const parsed = schema.safeParse(body)
  if (parsed.success) {
    onOutcome?.({ route, read: 1, refused: 0, whole: false, firstRefusal: null })
    return succeed(parsed.data)
  }
  const issue = parsed.error.issues[0]
  const field = issue?.path.length ? ` (field ${issue.path.join('.')})` : ''
  onOutcome?.(refusedAnswer(route, `${issue?.message ?? 'invalid'}${field}`))
  return failWith('bad_response', `${route} answered an unexpected shape${field}`)
}
