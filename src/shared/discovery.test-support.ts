/** A match summary for tests: a live badminton match between "Home <id>" and "Away <id>", any field replaced. */
import type { MatchSummary } from './discovery'

export function testMatch(matchId: number, fields: Partial<MatchSummary> = {}): MatchSummary {
  return {
    matchId,
    sport: 'badminton',
    leagueId: 1,
    leagueName: 'League',
    tournamentName: null,
    home: { id: 1, name: `Home ${matchId}`, hashImage: null },
    away: { id: 2, name: `Away ${matchId}`, hashImage: null },
    startTime: 0,
    statusType: 'live',
    statusReason: null,
    homeScore: 0,
    awayScore: 0,
    ...fields,
  }
}
