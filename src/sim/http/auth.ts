/**
 * Credentials. Data service (data-service.md): `Authorization: Bearer <key>` on REST (the
 * marketplace header `x-rapidapi-key` is accepted too, field-notes.md), `?token=<key>` on live
 * streams. A key reaches every sport, unless it is a scoped key `<key>:<sport>[+<sport>…]`,
 * which only reaches the sports it names (another sport → 403).
 *
 * Odds feed: the document leaves the credential "not shown". DECISION: the same scheme as the
 * data service: the bookmaker's key as a Bearer header on /bookmaker/… routes and as `?token=`
 * on the live streams; public routes need no key. A key of another bookmaker → 403.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { SimSport } from '../world/sports'
import { isSimSport } from '../world/sports'

export function scopedKey(apiKey: string, sports: readonly SimSport[]): string {
  return `${apiKey}:${sports.join('+')}`
}

/** The key a REST request carries, if any. */
export function requestKey(headers: IncomingHttpHeaders): string | undefined {
  const auth = headers.authorization
  if (auth) {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim())
    return m?.[1]
  }
  const marketplace = headers['x-rapidapi-key']
  return typeof marketplace === 'string' && marketplace.length > 0 ? marketplace : undefined
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
