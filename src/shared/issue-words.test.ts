import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { issueInWords } from './issue-words'

const wordsFor = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input, { error: issueInWords })
  return result.success ? null : result.error.issues.map((issue) => issue.message)
}

describe('issueInWords', () => {
  it("words zod's developer messages as sentences a trader reads after a field's name", () => {
    expect(wordsFor(z.number().int(), 8.5)).toEqual(['must be a whole number'])
    expect(wordsFor(z.number(), 'eight')).toEqual(['must be a number'])
    expect(wordsFor(z.object({ a: z.string() }), {})).toEqual(['is required'])
    expect(wordsFor(z.number().min(8), 7)).toEqual(['must be at least 8'])
    expect(wordsFor(z.number().max(3650), 4000)).toEqual(['must be at most 3650'])
    expect(wordsFor(z.number().gt(1), 1)).toEqual(['must be more than 1'])
    expect(wordsFor(z.number().lt(10), 10)).toEqual(['must be less than 10'])
    expect(wordsFor(z.string().min(1), '')).toEqual(['must not be empty'])
    expect(wordsFor(z.string().max(3), 'abcd')).toEqual(['must be at most 3 characters'])
    expect(wordsFor(z.array(z.number()).min(2), [1])).toEqual(['must have at least 2'])
    expect(wordsFor(z.url(), 'not a url')).toEqual(['must be a web address (URL)'])
    expect(wordsFor(z.enum(['dark', 'light']), 'pink')).toEqual(['must be one of: dark, light'])
    expect(wordsFor(z.number().multipleOf(5), 7)).toEqual(['must be a multiple of 5'])
    expect(wordsFor(z.object({}).strict(), { extra: 1 })).toEqual(['has fields this app does not know: extra'])
  })

  it('keeps a message a schema words itself', () => {
    expect(wordsFor(z.number().min(1, 'must be at least 1 %'), 0)).toEqual(['must be at least 1 %'])
  })

  it("never shows zod's own wording", () => {
    const messages = wordsFor(z.object({ n: z.number().int().min(8), s: z.string().regex(/^x$/) }), { n: 1.5, s: 'y' })
    for (const message of messages ?? []) expect(message).not.toMatch(/Invalid input|Too small|expected|received/)
  })
})
