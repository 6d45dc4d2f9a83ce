/**
 * The data service (data-service.md) under `/data/{sport}`: 36 GET routes over the PostgREST
 * filter engine, key checks, and the live streams at `/data/{sport}/live/{type}[/{event_id}]`.
 */
import { LIVE_DATA_SUBPROTOCOL, LIVE_DATA_TYPES } from '../../shared/wire/data-service'
import { dataMarketplaceHost, type KeyStyle } from '../../shared/wire/keys'
import { checkDataKey, presentedKey } from '../http/auth'
import type { Reply, RequestContext, SimHttpServer, StreamResolution } from '../http/server'
import { jsonReply } from '../http/server'
import { runQuery } from '../postgrest'
import type { WorldClock } from '../world/clock'
import type { SportLookup } from '../world/lookup'
import { isSimSport, type SimSport } from '../world/sports'
import type { Faults } from '../faults'
import { liveChannel } from './live'
import { DATA_ROUTES } from './records'
import { translateRows } from './translate'

/** data-service.md Limits: default 50, at most 50 (a larger `limit` is capped; see postgrest/index.ts). */
const PAGE_LIMIT = 50

/** PostgREST-style error body: what the real service's servers answer (field-notes.md). */
export function postgrestError(status: number, code: string, message: string, hint: string | null = null): Reply {
  return jsonReply(status, { code, details: null, hint, message })
}

/** Whether a WebSocket upgrade offers the live data subprotocol (`Sec-WebSocket-Protocol: a, b`). */
function offersSubprotocol(ctx: RequestContext): boolean {
  const offered = ctx.headers['sec-websocket-protocol'] ?? ''
  return offered.split(',').some((p) => p.trim() === LIVE_DATA_SUBPROTOCOL)
}

/** The data service's key and the key styles it takes. */
interface DataKeys {
  apiKey: string
  keyStyles: readonly KeyStyle[]
}

/** May this request read the sport in its path? `token`: a live stream's `?token=`. */
function accessReply(
  ctx: RequestContext,
  keys: DataKeys,
  token?: string | null,
): { ok: true; sport: SimSport } | { ok: false; reply: Reply } {
  const sportParam = ctx.params.sport ?? ''
  if (!isSimSport(sportParam))
    return { ok: false, reply: postgrestError(404, 'PGRST125', `no data service for sport '${sportParam}'`) }
  const rules = { marketplaceHost: dataMarketplaceHost(sportParam), styles: keys.keyStyles }
  const presented = presentedKey(ctx.headers, rules, token)
  if (!presented.ok)
    return { ok: false, reply: postgrestError(presented.status, `PGRST${presented.status}`, presented.message) }
  const access = checkDataKey(keys.apiKey, presented.key, sportParam)
  if (!access.ok)
    return {
      ok: false,
      reply: postgrestError(access.status, access.status === 401 ? 'PGRST301' : 'PGRST403', access.message),
    }
  return { ok: true, sport: sportParam }
}

export function registerDataRoutes(
  server: SimHttpServer,
  deps: { lookups: Record<SimSport, SportLookup>; clock: WorldClock; faults: Faults } & DataKeys,
): void {
  server.rest.add('GET', '/data/:sport/:route', (ctx: RequestContext) => {
    const access = accessReply(ctx, deps)
    if (!access.ok) return access.reply
    const path = `/${ctx.params.route ?? ''}`
    const route = DATA_ROUTES[path]
    if (!route)
      return postgrestError(
        404,
        'PGRST125',
        `route ${path} does not exist`,
        'see the 36-route inventory of data-service.md',
      )
    const rows = translateRows(
      route.rows({
        lookup: deps.lookups[access.sport],
        worldNow: deps.clock.worldNow(),
        serverNow: deps.clock.serverNow(),
      }),
      ctx.url.searchParams.get('lang'),
    )
    const outcome = runQuery(rows, ctx.url.searchParams, {
      ...(route.hiddenColumns ? { hiddenColumns: route.hiddenColumns } : {}),
      defaultLimit: PAGE_LIMIT,
      maxLimit: PAGE_LIMIT,
      table: path.slice(1),
    })
    return outcome.status === 200 ? jsonReply(200, outcome.rows) : jsonReply(400, outcome.error)
  })

  const live = (ctx: RequestContext): StreamResolution => {
    const access = accessReply(ctx, deps, ctx.url.searchParams.get('token'))
    if (!access.ok) return access
    const type = ctx.params.type ?? ''
    if (!(LIVE_DATA_TYPES as readonly string[]).includes(type)) {
      return {
        ok: false,
        reply: postgrestError(404, 'PGRST125', `no live type '${type}': ${LIVE_DATA_TYPES.join(', ')}`),
      }
    }
    const eventId = ctx.params.eventId
    if (deps.faults.current.wsSubprotocol === 'required' && ctx.headers.upgrade && !offersSubprotocol(ctx)) {
      const message = `this stream needs the WebSocket subprotocol '${LIVE_DATA_SUBPROTOCOL}'`
      return { ok: false, reply: postgrestError(400, 'PGRST400', message) }
    }
    const refuse = deps.faults.current.refuseTypeStreams
    if (eventId === undefined && refuse !== undefined) {
      const message = `no stream of every event here (injected fault): use /live/${type}/{event_id}`
      return { ok: false, reply: postgrestError(refuse, refuse === 404 ? 'PGRST125' : 'PGRST403', message) }
    }
    if (eventId !== undefined && !deps.lookups[access.sport].matches.has(Number(eventId))) {
      return { ok: false, reply: postgrestError(404, 'PGRST125', `no ${access.sport} event ${eventId}`) }
    }
    return {
      ok: true,
      channels: [liveChannel(access.sport, type, eventId === undefined ? undefined : Number(eventId))],
    }
  }
  server.streams.add('GET', '/data/:sport/live/:type', live).add('GET', '/data/:sport/live/:type/:eventId', live)
}
