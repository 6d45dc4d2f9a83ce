/**
 * The data service's 36 routes (data-service.md inventory) as one table: the record schema each
 * answer is validated with, and whether the document says it refreshes daily (then it is served
 * from the reference cache and fetched at most once a day). Routes whose records the documents do
 * not show are validated as loose objects: any fields, nothing lost.
 */
import type { z } from 'zod'
import {
  ClassRecord,
  CountryRecord,
  LeagueRecord,
  LeaguesByDateRecord,
  LooseRecord,
  MatchIncidentsRecord,
  MatchRecord,
  MatchesByDateRecord,
  SeasonRoundsRecord,
  TeamRecord,
  TeamSeasonsRecord,
  TournamentRecord,
  TournamentsByLeagueRecord,
} from '../../../../shared/wire/data-service'

interface RouteSpec<S extends z.ZodType> {
  record: S
  /** data-service.md Limits: refreshed daily or recommended at most one call per day. */
  daily: boolean
}

const daily = <S extends z.ZodType>(record: S): RouteSpec<S> => ({ record, daily: true })
const live = <S extends z.ZodType>(record: S): RouteSpec<S> => ({ record, daily: false })

export const DATA_ROUTES = {
  // Reference
  countries: live(CountryRecord),
  classes: daily(ClassRecord),
  'tv-channels': live(LooseRecord),
  arenas: live(LooseRecord),
  'arenas-by-country': live(LooseRecord),
  'referees-by-league': live(LooseRecord),
  // Leagues
  leagues: daily(LeagueRecord),
  'leagues-by-date': daily(LeaguesByDateRecord),
  'leagues-by-class': live(LooseRecord),
  // Tournaments
  tournaments: daily(TournamentRecord),
  'tournaments-by-league': daily(TournamentsByLeagueRecord),
  'tournaments-by-class': live(LooseRecord),
  // Seasons
  seasons: live(LooseRecord),
  'seasons-by-league': live(LooseRecord),
  'seasons-by-tournament': live(LooseRecord),
  'seasons-info': live(LooseRecord),
  'seasons-groups': live(LooseRecord),
  'seasons-rounds': daily(SeasonRoundsRecord),
  // Competition
  'cup-bracket': live(LooseRecord),
  standings: live(LooseRecord),
  // Teams
  teams: daily(TeamRecord),
  'teams-seasons': daily(TeamSeasonsRecord),
  'teams-by-tournament': live(LooseRecord),
  'teams-by-league': live(LooseRecord),
  'teams-by-season': live(LooseRecord),
  // Matches
  matches: live(MatchRecord),
  'matches-by-date': live(MatchesByDateRecord),
  'matches-by-date-league': live(LooseRecord),
  'matches-live': live(MatchRecord),
  'matches-statistics': live(LooseRecord),
  'matches-incidents': live(MatchIncidentsRecord),
  'matches-weather': live(LooseRecord),
  'matches-tv-channels': live(LooseRecord),
  // News and media
  'news-matches': live(LooseRecord),
  'agg-news-matches': live(LooseRecord),
  'media-leagues': live(LooseRecord),
} as const

export type DataRoute = keyof typeof DATA_ROUTES
export type DataRecord<R extends DataRoute> = z.output<(typeof DATA_ROUTES)[R]['record']>

export function isDataRoute(route: string): route is DataRoute {
  return Object.hasOwn(DATA_ROUTES, route)
}

/** The spec of one route, typed by its name (TypeScript cannot narrow the table's union of schemas itself). */
export function routeSpec<R extends DataRoute>(route: R): RouteSpec<z.ZodType<DataRecord<R>>> {
  return DATA_ROUTES[route] as unknown as RouteSpec<z.ZodType<DataRecord<R>>>
}
