/**
 * The simulated world of one sport. Reference records are stored in the data service's own
 * field names (they are served almost as they are); matches keep their script and timing, and
 * their public records are derived from the clock at request time (see records/matches.ts).
 */
import type { MatchScript } from './script'
import type { SimSport } from './sports'

export interface ImageSpec {
  primary: string
  secondary: string
}

export interface CountryRec {
  id: number
  name: string
  alpha: string
  hash_image: string
}

export interface ClassRec {
  id: number
  name: string
  /** Country code when the class is a country; null for International. */
  alpha: string | null
  hash_image: string
  country_id: number | null
}

export interface LeagueRec {
  id: number
  name: string
  importance: number
  primary_color: string
  secondary_color: string
  start_league: string
  end_league: string
  hash_image: string
  class_id: number
  class_name: string
  class_hash_image: string
}

export interface TournamentRec {
  id: number
  name: string
  importance: number
  league_id: number
  league_name: string
  class_id: number
  class_name: string
  class_hash_image: string
}

export interface RoundRec {
  id: number
  name: string
  round: number
  start_time: string
  end_time: string
}

export interface SeasonRec {
  id: number
  name: string
  year: string
  league_id: number
  league_name: string
  tournament_id: number
  tournament_name: string
  start_time: string
  end_time: string
  rounds: RoundRec[]
  groups: Array<{ id: number; name: string }>
}

export interface TeamRec {
  id: number
  name: string
  full_name: string
  name_code: string
  national: boolean
  type: number
  color_primary: string
  color_secondary: string
  color_text: string
  hash_image: string
  sub_teams: number[]
  class_id: number
  class_name: string
  class_hash_image: string
  tournament_id: number
  tournament_name: string
  /** Filterable on /teams, never returned (data-service.md). */
  primary_league_id: number
  country_id: number
  category_id: number
  /** Squad names, used for the cricket player markets. Not a data-service field. */
  players: string[]
}

export interface ArenaRec {
  id: number
  name: string
  city: string
  capacity: number
  country_id: number
  country_name: string
  hash_image: string
}

export interface RefereeRec {
  id: number
  name: string
  country_id: number
  country_name: string
  league_id: number
}

export interface TvChannelRec {
  id: number
  name: string
  country_id: number
}

/**
 * How a match departs from the plain upcoming → live → finished path.
 * `interrupted`: the clock stops for `pauseForS` at match-clock `pauseAtS`.
 * `delayed`: it starts `delayS` after its scheduled time. `retired`: it ends early.
 */
export type MatchFate =
  | { kind: 'normal' }
  | { kind: 'postponed' }
  | { kind: 'canceled' }
  | { kind: 'retired'; atS: number }
  | { kind: 'interrupted'; pauseAtS: number; pauseForS: number }
  | { kind: 'delayed'; delayS: number }

export interface WorldMatch {
  id: number
  sport: SimSport
  /** Scheduled start, world-clock epoch ms. */
  startTime: number
  fate: MatchFate
  script: MatchScript
  /** Chance of a home point/ball/goal: the seeded strength gap. */
  homeStrength: number
  /** False for the few matches the bookmaker has not priced (`totalOdds` 0). */
  priced: boolean
  homeTeamId: number
  awayTeamId: number
  tournamentId: number
  seasonId: number
  roundId: number
  leagueId: number
  arenaId: number
  refereeId: number
  tvChannelIds: number[]
}

export interface NewsRec {
  id: number
  match_id: number
  title: string
  link: string
  published_at: string
  source: string
}

export interface SportWorld {
  sport: SimSport
  countries: CountryRec[]
  classes: ClassRec[]
  leagues: LeagueRec[]
  tournaments: TournamentRec[]
  seasons: SeasonRec[]
  teams: TeamRec[]
  arenas: ArenaRec[]
  referees: RefereeRec[]
  tvChannels: TvChannelRec[]
  matches: WorldMatch[]
  news: NewsRec[]
  /** Every hash_image the world references, with the colours its PNG is drawn in. */
  images: Map<string, ImageSpec>
}

export interface Bookmaker {
  id: string
  name: string
  apiKey: string
  sports: SimSport[]
}

export interface World {
  seed: number
  startTime: number
  sports: Record<SimSport, SportWorld>
  /** The bookmaker this simulator is the dashboard of, and a rival whose key must be refused. */
  bookmaker: Bookmaker
  rival: Bookmaker
}
