/**
 * The odds feed's public routes (odds-feed.md "Public routes"), served at the root of the odds base
 * URL without the bookmaker path. Their bodies are "not shown", so they are answered as JSON.
 */
export const ODDS_PUBLIC_ROUTES = [
  'cricket',
  'hockey',
  'table-tennis',
  'esports',
  'cricket-history',
  'hockey-history',
  'volleyball-history',
  'baseball-history',
  'cricket-classes',
  'hockey-classes',
  'cricket-leagues',
  'handball-leagues',
  'volleyball-leagues',
] as const

export type OddsPublicRoute = (typeof ODDS_PUBLIC_ROUTES)[number]

export function isOddsPublicRoute(route: string): route is OddsPublicRoute {
  return (ODDS_PUBLIC_ROUTES as readonly string[]).includes(route)
}
