/** Match entries shared by the bookmaker match list and the public feed routes. */
import type { SportLookup } from '../world/lookup'
import type { OddsEngine, PricedMatch } from './engine'

export function matchSummary(engine: OddsEngine, lookup: SportLookup, p: PricedMatch): Record<string, unknown> {
  const league = lookup.league(p.match.leagueId)
  return {
    matchId: p.match.id,
    sport: p.sport,
    status: p.status,
    league: league.name,
    leagueId: league.id,
    homeTeam: lookup.team(p.match.homeTeamId).name,
    awayTeam: lookup.team(p.match.awayTeamId).name,
    startTime: new Date(p.match.startTime).toISOString(),
    totalOdds: p.book.totalOdds,
    seq: p.book.seq,
    odds: engine.snapshot(p.match.id)?.odds ?? {},
  }
}
