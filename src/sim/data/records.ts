/**
 * The 36 data-service routes (data-service.md inventory) as row builders over one sport's world.
 * Routes with a documented shape answer exactly the documented fields (quirks included); the
 * others follow field-notes.md or, where nothing is known, a small coherent shape of our own.
 */
import type { MatchMoment } from '../world/clock'
import { momentOf } from '../world/clock'
import type { SportLookup } from '../world/lookup'
import type { SeasonRec, TeamRec, WorldMatch } from '../world/model'
import {
  compactMatchRecord,
  finalScore,
  fullMatchRecord,
  incidentsOf,
  statisticsOf,
  type ReadingTime,
  type Row,
} from './matches'

export interface RouteContext extends ReadingTime {
  lookup: SportLookup
}

export interface DataRoute {
  rows: (ctx: RouteContext) => Row[]
  /** Filterable, never returned (data-service.md: /teams `primary_league_id`). */
  hiddenColumns?: readonly string[]
}

const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

function withMoments(ctx: RouteContext): Array<{ match: WorldMatch; moment: MatchMoment }> {
  return ctx.lookup.world.matches.map((match) => ({ match, moment: momentOf(match, ctx.worldNow) }))
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = map.get(k)
    if (list) list.push(item)
    else map.set(k, [item])
  }
  return map
}

const teamBrief = (t: TeamRec): Row => ({ id: t.id, name: t.name, hash_image: t.hash_image })

/** The documented Team record plus the filter-only columns (hidden by the route). */
function teamRow(t: TeamRec): Row {
  const { players: _notADataField, ...row } = t
  return row
}

function seasonTeams(ctx: RouteContext, season: SeasonRec): TeamRec[] {
  const ids = new Set<number>()
  for (const m of ctx.lookup.world.matches) {
    if (m.seasonId !== season.id) continue
    ids.add(m.homeTeamId)
    ids.add(m.awayTeamId)
  }
  return [...ids].map((id) => ctx.lookup.team(id))
}

function standingsOf(ctx: RouteContext, season: SeasonRec): Row[] {
  const table = new Map<number, { played: number; wins: number; draws: number; losses: number }>()
  for (const team of seasonTeams(ctx, season)) table.set(team.id, { played: 0, wins: 0, draws: 0, losses: 0 })
  for (const { match, moment } of withMoments(ctx)) {
    if (match.seasonId !== season.id || moment.status !== 'finished') continue
    const score = finalScore(match)
    const home = table.get(match.homeTeamId)
    const away = table.get(match.awayTeamId)
    if (!home || !away) continue
    home.played++
    away.played++
    if (score.homeDisplay === score.awayDisplay) {
      home.draws++
      away.draws++
    } else if (score.homeDisplay > score.awayDisplay) {
      home.wins++
      away.losses++
    } else {
      away.wins++
      home.losses++
    }
  }
  return [...table.entries()]
    .map(([teamId, r]) => ({
      team_id: teamId,
      team_name: ctx.lookup.team(teamId).name,
      ...r,
      points: r.wins * 2 + r.draws,
    }))
    .sort((a, b) => b.points - a.points || a.team_id - b.team_id)
    .map((r, i) => ({ position: i + 1, ...r }))
}

export const DATA_ROUTES: Record<string, DataRoute> = {
  /* ---------- Reference ---------- */
  '/countries': { rows: (c) => c.lookup.world.countries.map((x) => ({ ...x })) },
  '/classes': {
    rows: (c) => c.lookup.world.classes.map(({ id, name, alpha, hash_image }) => ({ id, name, alpha, hash_image })),
  },
  '/tv-channels': { rows: (c) => c.lookup.world.tvChannels.map((x) => ({ ...x })) },
  '/arenas': { rows: (c) => c.lookup.world.arenas.map((x) => ({ ...x })) },
  '/arenas-by-country': {
    rows: (c) =>
      c.lookup.world.countries.map((country) => ({
        country_id: country.id,
        country_name: country.name,
        arenas: c.lookup.world.arenas
          .filter((a) => a.country_id === country.id)
          .map(({ id, name, city, capacity }) => ({ id, name, city, capacity })),
      })),
  },
  '/referees-by-league': {
    rows: (c) =>
      c.lookup.world.leagues.map((l) => ({
        league_id: l.id,
        league_name: l.name,
        referees: c.lookup.world.referees
          .filter((r) => r.league_id === l.id)
          .map(({ id, name, country_id, country_name }) => ({ id, name, country_id, country_name })),
      })),
  },

  /* ---------- Leagues ---------- */
  '/leagues': { rows: (c) => c.lookup.world.leagues.map((x) => ({ ...x })) },
  '/leagues-by-date': {
    // Quirk kept from data-service.md: `class_id` carries the class name as text.
    rows: (c) =>
      [...groupBy(c.lookup.world.matches, (m) => dateOf(m.startTime)).entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, matches]) => ({
          date,
          leagues: [...new Set(matches.map((m) => m.leagueId))].map((id) => {
            const l = c.lookup.league(id)
            return {
              class_id: l.class_name,
              class_name: l.class_name,
              class_hash_image: l.class_hash_image,
              league_id: l.id,
              league_name: l.name,
              league_importance: l.importance,
            }
          }),
        })),
  },
  '/leagues-by-class': {
    rows: (c) =>
      c.lookup.world.classes.map((cls) => ({
        class_id: cls.id,
        class_name: cls.name,
        class_hash_image: cls.hash_image,
        leagues: c.lookup.world.leagues
          .filter((l) => l.class_id === cls.id)
          .map(({ id, name, importance, hash_image }) => ({ id, name, importance, hash_image })),
      })),
  },

  /* ---------- Tournaments ---------- */
  '/tournaments': { rows: (c) => c.lookup.world.tournaments.map((x) => ({ ...x })) },
  '/tournaments-by-league': {
    rows: (c) =>
      c.lookup.world.leagues.map((l) => ({
        league_id: l.id,
        league_name: l.name,
        league_hash_image: l.hash_image,
        tournaments: c.lookup.world.tournaments
          .filter((t) => t.league_id === l.id)
          .map(({ id, name, importance }) => ({ id, name, importance })),
      })),
  },
  '/tournaments-by-class': {
    rows: (c) =>
      c.lookup.world.classes.map((cls) => ({
        class_id: cls.id,
        class_name: cls.name,
        class_hash_image: cls.hash_image,
        tournaments: c.lookup.world.tournaments
          .filter((t) => t.class_id === cls.id)
          .map(({ id, name, importance }) => ({ id, name, importance })),
      })),
  },

  /* ---------- Seasons ---------- */
  '/seasons': { rows: (c) => c.lookup.world.seasons.map(({ rounds: _r, groups: _g, ...s }) => s) },
  '/seasons-by-league': {
    rows: (c) =>
      c.lookup.world.leagues.map((l) => ({
        league_id: l.id,
        league_name: l.name,
        league_hash_image: l.hash_image,
        seasons: c.lookup.world.seasons
          .filter((s) => s.league_id === l.id)
          .map(({ id, name, year }) => ({ id, name, year })),
      })),
  },
  '/seasons-by-tournament': {
    rows: (c) =>
      c.lookup.world.tournaments.map((t) => ({
        tournament_id: t.id,
        tournament_name: t.name,
        seasons: c.lookup.world.seasons
          .filter((s) => s.tournament_id === t.id)
          .map(({ id, name, year }) => ({ id, name, year })),
      })),
  },
  '/seasons-info': {
    rows: (c) => {
      const all = withMoments(c)
      return c.lookup.world.seasons.map((s) => {
        const inSeason = all.filter(({ match }) => match.seasonId === s.id)
        return {
          season_id: s.id,
          season_name: s.name,
          league_id: s.league_id,
          league_name: s.league_name,
          matches_total: inSeason.length,
          matches_finished: inSeason.filter(({ moment }) => moment.status === 'finished').length,
          teams_count: seasonTeams(c, s).length,
        }
      })
    },
  },
  '/seasons-groups': {
    rows: (c) => c.lookup.world.seasons.map((s) => ({ season_id: s.id, season_name: s.name, groups: s.groups })),
  },
  '/seasons-rounds': {
    rows: (c) => c.lookup.world.seasons.map((s) => ({ season_id: s.id, season_name: s.name, rounds: s.rounds })),
  },

  /* ---------- Competition ---------- */
  '/cup-bracket': {
    rows: (c) => {
      const all = withMoments(c)
      return c.lookup.world.seasons.map((s) => ({
        season_id: s.id,
        season_name: s.name,
        tournament_id: s.tournament_id,
        rounds: s.rounds.map((r) => ({
          round: r.round,
          name: r.name,
          matches: all
            .filter(({ match }) => match.roundId === r.id)
            .map(({ match, moment }) => {
              const score = finalScore(match)
              const winner =
                moment.status !== 'finished' || score.homeDisplay === score.awayDisplay
                  ? null
                  : score.homeDisplay > score.awayDisplay
                    ? match.homeTeamId
                    : match.awayTeamId
              return {
                match_id: match.id,
                home_team_id: match.homeTeamId,
                away_team_id: match.awayTeamId,
                winner_team_id: winner,
              }
            }),
        })),
      }))
    },
  },
  '/standings': {
    rows: (c) =>
      c.lookup.world.seasons.map((s) => ({
        season_id: s.id,
        season_name: s.name,
        league_id: s.league_id,
        type: 'total',
        standings: standingsOf(c, s),
      })),
  },

  /* ---------- Teams ---------- */
  '/teams': {
    rows: (c) => c.lookup.world.teams.map(teamRow),
    hiddenColumns: ['primary_league_id', 'country_id', 'category_id'],
  },
  '/teams-seasons': {
    rows: (c) =>
      c.lookup.world.teams.map((t) => {
        const seasons = c.lookup.world.seasons.filter((s) => seasonTeams(c, s).some((x) => x.id === t.id))
        return {
          team_id: t.id,
          team_name: t.name,
          team_hash_image: t.hash_image,
          tournaments: [...groupBy(seasons, (s) => s.tournament_id).entries()].map(([tournamentId, list]) => ({
            tournament_id: tournamentId,
            tournament_name: c.lookup.tournament(tournamentId).name,
            seasons: list.map((s) => ({ season_id: s.id, season_name: s.name, start_time: s.start_time })),
          })),
        }
      }),
  },
  '/teams-by-tournament': {
    rows: (c) =>
      c.lookup.world.tournaments.map((t) => ({
        tournament_id: t.id,
        tournament_name: t.name,
        teams: c.lookup.world.teams.filter((x) => x.tournament_id === t.id).map(teamBrief),
      })),
  },
  '/teams-by-league': {
    rows: (c) =>
      c.lookup.world.leagues.map((l) => ({
        league_id: l.id,
        league_name: l.name,
        teams: c.lookup.world.teams.filter((x) => x.primary_league_id === l.id).map(teamBrief),
      })),
  },
  '/teams-by-season': {
    rows: (c) =>
      c.lookup.world.seasons.map((s) => ({
        season_id: s.id,
        season_name: s.name,
        teams: seasonTeams(c, s).map(teamBrief),
      })),
  },

  /* ---------- Matches ---------- */
  '/matches': { rows: (c) => withMoments(c).map(({ match, moment }) => fullMatchRecord(c.lookup, match, moment, c)) },
  '/matches-live': {
    rows: (c) =>
      withMoments(c)
        .filter(({ moment }) => moment.status === 'live' || moment.status === 'interrupted')
        .map(({ match, moment }) => fullMatchRecord(c.lookup, match, moment, c)),
  },
  '/matches-by-date': {
    rows: (c) =>
      [...groupBy(withMoments(c), ({ match }) => dateOf(match.startTime)).entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, list]) => ({
          date,
          matches: list.map(({ match, moment }) => compactMatchRecord(c.lookup, match, moment)),
        })),
  },
  '/matches-by-date-league': {
    rows: (c) =>
      [...groupBy(withMoments(c), ({ match }) => `${dateOf(match.startTime)}|${match.leagueId}`).entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, list]) => {
          const [date, leagueId] = key.split('|')
          return {
            date,
            league_id: Number(leagueId),
            league_name: c.lookup.league(Number(leagueId)).name,
            matches: list.map(({ match, moment }) => compactMatchRecord(c.lookup, match, moment)),
          }
        }),
  },
  '/matches-statistics': {
    rows: (c) =>
      withMoments(c).map(({ match, moment }) => ({ match_id: match.id, statistics: statisticsOf(match, moment) })),
  },
  '/matches-incidents': {
    rows: (c) =>
      withMoments(c).map(({ match, moment }) => ({ match_id: match.id, incidents: incidentsOf(match, moment) })),
  },
  '/matches-weather': {
    // Indoor sports: the hall's conditions, which is what a weather row can honestly say.
    rows: (c) =>
      c.lookup.world.matches.map((m) => ({
        match_id: m.id,
        indoor: c.lookup.world.sport !== 'cricket',
        temperature_c: 18 + (m.id % 10),
        condition: c.lookup.world.sport === 'cricket' ? 'clear' : 'indoor',
        humidity: 40 + (m.id % 30),
      })),
  },
  '/matches-tv-channels': {
    rows: (c) =>
      c.lookup.world.matches.map((m) => ({
        match_id: m.id,
        tv_channels: m.tvChannelIds
          .map((id) => c.lookup.world.tvChannels.find((t) => t.id === id))
          .filter((t) => t !== undefined)
          .map(({ id, name }) => ({ id, name })),
      })),
  },

  /* ---------- News and media ---------- */
  '/news-matches': { rows: (c) => c.lookup.world.news.map((x) => ({ ...x })) },
  '/agg-news-matches': {
    rows: (c) =>
      [...groupBy(c.lookup.world.news, (n) => n.match_id).entries()].map(([matchId, list]) => ({
        match_id: matchId,
        news_count: list.length,
        latest_published_at:
          list
            .map((n) => n.published_at)
            .sort()
            .at(-1) ?? null,
        titles: list.map((n) => n.title),
      })),
  },
  '/media-leagues': {
    rows: (c) =>
      c.lookup.world.leagues.map((l, i) => ({
        id: l.id * 10 + 1,
        league_id: l.id,
        league_name: l.name,
        title: `${l.name}: highlights`,
        url: `https://media.example.invalid/${c.lookup.world.sport}/${l.id}/${i}`,
        thumbnail_hash_image: l.hash_image,
        published_at: `${l.start_league}`,
      })),
  },
}
