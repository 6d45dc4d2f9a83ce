/** Id lookups over a built world (the world is immutable, so these are built once). */
import type { LeagueRec, SportWorld, TeamRec, TournamentRec, WorldMatch } from './model'

export class SportLookup {
  readonly teams: Map<number, TeamRec>
  readonly leagues: Map<number, LeagueRec>
  readonly tournaments: Map<number, TournamentRec>
  readonly matches: Map<number, WorldMatch>

  constructor(readonly world: SportWorld) {
    this.teams = new Map(world.teams.map((t) => [t.id, t]))
    this.leagues = new Map(world.leagues.map((l) => [l.id, l]))
    this.tournaments = new Map(world.tournaments.map((t) => [t.id, t]))
    this.matches = new Map(world.matches.map((m) => [m.id, m]))
  }

  team(id: number): TeamRec {
    const team = this.teams.get(id)
    if (!team) throw new Error(`world has no team ${id}`)
    return team
  }

  league(id: number): LeagueRec {
    const league = this.leagues.get(id)
    if (!league) throw new Error(`world has no league ${id}`)
    return league
  }

  tournament(id: number): TournamentRec {
    const tournament = this.tournaments.get(id)
    if (!tournament) throw new Error(`world has no tournament ${id}`)
    return tournament
  }
}
