/**
 * Who may use a bookmaker's dashboard routes and streams (see http/auth.ts for the decision):
 * no or unknown key → 401, unknown bookmaker id → 404, another bookmaker's key → 403,
 * a sport the bookmaker has no access to → 403, a sport that does not exist → 404.
 */
import { ODDS_SPORTS } from '../../shared/wire/odds'
import type { PresentedKey } from '../http/auth'
import type { Reply } from '../http/server'
import { jsonReply } from '../http/server'
import type { Bookmaker, World } from '../world/model'
import type { SimSport } from '../world/sports'

export function oddsError(status: number, error: string, message: string): Reply {
  return jsonReply(status, { error, message })
}

const PRESENTED_ERRORS = { 400: 'invalid_request', 401: 'unauthorized', 403: 'forbidden' } as const

export type BookmakerAccess = { ok: true; bookmaker: Bookmaker } | { ok: false; reply: Reply }
export type SportAccess = { ok: true; bookmaker: Bookmaker; sport: SimSport } | { ok: false; reply: Reply }

export function bookmakerAccess(world: World, bookmakerId: string, presented: PresentedKey): BookmakerAccess {
  const known = [world.bookmaker, world.rival]
  if (!presented.ok)
    return {
      ok: false,
      reply: oddsError(presented.status, PRESENTED_ERRORS[presented.status], presented.message),
    }
  const key = presented.key
  if (!key)
    return {
      ok: false,
      reply: oddsError(
        401,
        'unauthorized',
        'missing API key: send Authorization: Bearer <key> (streams: ?token=<key>)',
      ),
    }
  const owner = known.find((b) => b.apiKey === key)
  if (!owner) return { ok: false, reply: oddsError(401, 'unauthorized', 'invalid API key') }
  const bookmaker = known.find((b) => b.id === bookmakerId)
  if (!bookmaker) return { ok: false, reply: oddsError(404, 'not_found', `no bookmaker ${bookmakerId}`) }
  if (owner !== bookmaker)
    return { ok: false, reply: oddsError(403, 'forbidden', 'this API key belongs to another bookmaker') }
  return { ok: true, bookmaker }
}

export function sportAccess(world: World, bookmakerId: string, sport: string, presented: PresentedKey): SportAccess {
  const access = bookmakerAccess(world, bookmakerId, presented)
  if (!access.ok) return access
  if (!(ODDS_SPORTS as readonly string[]).includes(sport))
    return { ok: false, reply: oddsError(404, 'not_found', `unknown sport ${sport}`) }
  const bookmaker = access.bookmaker
  if (!(bookmaker.sports as readonly string[]).includes(sport)) {
    return { ok: false, reply: oddsError(403, 'forbidden', `bookmaker ${bookmaker.id} has no access to ${sport}`) }
  }
  return { ok: true, bookmaker, sport: sport as SimSport }
}
