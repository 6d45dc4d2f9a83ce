/**
 * The odds feed's public routes (odds-feed.md "Public routes") are one name per sport and family:
 * `/cricket` (current feed), `/cricket-history`, `/cricket-classes`, `/cricket-leagues`. Which
 * sport has which family varies by provider, so the client builds the name and a 404 answers
 * "not available for this sport" rather than the client keeping a list that could go stale.
 */
export const PUBLIC_FAMILIES = { feed: '', history: '-history', classes: '-classes', leagues: '-leagues' } as const
export type PublicFamily = keyof typeof PUBLIC_FAMILIES

export function publicRouteName(sport: string, family: PublicFamily): string {
  return `${sport}${PUBLIC_FAMILIES[family]}`
}
