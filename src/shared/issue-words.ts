/**
 * Validation problems in a trader's words, in one place: zod's own messages ("Invalid input:
 * expected int, received number", "Too small: expected number to be >=8") are for developers.
 * `issueInWords` is a zod error map, passed to every parse whose messages reach a screen (the bridge
 * router's input check, the forms' `validate`): a message a schema words itself (`.min(1, '…')`)
 * still wins over it. Each sentence is the part after the field's name: "must be at least 8".
 * `issueAt` and `firstIssue` put the field's name in front, for a refusal note or a log line.
 */
import type { z } from 'zod'

type Issue = Parameters<z.core.$ZodErrorMap>[0]

const TYPE_WORDS: Record<string, string> = {
  int: 'must be a whole number',
  number: 'must be a number',
  string: 'must be text',
  boolean: 'must be yes or no',
  array: 'must be a list',
  object: 'is missing or not readable',
}

const FORMAT_WORDS: Record<string, string> = {
  url: 'must be a web address (URL)',
  email: 'must be an email address',
  regex: 'is not in the right form',
}

function bound(value: number | bigint, inclusive: boolean | undefined, atLeast: boolean): string {
  if (inclusive === false) return `must be ${atLeast ? 'more' : 'less'} than ${value}`
  return `must be at ${atLeast ? 'least' : 'most'} ${value}`
}

function sizeWords(issue: Issue & { origin: string }, count: number | bigint, atLeast: boolean): string | undefined {
  if (issue.origin === 'string') {
    if (atLeast && Number(count) === 1) return 'must not be empty'
    return `must be at ${atLeast ? 'least' : 'most'} ${count} characters`
  }
  if (issue.origin === 'array' || issue.origin === 'set') return `must have at ${atLeast ? 'least' : 'most'} ${count}`
  return undefined
}

export const issueInWords: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required'
      return TYPE_WORDS[issue.expected] ?? `must be a ${issue.expected}`
    case 'too_small':
      return sizeWords(issue, issue.minimum, true) ?? bound(issue.minimum, issue.inclusive, true)
    case 'too_big':
      return sizeWords(issue, issue.maximum, false) ?? bound(issue.maximum, issue.inclusive, false)
    case 'invalid_format':
      return FORMAT_WORDS[issue.format] ?? 'is not in the right form'
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`
    case 'unrecognized_keys':
      return `has fields this app does not know: ${issue.keys.join(', ')}`
    default:
      return 'is not valid'
  }
}

/** One issue with the field it is about: `stake: must be a number` (the message alone at the root). */
export function issueAt(issue: z.core.$ZodIssue): string {
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message
}

/** The first issue of a refused parse, with its field ('invalid' when zod names none). */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  return issue ? issueAt(issue) : 'invalid'
}
