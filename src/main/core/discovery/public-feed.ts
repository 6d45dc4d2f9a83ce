/**
 * The odds feed's public routes put to use (issue 21.7): a sport's leagues with the provider's
 * available counts (named by their class), the current feed of a sport the bookmaker routes do not
 * cover, and a match's record in the provider's history, cut to what this app did not record.
 * Shapes are our assumption (shared/wire/odds-public.ts); a route a sport does not have (404) is
 * said in words, never an error.
 */
import type { MatchSummary } from '../../../shared/discovery'
import type { LeagueListing, ProviderHistory, ProviderPrice, PublicFeedListing } from '../../../shared/public-feed'
import { makeOddKey, oddTypeOfMember } from '../../../shared/wire/odds'
import { PublicClassWire, PublicLeagueWire, PublicMatchWire, type PublicMatch } from '../../../shared/wire/odds-public'
import type { FeedScopedArchive } from '../cache/feed-scoped'
import type { OddsClient } from '../clients/odds/odds-client'
import type { FeedResult } from '../clients/http/result'
import { orFail } from './discovery-service'

/** Enough points per outcome to know the first and last recorded tick. */
const COVERAGE_POINTS = 10

export class PublicFeed {
  constructor(
    private readonly odds: OddsClient,
    private readonly archive: Pick<FeedScopedArchive, 'history'>,
  ) {}

  async leagues(sport: string): Promise<LeagueListing> {
    const [leagues, classes] = await Promise.all([
      this.odds.publicList(sport, 'leagues', PublicLeagueWire),
      this.odds.publicList(sport, 'classes', PublicClassWire),
    ])
    const list = orNone(leagues)
    if (list === null) return { sport, leagues: [], note: `the provider lists no leagues for ${sport}` }
    const classNames = new Map((orNone(classes) ?? []).map((c) => [c.id, c.name]))
    return {
      sport,
      leagues: list.map((l) => ({
        id: l.id,
        name: l.name,
        className: l.className ?? (l.classId === null ? null : (classNames.get(l.classId) ?? null)),
        count: l.count,
      })),
      note: list.length === 0 ? `the provider lists no leagues for ${sport}` : null,
    }
  }

  async currentFeed(sport: string): Promise<PublicFeedListing> {
    const matches = orNone(await this.odds.publicList(sport, 'current', PublicMatchWire))
    if (matches === null) return { sport, matches: [], note: `the provider has no public feed for ${sport}` }
    return { sport, matches: matches.map((m) => summaryOf(sport, m)), note: null }
  }

  /**
   * The match's record in `{sport}-history`, cut to the prices this app did not record: a dated
   * price before the first or after the last tick recorded of its outcome, or any price of an
   * outcome never recorded (closing prices without a date count only then).
   */
  async history(sport: string, matchId: number, now = Date.now()): Promise<ProviderHistory> {
    const none = (note: string): ProviderHistory => ({
      matchId,
      sport,
      found: false,
      note,
      homeScore: null,
      awayScore: null,
      gaps: [],
      covered: 0,
    })
    const records = orNone(await this.odds.publicList(sport, 'history', PublicMatchWire))
    if (records === null) return none(`the provider keeps no history for ${sport}`)
    const record = records.find((r) => r.matchId === matchId)
    if (!record) return none("this match is not in the provider's history")
    const recorded = new Map(
      this.archive
        .history(matchId, 'all', 0, now, COVERAGE_POINTS)
        .filter((o) => o.points.length > 0)
        .map((o) => [`${o.oddType}|${o.oddKey}`, { from: o.points[0]!.t, to: o.points.at(-1)!.t }]),
    )
    const gaps: ProviderPrice[] = []
    let covered = 0
    for (const price of pricesOf(record)) {
      const span = recorded.get(`${price.oddType}|${price.oddKey}`)
      const missed = span === undefined || (price.t !== null && (price.t < span.from || price.t > span.to))
      if (missed) gaps.push(price)
      else covered += 1
    }
    return {
      matchId,
      sport,
      found: true,
      note: "from the provider's history",
      homeScore: record.homeScore,
      awayScore: record.awayScore,
      gaps,
      covered,
    }
  }
}

/** A 404 (the sport has no such route) is "none"; every other failure is the caller's error in words. */
function orNone<T>(result: FeedResult<{ records: T[] }>): T[] | null {
  if (!result.ok && result.error.kind === 'not_available') return null
  return orFail(result).records
}

/** P4: the trail when there is one, else the entry's odds as its closing prices. */
function pricesOf(record: PublicMatch): ProviderPrice[] {
  if (record.prices.length > 0) return record.prices.map(({ ts, ...price }) => ({ ...price, t: ts }))
  return Object.entries(record.odds).flatMap(([member, markets]) =>
    markets.flatMap((market) =>
      market.outcomes.map((outcome) => ({
        oddType: oddTypeOfMember(member),
        oddKey: makeOddKey(market.name, outcome.key),
        price: outcome.price,
        t: record.pricesAt,
      })),
    ),
  )
}

function summaryOf(sport: string, m: PublicMatch): MatchSummary {
  return {
    matchId: m.matchId,
    sport,
    leagueId: m.leagueId,
    leagueName: m.league,
    tournamentName: null,
    home: { id: null, name: m.homeTeam || 'Home', hashImage: null },
    away: { id: null, name: m.awayTeam || 'Away', hashImage: null },
    startTime: m.startTime,
    statusType: m.status,
    statusReason: null,
    homeScore: m.homeScore,
    awayScore: m.awayScore,
  }
}
