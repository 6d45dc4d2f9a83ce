/**
 * The odds feed (odds-feed.md) under `/odds`: bookmaker dashboard routes, the override PATCH
 * (and our DELETE to lift one), the public per-sport routes and the two live streams per match.
 */
import { ODD_GROUPS, OverrideRequest } from '../../shared/wire/odds'
import type { KeyStyle } from '../../shared/wire/keys'
import { presentedKey, type PresentedKey } from '../http/auth'
import type { RequestContext, Reply, SimHttpServer, StreamResolution } from '../http/server'
import { INVALID_JSON, jsonReply } from '../http/server'
import { momentOf } from '../world/clock'
import type { WorldClock } from '../world/clock'
import type { SportLookup } from '../world/lookup'
import type { World } from '../world/model'
import type { SimSport } from '../world/sports'
import { isSimSport } from '../world/sports'
import { MARGIN } from './book'
import type { OddsEngine, PricedMatch } from './engine'
import { overridesChannel, updatesChannel } from './engine'
import { bookmakerAccess, oddsError, sportAccess } from './access'
import { matchSummary } from './summaries'
import type { ActiveOverride } from './overrides'

/** odds-feed.md Limits: the match list returns 100 matches per page. */
const MATCHES_PER_PAGE = 100

/** Public routes: the sports odds-feed.md names per family, plus the sports this world has. */
const PUBLIC_ROUTES: Record<string, readonly string[]> = {
  '': ['cricket', 'hockey', 'table-tennis', 'esports', 'badminton'],
  '-history': ['cricket', 'hockey', 'volleyball', 'baseball', 'badminton'],
  '-classes': ['cricket', 'hockey', 'badminton'],
  '-leagues': ['cricket', 'handball', 'volleyball', 'badminton', 'hockey'],
}

export interface OddsDeps {
  world: World
  lookups: Record<SimSport, SportLookup>
  engine: OddsEngine
  clock: WorldClock
  /** The key styles the bookmaker routes and streams take. */
  keyStyles: readonly KeyStyle[]
  /** Snapshots served per match id (GET …/{sport}/{matchId} answered 200), for tests that count fetches. */
  snapshotsServed: Map<number, number>
}

export function registerOddsRoutes(server: SimHttpServer, deps: OddsDeps): void {
  const { world, engine } = deps
  /** The odds feed's marketplace host is the host the request was sent to (shared/wire/keys.ts K3). */
  const oddsKey = (ctx: RequestContext, token?: string | null): PresentedKey =>
    presentedKey(ctx.headers, { marketplaceHost: ctx.headers.host ?? '', styles: deps.keyStyles }, token)
  const priced = (ctx: RequestContext): { ok: true; p: PricedMatch; sport: SimSport } | { ok: false; reply: Reply } => {
    const access = sportAccess(world, ctx.params.bookmakerId ?? '', ctx.params.sport ?? '', oddsKey(ctx))
    if (!access.ok) return access
    const matchId = Number(ctx.params.matchId)
    const p = Number.isInteger(matchId) ? engine.get(matchId) : undefined
    if (!p || p.sport !== access.sport)
      return {
        ok: false,
        reply: oddsError(404, 'not_found', `no prices for ${access.sport} match ${ctx.params.matchId}`),
      }
    return { ok: true, p, sport: access.sport }
  }

  server.rest
    .add('GET', '/odds/bookmaker/:bookmakerId', (ctx) => {
      const access = bookmakerAccess(world, ctx.params.bookmakerId ?? '', oddsKey(ctx))
      if (!access.ok) return access.reply
      const { id, name, sports } = access.bookmaker
      return jsonReply(200, { id, name, sports })
    })
    .add('GET', '/odds/bookmaker/:bookmakerId/:sport/matches', (ctx) => {
      const access = sportAccess(world, ctx.params.bookmakerId ?? '', ctx.params.sport ?? '', oddsKey(ctx))
      if (!access.ok) return access.reply
      return matchList(deps, access.sport, ctx.url.searchParams)
    })
    .add('GET', '/odds/bookmaker/:bookmakerId/:sport/:matchId', (ctx) => {
      const found = priced(ctx)
      if (!found.ok) return found.reply
      const matchId = found.p.match.id
      deps.snapshotsServed.set(matchId, (deps.snapshotsServed.get(matchId) ?? 0) + 1)
      return jsonReply(200, engine.snapshot(matchId))
    })
    .add('GET', '/odds/bookmaker/:bookmakerId/:sport/:matchId/verify', (ctx) => {
      const found = priced(ctx)
      return found.ok ? jsonReply(200, verify(engine, found.p)) : found.reply
    })
    .add('PATCH', '/odds/bookmaker/:bookmakerId/:sport/:matchId/:oddType', (ctx) => {
      const found = priced(ctx)
      return found.ok ? patchOverride(engine, found.p, ctx) : found.reply
    })
    // DECISION: odds-feed.md has no way to lift an override early; DELETE on the PATCH path with
    // `?oddKey=` lifts it (200 with the lifted entry; 404 when none is in force).
    .add('DELETE', '/odds/bookmaker/:bookmakerId/:sport/:matchId/:oddType', (ctx) => {
      const found = priced(ctx)
      if (!found.ok) return found.reply
      const oddKey = ctx.url.searchParams.get('oddKey')
      if (!oddKey) return oddsError(400, 'invalid_request', 'query parameter oddKey is required to lift an override')
      const lifted = engine.overrides.lift(found.p.match.id, ctx.params.oddType ?? '', oddKey)
      if (!lifted) return oddsError(404, 'not_found', `no override in force for ${ctx.params.oddType} ${oddKey}`)
      return jsonReply(200, { action: 'lifted', ...publicEntry(lifted.entry) })
    })
    .add('GET', '/odds/:route', (ctx) => publicRoute(deps, ctx.params.route ?? ''))

  const dashboardStream =
    (kind: 'updates' | 'overrides') =>
    (ctx: RequestContext): StreamResolution => {
      const key = oddsKey(ctx, ctx.url.searchParams.get('token'))
      const access = sportAccess(world, ctx.params.bookmakerId ?? '', ctx.params.sport ?? '', key)
      if (!access.ok) return access
      const matchId = Number(ctx.params.matchId)
      if (!Number.isInteger(matchId) || engine.get(matchId)?.sport !== access.sport) {
        return {
          ok: false,
          reply: oddsError(404, 'not_found', `no prices for ${access.sport} match ${ctx.params.matchId}`),
        }
      }
      return {
        ok: true,
        channels: [
          kind === 'updates' ? updatesChannel(access.sport, matchId) : overridesChannel(access.sport, matchId),
        ],
      }
    }
  for (const kind of ['updates', 'overrides'] as const) {
    server.streams.add('GET', `/odds/live/:bookmakerId/:sport/:matchId/${kind}`, dashboardStream(kind))
    server.streams.add('GET', `/odds/bookmaker/:bookmakerId/:sport/:matchId/${kind}`, dashboardStream(kind))
  }
}

function publicEntry(entry: ActiveOverride): Omit<ActiveOverride, 'expiresAtMs'> {
  const { expiresAtMs: _internal, ...rest } = entry
  return rest
}

function matchList(deps: OddsDeps, sport: SimSport, query: URLSearchParams): Reply {
  const page = query.get('page') ?? '0'
  if (!/^\d+$/.test(page)) return oddsError(400, 'invalid_request', `page must be a whole number from 0, got '${page}'`)
  const status = query.get('status')
  if (status !== null && status !== 'live' && status !== 'upcoming') {
    return oddsError(400, 'invalid_request', `status must be 'live' or 'upcoming', got '${status}'`)
  }
  const lookup = deps.lookups[sport]
  const contains = (value: string, wanted: string | null): boolean =>
    wanted === null || value.toLowerCase().includes(wanted.toLowerCase())
  // Interrupted matches count as live and delayed ones as upcoming; postponed and finished are left out.
  const group = (s: string): string | undefined =>
    s === 'live' || s === 'interrupted' ? 'live' : s === 'upcoming' || s === 'delayed' ? 'upcoming' : undefined
  const rows = deps.engine
    .pricedMatches(sport)
    .filter(
      (p) => p.book.totalOdds > 0 && group(p.status) !== undefined && (status === null || group(p.status) === status),
    )
    .map((p) => matchSummary(deps.engine, lookup, p))
    .filter((m) => contains(String(m.league), query.get('league')) || String(m.leagueId) === query.get('league'))
    .filter(
      (m) => contains(String(m.homeTeam), query.get('homeTeam')) && contains(String(m.awayTeam), query.get('awayTeam')),
    )
  const start = Number(page) * MATCHES_PER_PAGE
  return jsonReply(200, rows.slice(start, start + MATCHES_PER_PAGE))
}

function patchOverride(engine: OddsEngine, p: PricedMatch, ctx: RequestContext): Reply {
  if (ctx.body === undefined)
    return oddsError(400, 'invalid_body', 'a JSON body {oddKey, oddValue, durationSeconds, suspended} is required')
  if (ctx.body === INVALID_JSON) return oddsError(400, 'invalid_body', 'the request body is not valid JSON')
  const parsed = OverrideRequest.safeParse(ctx.body)
  if (!parsed.success) {
    const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')
    return oddsError(400, 'invalid_body', message)
  }
  const oddType = ctx.params.oddType ?? ''
  const groups = ODD_GROUPS[p.sport] as readonly string[]
  if (!groups.includes(oddType) || !p.book.hasOddType(oddType)) {
    return oddsError(400, 'unknown_odd_type', `unknown oddType '${oddType}': ${p.sport} prices ${groups.join(', ')}`)
  }
  const found = p.book.findOutcome(oddType, parsed.data.oddKey)
  if (!found) {
    const keys = p.book.markets.filter((m) => m.oddType === oddType).flatMap((m) => m.oddKeys)
    return oddsError(
      400,
      'unknown_odd_key',
      `unknown oddKey '${parsed.data.oddKey}' in ${oddType}; known keys: ${keys.join(', ')}`,
    )
  }
  if (p.book.settled)
    return oddsError(409, 'match_settled', `match ${p.match.id} is finished and its markets are settled`)
  const t = engine.overrides.set(
    p.match.id,
    { oddType, ...parsed.data },
    found.market.prices[found.index] as number,
    Date.now(),
  )
  return jsonReply(200, { action: t.action, previousValue: t.previousValue, ...publicEntry(t.entry) })
}

/** Our answer to the "not shown" verify route (odds.ts VerifyWire): a consistency self-check. */
function verify(engine: OddsEngine, p: PricedMatch): Record<string, unknown> {
  const problems: string[] = []
  const markets: Array<{ oddType: string; name: string; margin: number }> = []
  for (const market of p.book.markets) {
    const implied = market.prices.reduce((s, price) => s + 1 / price, 0)
    markets.push({ oddType: market.oddType, name: market.name, margin: Number((implied - 1).toFixed(4)) })
    // Rounding and the price clamp move the book a little off the exact margin.
    if (!market.suspended && (implied < 1 || implied > MARGIN + 0.1))
      problems.push(`${market.oddType} ${market.name}: implied ${implied.toFixed(3)}`)
  }
  return {
    matchId: p.match.id,
    ok: problems.length === 0,
    seq: p.book.seq,
    checkedAt: new Date().toISOString(),
    marketsChecked: p.book.markets.length,
    markets,
    problems,
    overrides: engine.overrides.list(p.match.id).length,
  }
}

function publicRoute(deps: OddsDeps, route: string): Reply {
  for (const [suffix, sports] of Object.entries(PUBLIC_ROUTES)) {
    const sport = suffix === '' ? route : route.endsWith(suffix) ? route.slice(0, -suffix.length) : undefined
    if (sport === undefined || !sports.includes(sport)) continue
    // Documented sports this world does not have answer a valid empty list.
    if (!isSimSport(sport)) return jsonReply(200, [])
    return jsonReply(200, publicRows(deps, sport, suffix))
  }
  return oddsError(404, 'not_found', `no route /${route}`)
}

function publicRows(deps: OddsDeps, sport: SimSport, suffix: string): unknown[] {
  const lookup = deps.lookups[sport]
  const pricedMatches = deps.engine.pricedMatches(sport)
  switch (suffix) {
    case '':
      return pricedMatches.filter((p) => !p.book.settled).map((p) => matchSummary(deps.engine, lookup, p))
    case '-history':
      return pricedMatches
        .filter((p) => p.book.settled)
        .map((p) => {
          const step = momentOf(p.match, deps.clock.worldNow()).step
          return { ...matchSummary(deps.engine, lookup, p), homeScore: step.homeDisplay, awayScore: step.awayDisplay }
        })
    case '-classes':
      return lookup.world.classes.map(({ id, name, alpha, hash_image }) => ({ id, name, alpha, hash_image }))
    default:
      return lookup.world.leagues.map((l) => ({
        id: l.id,
        name: l.name,
        class_id: l.class_id,
        class_name: l.class_name,
        count: pricedMatches.filter((p) => p.match.leagueId === l.id && !p.book.settled).length,
      }))
  }
}
