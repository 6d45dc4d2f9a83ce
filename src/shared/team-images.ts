/**
 * Team images, named once for every process: the hash shape, the Electron protocol and the browser
 * host's path that serve them. No zod: the sandboxed preload imports this file.
 *
 * `hash_image` values come from the data service and end up in a file name and a renderer URL, so
 * they must match a strict pattern before anything else: letters, digits, `_` and `-` only. No
 * dots, slashes, backslashes, colons or percent signs means no `..`, no absolute or drive path and
 * nothing that decodes into one.
 */
export const IMAGE_HASH_PATTERN = /^[A-Za-z0-9_-]{1,128}$/

export function isValidImageHash(value: unknown): value is string {
  return typeof value === 'string' && IMAGE_HASH_PATTERN.test(value)
}

/** The custom protocol Electron serves cached team images on. */
export const TEAM_IMAGE_SCHEME = 'team-image'
/** The path prefix the browser host serves cached team images under. */
export const TEAM_IMAGE_PATH = '/team-image/'

/**
 * `team-image://image/<hash>`. The hash sits in the path because Chromium lowercases the host of
 * standard schemes. A hash of the wrong shape gives `''`: no image, never a URL built from it.
 */
const URL_PREFIX = `${TEAM_IMAGE_SCHEME}://image/`

export function teamImageUrl(hash: string): string {
  return isValidImageHash(hash) ? `${URL_PREFIX}${hash}` : ''
}

export type TeamImageRequest = { hash: string } | { error: string }

/**
 * The hash a `team-image://image/<hash>` request asks for. The raw text is checked, never a decoded
 * form, so `%2e%2e`, `..%2F`, a query or a fragment are refused as written.
 */
export function parseTeamImageUrl(url: string): TeamImageRequest {
  if (!url.toLowerCase().startsWith(URL_PREFIX)) return { error: `not a ${URL_PREFIX} URL` }
  const hash = url.slice(URL_PREFIX.length)
  if (!isValidImageHash(hash)) return { error: 'image hash has characters outside [A-Za-z0-9_-] or a bad length' }
  return { hash }
}
