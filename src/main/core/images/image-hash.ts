/**
 * `hash_image` values come from the data service and end up in a file name and a renderer URL,
 * so they must match a strict pattern before anything else: letters, digits, `_` and `-` only.
 * No dots, slashes, backslashes, colons or percent signs means no `..`, no absolute or drive
 * path and nothing that decodes into one.
 */
const IMAGE_HASH = /^[A-Za-z0-9_-]{1,128}$/

export const TEAM_IMAGE_SCHEME = 'team-image'
const PREFIX = `${TEAM_IMAGE_SCHEME}://`

export function isValidImageHash(value: unknown): value is string {
  return typeof value === 'string' && IMAGE_HASH.test(value)
}

export type ImageRequest = { hash: string } | { error: string }

/**
 * `team-image://<hash>` (a trailing `/` is tolerated: Chromium adds one to standard-scheme URLs).
 * The raw text is checked, never a decoded form, so `%2e%2e` or `..%2F` are refused as written.
 */
export function parseImageRequestUrl(url: string): ImageRequest {
  if (typeof url !== 'string' || !url.toLowerCase().startsWith(PREFIX))
    return { error: `not a ${TEAM_IMAGE_SCHEME} URL` }
  const rest = url.slice(PREFIX.length)
  const hash = rest.endsWith('/') ? rest.slice(0, -1) : rest
  if (!isValidImageHash(hash)) return { error: 'image hash has characters outside [A-Za-z0-9_-] or a bad length' }
  return { hash }
}

export function teamImageUrl(hash: string): string {
  if (!isValidImageHash(hash)) throw new InvalidImageHashError(hash)
  return `${PREFIX}${hash}`
}

export class InvalidImageHashError extends Error {
  override readonly name = 'InvalidImageHashError'
  constructor(value: unknown) {
    super(`invalid image hash ${JSON.stringify(String(value).slice(0, 40))}`)
  }
}
