/**
 * Credentials. Data service (data-service.md): `Authorization: Bearer <key>` on REST, `?token=<key>`
 * on live streams. A key reaches every sport, unless it is a scoped key `<key>:<sport>[+<sport>…]`,
 * which only reaches the sports it names (another sport → 403).
 *
 * Both services also take a marketplace key (shared/wire/keys.ts): `X-RapidAPI-Key` with an
 * `X-RapidAPI-Host` naming the API called (the data service: `<sport>-devs.p.rapidapi.com` of the
 * sport in the path; the odds feed: the host the request was sent to), on REST and on live streams
 * (beside or instead of `?token=`). As a gateway would, the simulator refuses a marketplace key
 * with no host header (400) or another API's host (403), and a request that sends a Bearer header
 * as well (400: two credentials, so a client sending both is caught). Started with `keyStyles`, it
 * takes only those styles, as a marketplace gateway takes only its own keys (the token alone is then
 * not enough on a stream either): a test of one style then proves the client sent that style.
 *
 * Odds feed: the document leaves the credential "not shown". DECISION: the same scheme as the
 * data service: the bookmaker's key as a Bearer header on /bookmaker/… routes and as `?token=`
 * on the live streams; public routes need no key. A key of another bookmaker → 403.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { MARKETPLACE_HOST_HEADER, MARKETPLACE_KEY_HEADER, type KeyStyle } from '../../shared/wire/keys'
import type { SimSport } from '../world/sports'
import { isSimSport } from '../world/sports'

export function scopedKey(apiKey: string, sports: readonly SimSport[]): string {
  return `${apiKey}:${sports.join('+')}`
}

/** The key a request presents (undefined: none), or why the way it presents one is refused. */
export type PresentedKey =
  { ok: true; key: string | undefined } | { ok: false; status: 400 | 401 | 403; message: string }

/** The API a request is for: the host a marketplace key must name, and the key styles it takes. */
export interface KeyRules {
  marketplaceHost: string
  styles: readonly KeyStyle[]
}

/**
 * The key of a request: its marketplace headers, else its Bearer header, else the live stream's
 * `?token=` (`token`), each only where `rules` take that style.
 */
export function presentedKey(headers: IncomingHttpHeaders, rules: KeyRules, token?: string | null): PresentedKey {
  const { marketplaceHost, styles } = rules
  const auth = headers.authorization
  const marketplaceKey = headerText(headers, MARKETPLACE_KEY_HEADER)
  if (marketplaceKey !== undefined) {
    if (!styles.includes('marketplace'))
      return {
        ok: false,
        status: 401,
        message: 'this service takes no marketplace keys: send Authorization: Bearer <key>',
      }
    if (auth !== undefined)
      return { ok: false, status: 400, message: 'send a marketplace key or an Authorization header, not both' }
    const host = headerText(headers, MARKETPLACE_HOST_HEADER)
    if (host === undefined)
      return { ok: false, status: 400, message: `missing X-RapidAPI-Host: send X-RapidAPI-Host: ${marketplaceHost}` }
    if (host.toLowerCase() !== marketplaceHost.toLowerCase())
      return { ok: false, status: 403, message: `X-RapidAPI-Host ${host} is not this API (${marketplaceHost})` }
    return { ok: true, key: marketplaceKey }
  }
  if (!styles.includes('bearer'))
    return {
      ok: false,
      status: 401,
      message: `missing X-RapidAPI-Key: send it with X-RapidAPI-Host: ${marketplaceHost}`,
    }
  if (auth !== undefined) return { ok: true, key: /^Bearer\s+(.+)$/i.exec(auth.trim())?.[1] }
  return { ok: true, key: token ?? undefined }
}

function headerText(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

export type AccessCheck = { ok: true } | { ok: false; status: 401 | 403; message: string }

/** Data service: may this key read this sport? */
export function checkDataKey(apiKey: string, key: string | undefined, sport: SimSport): AccessCheck {
  if (!key)
    return {
      ok: false,
      status: 401,
      message: 'missing API key: send Authorization: Bearer <key> (or ?token=<key> on live streams)',
    }
  if (key === apiKey) return { ok: true }
  const prefix = `${apiKey}:`
  if (key.startsWith(prefix)) {
    const sports = key.slice(prefix.length).split('+')
    if (sports.every(isSimSport)) {
      return sports.includes(sport)
        ? { ok: true }
        : { ok: false, status: 403, message: `this API key's plan does not include ${sport}` }
    }
  }
  return { ok: false, status: 401, message: 'invalid API key' }
}
