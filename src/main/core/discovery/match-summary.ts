/** A data-service match record as the Discover screen and the watchlists keep it. */
import type { MatchSummary } from '../../../shared/discovery'
import type { MatchRecord } from '../../../shared/wire/data-service'
import { isValidImageHash } from '../../../shared/team-images'

/** Image hashes are feed data headed for a URL: anything not of the strict shape is dropped here. */
function hash(value: string | null | undefined): string | null {
  return isValidImageHash(value) ? value : null
}

function time(value: string | null | undefined): number | null {
  if (!value) return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}

export function toMatchSummary(sport: string, record: MatchRecord): MatchSummary {
  return {
    matchId: record.id,
    sport,
    leagueId: record.league_id ?? null,
    leagueName: record.league_name ?? '',
    tournamentName: record.tournament_name ?? null,
    home: {
      id: record.home_team_id ?? null,
      name: record.home_team_name ?? 'Home',
      hashImage: hash(record.home_team_hash_image),
    },
    away: {
      id: record.away_team_id ?? null,
      name: record.away_team_name ?? 'Away',
      hashImage: hash(record.away_team_hash_image),
    },
    startTime: time(record.start_time ?? record.specific_start_time),
    statusType: record.status_type ?? record.status?.type ?? null,
    statusReason: record.status?.reason ?? null,
    homeScore: record.home_team_score?.display ?? record.home_team_score?.current ?? null,
    awayScore: record.away_team_score?.display ?? record.away_team_score?.current ?? null,
  }
}
