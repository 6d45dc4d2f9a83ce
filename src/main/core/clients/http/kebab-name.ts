import { failWith, type FeedResult } from './result'

/**
 * Sport names and odd types go into URL paths (sports also into host names): lower-case words
 * joined by hyphens (`table-tennis`, `full-time`), nothing else.
 */
const KEBAB_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/

export function isKebabName(text: string): boolean {
  return KEBAB_NAME.test(text)
}

/** A typed refusal for a sport name that is not one, or null when it is fine. */
export function checkSportName(sport: string): FeedResult<never> | null {
  return isKebabName(sport) ? null : failWith('bad_request', `"${sport}" is not a sport name`)
}
