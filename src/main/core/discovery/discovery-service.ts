/**
 * Discover: live matches, matches of a day, of a league, of a team, and search by name, from the
 * data service. Every match seen is written to the cache, so the app can open offline.
 */
import type { z } from 'zod'
import type { DiscoverPage, DiscoverQuery, SearchHit } from '../../../shared/discovery'
import type { LeagueRecord, MatchRecord, TeamRecord } from '../../../shared/wire/data-service'
import { cond, pg, type PgQuery } from '../../../shared/postgrest/query'
import { BridgeFailure } from '../../../shared/bridge/result'
import type { DataServiceClient } from '../clients/data-service/data-service-client'
import type { FeedResult } from '../clients/http/result'
import { toMatchSummary } from './match-summary'

export interface MatchArchive {
  upsertMatches(sport: string, matches: { id: number }[]): void
  putReference(sport: string, route: string, paramsKey: string, records: readonly unknown[], fetchedAt: number): void
  getReference<T>(sport: string, route: string, paramsKey: string): { records: T[]; fetchedAt: number } | null
}

/** The cache's name for a Discover page (its key is the query), kept for when the feed is unreachable. */
const DISCOVER_PAGE = 'discover-page'

/** Failures that mean "the feed is not there", where the last page seen beats an error. */
const UNREACHABLE = new Set(['network', 'timeout', 'server'])

type ParsedQuery = z.output<typeof DiscoverQuery>

export class DiscoveryService {
  /** The query in flight of each named list (`DiscoverQuery.listing`), ended when a newer one comes. */
  private readonly inFlight = new Map<string, AbortController>()

  constructor(
    private readonly data: DataServiceClient,
    private readonly archive: MatchArchive,
  ) {}

  async matches(query: ParsedQuery): Promise<DiscoverPage> {
    const route = query.mode === 'live' ? 'matches-live' : 'matches'
    const controller = this.supersede(query.listing)
    const answer = await this.data.list(query.sport, route, {
      query: matchFilter(query),
      limit: query.limit,
      offset: query.offset,
      signal: controller?.signal,
    })
    if (query.listing !== undefined && this.inFlight.get(query.listing) === controller)
      this.inFlight.delete(query.listing)
    // The cached page is the same whichever list asked for it.
    const { listing: _listing, ...asked } = query
    const key = JSON.stringify(asked)
    if (!answer.ok && UNREACHABLE.has(answer.error.kind)) {
      const cached = this.archive.getReference<MatchRecord>(query.sport, DISCOVER_PAGE, key)
      if (cached) return this.page(query, cached.records, false, Date.now() - cached.fetchedAt)
    }
    const page = orFail(answer)
    const records = page.records as MatchRecord[]
    this.archive.upsertMatches(query.sport, records)
    this.archive.putReference(query.sport, DISCOVER_PAGE, key, records, page.fetchedAt)
    return this.page(query, records, records.length + page.malformed >= query.limit, null)
  }

  /** Ends the list's query in flight, if any, and answers the new one's controller. */
  private supersede(listing: string | undefined): AbortController | undefined {
    if (listing === undefined) return undefined
    this.inFlight.get(listing)?.abort()
    const controller = new AbortController()
    this.inFlight.set(listing, controller)
    return controller
  }

  private page(query: ParsedQuery, records: MatchRecord[], more: boolean, cachedAgeMs: number | null): DiscoverPage {
    return { matches: records.map((r) => toMatchSummary(query.sport, r)), more, cachedAgeMs }
  }

  async search(sport: string, text: string): Promise<SearchHit[]> {
    const pattern = `*${text}*`
    const [teams, leagues] = await Promise.all([
      this.data.list(sport, 'teams', { query: pg().ilike('name', pattern).order('name'), limit: 20 }),
      this.data.list(sport, 'leagues', { query: pg().ilike('name', pattern).order('name'), limit: 20 }),
    ])
    const teamHits = (orFail(teams).records as TeamRecord[]).map((t): SearchHit => ({
      kind: 'team',
      id: t.id,
      name: t.name,
      detail: t.class_name ?? null,
      hashImage: t.hash_image ?? null,
    }))
    const leagueHits = (orFail(leagues).records as LeagueRecord[]).map((l): SearchHit => ({
      kind: 'league',
      id: l.id,
      name: l.name,
      detail: l.class_name ?? null,
      hashImage: l.hash_image ?? null,
    }))
    return [...leagueHits, ...teamHits]
  }
}

function matchFilter(query: ParsedQuery): PgQuery {
  switch (query.mode) {
    case 'live':
      return pg().order('start_time')
    case 'date': {
      const { from, to } = localDay(query.date)
      return pg().gte('start_time', from).lt('start_time', to).order('start_time')
    }
    case 'league':
      return pg().eq('league_id', query.leagueId).order('start_time', 'desc')
    case 'team':
      return pg()
        .or(cond.eq('home_team_id', query.teamId), cond.eq('away_team_id', query.teamId))
        .order('start_time', 'desc')
  }
}

/**
 * The trader's day `YYYY-MM-DD` as instants: from this machine's local midnight to the next (23 or
 * 25 hours across a daylight-saving change), not the UTC day. The core runs on the trader's machine.
 */
function localDay(date: string): { from: string; to: string } {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  return { from: new Date(year, month - 1, day).toISOString(), to: new Date(year, month - 1, day + 1).toISOString() }
}

/** A feed failure becomes a bridge failure in the feed's own words ("key rejected", …). */
export function orFail<T>(result: FeedResult<T>): T {
  if (result.ok) return result.value
  const code =
    result.error.kind === 'key_rejected'
      ? 'key_rejected'
      : result.error.kind === 'not_available'
        ? 'not_available'
        : 'feed_error'
  throw new BridgeFailure(code, result.error.message)
}
