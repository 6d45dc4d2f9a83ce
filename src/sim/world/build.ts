/**
 * Builds the seeded world: for each sport, classes (countries), leagues, tournaments, seasons
 * with rounds, teams (singles and pairs in badminton), arenas, referees, TV channels, news and
 * matches that reference them by id and name. Same seed + startTime → the same world.
 */
import { deriveSeed, Rng, seededUuid } from '../rng'
import type {
  ArenaRec,
  ClassRec,
  CountryRec,
  LeagueRec,
  MatchFate,
  NewsRec,
  RefereeRec,
  SeasonRec,
  SportWorld,
  TeamRec,
  TournamentRec,
  TvChannelRec,
  World,
  WorldMatch,
} from './model'
import {
  CITIES,
  COUNTRIES,
  FIRST_NAMES,
  INTERNATIONAL,
  LAST_NAMES,
  LEAGUE_SUFFIXES,
  MASCOTS,
  TV_CHANNELS,
} from './names'
import { SIM_SPORTS, SPORT_RULES, type SimSport } from './sports'

export interface WorldOptions {
  seed: number
  startTime: number
  /** Matches live at `startTime`, per sport. */
  liveMatches: number
  apiKey: string
  /** The sports the bookmaker has (its record's list); default all of this world's. */
  bookmakerSports?: readonly SimSport[]
}

/** The rival bookmaker's key: a valid key that must be refused (403) on our bookmaker's routes. */
export function rivalApiKey(apiKey: string): string {
  return `${apiKey}-rival`
}

const DAY_MS = 86_400_000
/** Id ranges per sport keep match ids unique across sports (clients key prices by match id). */
const SPORT_ID_BASE: Record<SimSport, number> = { badminton: 100_000, cricket: 200_000, hockey: 300_000 }

function color(rng: Rng): string {
  return `#${rng.hex(6)}`
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', '+00:00')
}

class IdSource {
  private next: number
  constructor(base: number) {
    this.next = base
  }
  take(): number {
    return this.next++
  }
}

function buildSport(sport: SimSport, options: WorldOptions): SportWorld {
  const rng = new Rng(deriveSeed(options.seed, sport))
  const ids = new IdSource(SPORT_ID_BASE[sport])
  const images = new Map<string, { primary: string; secondary: string }>()
  const image = (primary: string, secondary: string): string => {
    const hash = rng.hex(32)
    images.set(hash, { primary, secondary })
    return hash
  }

  const countries: CountryRec[] = COUNTRIES.slice(0, 6 + rng.int(0, 3)).map((c) => ({
    id: ids.take(),
    name: c.name,
    alpha: c.alpha,
    hash_image: image(color(rng), color(rng)),
  }))
  const classes: ClassRec[] = [
    { id: ids.take(), name: INTERNATIONAL, alpha: null, hash_image: image('#1f4e79', '#ffffff'), country_id: null },
    ...countries
      .slice(0, 4)
      .map((c) => ({ id: ids.take(), name: c.name, alpha: c.alpha, hash_image: c.hash_image, country_id: c.id })),
  ]

  const year = new Date(options.startTime).getUTCFullYear()
  const leagues: LeagueRec[] = []
  const tournaments: TournamentRec[] = []
  const seasons: SeasonRec[] = []
  const suffixes = LEAGUE_SUFFIXES[sport] ?? ['League']
  for (const cls of classes) {
    const count = cls.alpha === null ? 2 : 1
    for (let i = 0; i < count; i++) {
      const primary = color(rng)
      const secondary = color(rng)
      const league: LeagueRec = {
        id: ids.take(),
        name: `${cls.name} ${suffixes[(leagues.length + i) % suffixes.length]}`,
        importance: rng.int(1, 5),
        primary_color: primary,
        secondary_color: secondary,
        start_league: iso(Date.UTC(year, 0, 1)),
        end_league: iso(Date.UTC(year, 11, 31)),
        hash_image: image(primary, secondary),
        class_id: cls.id,
        class_name: cls.name,
        class_hash_image: cls.hash_image,
      }
      leagues.push(league)
      const tournament: TournamentRec = {
        id: ids.take(),
        name: `${league.name} ${year}`,
        importance: league.importance,
        league_id: league.id,
        league_name: league.name,
        class_id: cls.id,
        class_name: cls.name,
        class_hash_image: cls.hash_image,
      }
      tournaments.push(tournament)
      for (const y of [year - 1, year]) {
        const start = Date.UTC(y, 0, 1)
        seasons.push({
          id: ids.take(),
          name: `${league.name} ${y}`,
          year: String(y),
          league_id: league.id,
          league_name: league.name,
          tournament_id: tournament.id,
          tournament_name: tournament.name,
          start_time: isoDate(start),
          end_time: isoDate(Date.UTC(y, 11, 31)),
          rounds: [1, 2, 3, 4].map((r) => ({
            id: ids.take(),
            name: r === 4 ? 'Final' : r === 3 ? 'Semifinal' : `Round ${r}`,
            round: r,
            start_time: isoDate(start + (r - 1) * 90 * DAY_MS),
            end_time: isoDate(start + r * 90 * DAY_MS - DAY_MS),
          })),
          groups: [
            { id: ids.take(), name: 'Group A' },
            { id: ids.take(), name: 'Group B' },
          ],
        })
      }
    }
  }

  const teams = buildTeams(sport, rng, ids, countries, classes, leagues, tournaments, image)
  const arenas: ArenaRec[] = countries.map((c, i) => ({
    id: ids.take(),
    name: `${CITIES[i % CITIES.length]} Arena`,
    city: CITIES[i % CITIES.length] as string,
    capacity: rng.int(2, 18) * 1000,
    country_id: c.id,
    country_name: c.name,
    hash_image: image(color(rng), '#ffffff'),
  }))
  const referees: RefereeRec[] = leagues.map((l, i) => {
    const country = countries[i % countries.length] as CountryRec
    return {
      id: ids.take(),
      name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
      country_id: country.id,
      country_name: country.name,
      league_id: l.id,
    }
  })
  const tvChannels: TvChannelRec[] = TV_CHANNELS.map((name, i) => ({
    id: ids.take(),
    name,
    country_id: (countries[i % countries.length] as CountryRec).id,
  }))

  const matches = buildMatches(sport, rng, ids, options, {
    leagues,
    tournaments,
    seasons,
    teams,
    arenas,
    referees,
    tvChannels,
  })
  const news: NewsRec[] = matches
    .filter((_, i) => i % 3 === 0)
    .map((m) => {
      const home = teams.find((t) => t.id === m.homeTeamId) as TeamRec
      const away = teams.find((t) => t.id === m.awayTeamId) as TeamRec
      const id = ids.take()
      return {
        id,
        match_id: m.id,
        title: `${home.name} meet ${away.name}`,
        link: `https://news.example.invalid/${sport}/${id}`,
        published_at: iso(m.startTime - DAY_MS),
        source: 'Sim Sports Desk',
      }
    })
  return {
    sport,
    countries,
    classes,
    leagues,
    tournaments,
    seasons,
    teams,
    arenas,
    referees,
    tvChannels,
    matches,
    news,
    images,
  }
}

function buildTeams(
  sport: SimSport,
  rng: Rng,
  ids: IdSource,
  countries: CountryRec[],
  classes: ClassRec[],
  leagues: LeagueRec[],
  tournaments: TournamentRec[],
  image: (primary: string, secondary: string) => string,
): TeamRec[] {
  const teams: TeamRec[] = []
  const make = (name: string, fullName: string, code: string, subTeams: number[], index: number): TeamRec => {
    const league = leagues[index % leagues.length] as LeagueRec
    const tournament = tournaments.find((t) => t.league_id === league.id) as TournamentRec
    const country = countries[index % countries.length] as CountryRec
    const cls = classes.find((c) => c.country_id === country.id) ?? (classes[0] as ClassRec)
    const primary = color(rng)
    const secondary = color(rng)
    return {
      id: ids.take(),
      name,
      full_name: fullName,
      name_code: code,
      national: false,
      type: subTeams.length > 0 ? 2 : 1,
      color_primary: primary,
      color_secondary: secondary,
      color_text: '#ffffff',
      hash_image: image(primary, secondary),
      sub_teams: subTeams,
      class_id: cls.id,
      class_name: cls.name,
      class_hash_image: cls.hash_image,
      tournament_id: tournament.id,
      tournament_name: tournament.name,
      primary_league_id: league.id,
      country_id: country.id,
      category_id: cls.id,
      players: Array.from({ length: 4 }, () => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`),
    }
  }
  if (sport === 'badminton') {
    const singles: TeamRec[] = []
    for (let i = 0; i < 24; i++) {
      const first = FIRST_NAMES[i % FIRST_NAMES.length] as string
      const last = LAST_NAMES[(i * 7) % LAST_NAMES.length] as string
      const t = make(`${first[0]}. ${last}`, `${first} ${last}`, last.slice(0, 3).toUpperCase(), [], i)
      singles.push(t)
    }
    teams.push(...singles)
    // Doubles pairs: teams whose sub_teams are two singles players.
    for (let i = 0; i + 1 < 12; i += 2) {
      const a = singles[i] as TeamRec
      const b = singles[i + 1] as TeamRec
      teams.push(
        make(
          `${a.name} / ${b.name}`,
          `${a.full_name} / ${b.full_name}`,
          `${a.name_code}/${b.name_code}`,
          [a.id, b.id],
          i,
        ),
      )
    }
  } else {
    for (let i = 0; i < 20; i++) {
      const city = CITIES[i % CITIES.length] as string
      const mascot = MASCOTS[(i * 5) % MASCOTS.length] as string
      teams.push(
        make(
          `${city} ${mascot}`,
          `${city} ${mascot} ${sport === 'hockey' ? 'HC' : 'CC'}`,
          city.slice(0, 3).toUpperCase(),
          [],
          i,
        ),
      )
    }
  }
  return teams
}

/** What a match refers to: the sport's world built so far. */
type MatchRefs = Pick<
  SportWorld,
  'leagues' | 'tournaments' | 'seasons' | 'teams' | 'arenas' | 'referees' | 'tvChannels'
>

/** Which kind of match each slot is, in the order they are built (the order is part of the seed). */
function matchPlan(liveMatches: number): Array<'live' | 'upcoming' | 'finished' | MatchFate['kind']> {
  const plan: Array<'live' | 'upcoming' | 'finished' | MatchFate['kind']> = []
  for (let i = 0; i < liveMatches; i++) plan.push(i === 1 ? 'interrupted' : 'live')
  for (let i = 0; i < Math.max(12, liveMatches); i++) plan.push(i === 2 ? 'delayed' : 'upcoming')
  for (let i = 0; i < 12; i++) plan.push(i === 3 ? 'retired' : 'finished')
  plan.push('postponed', 'postponed', 'canceled')
  return plan
}

function buildMatches(sport: SimSport, rng: Rng, ids: IdSource, options: WorldOptions, refs: MatchRefs): WorldMatch[] {
  const rules = SPORT_RULES[sport]
  const singlesOnly = refs.teams.filter((t) => t.sub_teams.length === 0)
  const pairs = refs.teams.filter((t) => t.sub_teams.length > 0)
  let upcomingIndex = 0
  let finishedIndex = 0
  return matchPlan(options.liveMatches).map((slot, index) => {
    const id = ids.take()
    const pool = pairs.length > 1 && index % 4 === 3 ? pairs : singlesOnly
    const homeIdx = rng.int(0, pool.length - 1)
    const awayIdx = (homeIdx + rng.int(1, pool.length - 1)) % pool.length
    const home = pool[homeIdx] as TeamRec
    const away = pool[awayIdx] as TeamRec
    const tournament = refs.tournaments[index % refs.tournaments.length] as TournamentRec
    const season = refs.seasons.filter((s) => s.tournament_id === tournament.id).at(-1) as SeasonRec
    const homeStrength = 0.4 + rng.next() * 0.2
    const script = rules.buildScript(new Rng(deriveSeed(options.seed, `${sport}-script-${id}`)), homeStrength)
    const durationMs = script.duration * 1000
    let startTime: number
    let fate: MatchFate = { kind: 'normal' }
    switch (slot) {
      case 'live':
      case 'interrupted': {
        const progress = 0.05 + rng.next() * 0.7
        startTime = options.startTime - Math.round(progress * durationMs)
        if (slot === 'interrupted')
          fate = { kind: 'interrupted', pauseAtS: Math.round(progress * script.duration) + 120, pauseForS: 300 }
        break
      }
      case 'upcoming':
      case 'delayed':
        upcomingIndex++
        startTime = options.startTime + upcomingIndex * 12 * 60_000 + rng.int(0, 5) * 60_000
        if (slot === 'delayed') fate = { kind: 'delayed', delayS: 600 }
        break
      case 'finished':
      case 'retired':
        finishedIndex++
        startTime = options.startTime - durationMs - finishedIndex * 5 * 3_600_000
        if (slot === 'retired') fate = { kind: 'retired', atS: Math.round(script.duration * 0.6) }
        break
      case 'postponed':
        startTime = options.startTime + DAY_MS + rng.int(0, 23) * 3_600_000
        fate = { kind: 'postponed' }
        break
      default:
        startTime = options.startTime - DAY_MS
        fate = { kind: 'canceled' }
    }
    const round = season.rounds[index % season.rounds.length] as SeasonRec['rounds'][number]
    return {
      id,
      sport,
      startTime: Math.round(startTime / 1000) * 1000,
      fate,
      script,
      homeStrength,
      priced: !(slot === 'upcoming' && upcomingIndex % 7 === 0),
      homeTeamId: home.id,
      awayTeamId: away.id,
      tournamentId: tournament.id,
      seasonId: season.id,
      roundId: round.id,
      leagueId: tournament.league_id,
      arenaId: (refs.arenas[index % refs.arenas.length] as ArenaRec).id,
      refereeId: (refs.referees.find((r) => r.league_id === tournament.league_id) ?? (refs.referees[0] as RefereeRec))
        .id,
      tvChannelIds: [(refs.tvChannels[index % refs.tvChannels.length] as TvChannelRec).id],
    }
  })
}

export function buildWorld(options: WorldOptions): World {
  const rng = new Rng(deriveSeed(options.seed, 'bookmakers'))
  const sports = Object.fromEntries(SIM_SPORTS.map((s) => [s, buildSport(s, options)])) as Record<SimSport, SportWorld>
  return {
    seed: options.seed,
    startTime: options.startTime,
    sports,
    bookmaker: {
      id: seededUuid(rng),
      name: 'Sim Bookmaker',
      apiKey: options.apiKey,
      sports: [...(options.bookmakerSports ?? SIM_SPORTS)],
    },
    rival: { id: seededUuid(rng), name: 'Rival Bookmaker', apiKey: rivalApiKey(options.apiKey), sports: [] },
  }
}
