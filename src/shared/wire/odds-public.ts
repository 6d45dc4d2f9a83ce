/**
 * The odds feed's public routes (odds-feed.md "Public routes"): a sport's current feed, its
 * history, its classes and its leagues with their available counts. Their parameters and bodies
 * are "not shown", and field-notes.md found nothing more, so what we assume is written here once,
 * tolerant of the variants a real server may send (a record that fits none is counted and skipped):
 *
 * P1  `GET {odds_base_url}/{sport}`, `/{sport}-history`, `/{sport}-classes`, `/{sport}-leagues`,
 *     for the sports odds-feed.md names per family (PUBLIC_ROUTE_SPORTS); other sports are asked
 *     too (routes vary by sport) and a 404 means "not for this sport". No parameter is sent: none is
 *     documented; a history is filtered to its match here.
 * P2  Each answers a JSON list; a list wrapped as `{data: [...]}` is accepted too.
 * P3  A current-feed or history entry is a match entry like the bookmaker match list's:
 *     `matchId` (or `match_id`, `id`), `homeTeam`/`awayTeam` (or `home_team_name`/`away_team_name`),
 *     `league`/`leagueId` (or `league_name`/`league_id`), `startTime` (ISO, or epoch s or ms),
 *     `status` (or `status_type`), and `odds` by group as the bookmaker routes send them (A1, A2).
 * P4  A history entry adds `homeScore`/`awayScore`, and may carry a trail of price changes
 *     `prices: [{ts, oddType, oddKey, price}]` (`ts` as in P3). Without a trail its `odds` are the
 *     match's closing prices, dated `endTime`/`settledAt` when given.
 * P5  A league entry: `{id|league_id, name|league_name, class_id?, class_name?}` with its available
 *     matches as `count` (or `available`, `matches`, `total`); a class entry `{id|class_id,
 *     name|class_name, alpha?}`.
 */
import { z } from 'zod'
import { OddGroupWire } from './odds'

/** The sports odds-feed.md lists for each public family (the bookmaker routes cover cricket and hockey). */
export const PUBLIC_ROUTE_SPORTS = {
  current: ['cricket', 'hockey', 'table-tennis', 'esports'],
  history: ['cricket', 'hockey', 'volleyball', 'baseball'],
  classes: ['cricket', 'hockey'],
  leagues: ['cricket', 'handball', 'volleyball'],
} as const
export type PublicFamily = keyof typeof PUBLIC_ROUTE_SPORTS

const SUFFIX: Record<PublicFamily, string> = {
  current: '',
  history: '-history',
  classes: '-classes',
  leagues: '-leagues',
}

/** The route segment of a family for a sport: `hockey-history`. */
export function publicRouteName(sport: string, family: PublicFamily): string {
  return `${sport}${SUFFIX[family]}`
}

/** P2: the list itself, or the list inside `{data: [...]}`; anything else is returned as is (and refused). */
export function unwrapList(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body) && Array.isArray((body as { data?: unknown }).data)) {
    return (body as { data: unknown[] }).data
  }
  return body
}

const Id = z.number().int()
const Text = z.string()

/** P3: ISO text, or epoch seconds or milliseconds; null when absent or unreadable. */
function epochMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e11 ? value * 1000 : value
  if (typeof value === 'string' && value.trim() !== '') {
    const at = Date.parse(value)
    return Number.isNaN(at) ? null : at
  }
  return null
}

/** The first of `names` the record carries with a value that fits `schema`. */
function pick<T>(record: Record<string, unknown>, names: readonly string[], schema: z.ZodType<T>): T | null {
  for (const name of names) {
    const parsed = schema.safeParse(record[name])
    if (parsed.success) return parsed.data
  }
  return null
}

const Record_ = z.record(z.string(), z.unknown())

/** A match of a public list, in one shape whatever names the server used. */
export interface PublicMatch {
  matchId: number
  homeTeam: string
  awayTeam: string
  leagueId: number | null
  league: string
  startTime: number | null
  status: string | null
  homeScore: number | null
  awayScore: number | null
  /** Closing (history) or current prices by group, canonical markets (A1). */
  odds: Record<string, z.output<typeof OddGroupWire>>
  /** P4: when the entry's prices are dated (history without a trail). */
  pricesAt: number | null
  prices: PublicPricePoint[]
}

export interface PublicPricePoint {
  ts: number
  oddType: string
  oddKey: string
  price: number
}

const PricePoint = Record_.transform((p, ctx): PublicPricePoint => {
  const ts = epochMs(p.ts ?? p.time ?? p.timestamp)
  const oddType = pick(p, ['oddType', 'odd_type'], Text)
  const oddKey = pick(p, ['oddKey', 'odd_key'], Text)
  const price = pick(p, ['price', 'value'], z.number().gt(1))
  if (ts === null || oddType === null || oddKey === null || price === null) {
    ctx.addIssue({ code: 'custom', message: 'a price point without its time, outcome or price' })
    return z.NEVER
  }
  return { ts, oddType, oddKey, price }
})

/** P4: the points that read; one bad point does not lose the trail. */
function pricePoints(value: unknown): PublicPricePoint[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((point) => {
    const parsed = PricePoint.safeParse(point)
    return parsed.success ? [parsed.data] : []
  })
}

const Odds = z.record(z.string(), OddGroupWire)

/** P3, P4. */
export const PublicMatchWire = Record_.transform((r, ctx): PublicMatch => {
  const matchId = pick(r, ['matchId', 'match_id', 'id'], Id)
  if (matchId === null) {
    ctx.addIssue({ code: 'custom', message: 'a match entry without a match id' })
    return z.NEVER
  }
  const odds = Odds.safeParse(r.odds ?? {})
  return {
    matchId,
    homeTeam: pick(r, ['homeTeam', 'home_team_name', 'home_team', 'home'], Text) ?? '',
    awayTeam: pick(r, ['awayTeam', 'away_team_name', 'away_team', 'away'], Text) ?? '',
    leagueId: pick(r, ['leagueId', 'league_id'], Id),
    league: pick(r, ['league', 'league_name', 'leagueName'], Text) ?? '',
    startTime: epochMs(r.startTime ?? r.start_time),
    status: pick(r, ['status', 'status_type'], Text),
    homeScore: pick(r, ['homeScore', 'home_score'], z.number()),
    awayScore: pick(r, ['awayScore', 'away_score'], z.number()),
    odds: odds.success ? odds.data : {},
    pricesAt: epochMs(r.endTime ?? r.settledAt ?? r.end_time),
    prices: pricePoints(r.prices ?? r.history),
  }
})

export interface PublicLeague {
  id: number
  name: string
  classId: number | null
  className: string | null
  /** Available (priced, open) matches. */
  count: number | null
}

/** P5. */
export const PublicLeagueWire = Record_.transform((r, ctx): PublicLeague => {
  const id = pick(r, ['id', 'league_id'], Id)
  const name = pick(r, ['name', 'league_name'], Text)
  if (id === null || name === null) {
    ctx.addIssue({ code: 'custom', message: 'a league entry without an id and a name' })
    return z.NEVER
  }
  return {
    id,
    name,
    classId: pick(r, ['class_id', 'classId'], Id),
    className: pick(r, ['class_name', 'className'], Text),
    count: pick(r, ['count', 'available', 'matches', 'total'], z.number().int().min(0)),
  }
})

export interface PublicClass {
  id: number
  name: string
  alpha: string | null
}

/** P5. */
export const PublicClassWire = Record_.transform((r, ctx): PublicClass => {
  const id = pick(r, ['id', 'class_id'], Id)
  const name = pick(r, ['name', 'class_name'], Text)
  if (id === null || name === null) {
    ctx.addIssue({ code: 'custom', message: 'a class entry without an id and a name' })
    return z.NEVER
  }
  return { id, name, alpha: pick(r, ['alpha'], Text) }
})
