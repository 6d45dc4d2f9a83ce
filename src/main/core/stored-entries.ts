/**
 * Lists read back from the settings file one entry at a time: an entry that no longer parses (a
 * hand edit, an older or newer app) is refused alone, with where it was and why, so the caller can
 * keep it for the trader; every other entry is kept.
 */
import type { z } from 'zod'
import { firstIssue } from '../../shared/issue-words'

export interface RefusedEntry {
  /** Where it was in the file, e.g. `watchlists.lists[2].matches[0]`. */
  where: string
  /** Why, in words (the schema's first complaint and the field it is about). */
  problem: string
  /** The entry as it was stored. */
  value: unknown
}

/**
 * The entries of `stored` that parse, each handed to `keep` with where it was (a list reads its own
 * entries there), and one refusal for each that does not.
 */
export function keepParsing<S extends z.ZodType, T = z.infer<S>>(
  stored: readonly unknown[],
  schema: S,
  where: string,
  refused: RefusedEntry[],
  keep: (entry: z.infer<S>, where: string) => T = (entry) => entry as T,
): T[] {
  return stored.flatMap((value, index) => {
    const at = `${where}[${index}]`
    const parsed = schema.safeParse(value)
    if (parsed.success) return [keep(parsed.data, at)]
    refused.push({ where: at, problem: firstIssue(parsed.error), value })
    return []
  })
}
