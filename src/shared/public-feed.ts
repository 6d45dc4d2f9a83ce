/**
 * What the odds feed's public routes add to Discover and Review (issue 21.7): a sport's leagues
 * with their available counts, the current feed of a sport the bookmaker routes do not cover, and a
 * match's record in the provider's history where the app recorded nothing.
 */
import { z } from 'zod'
import { MatchSummary } from './discovery'

const SportInput = z.strictObject({ sport: z.string().min(1).max(40) })
export { SportInput as PublicSportInput }

export const LeagueCount = z.object({
  id: z.number().int(),
  name: z.string(),
  className: z.string().nullable(),
  /** The provider's count of available matches; null when it gave none. */
  count: z.number().int().nullable(),
})
export type LeagueCount = z.infer<typeof LeagueCount>

export const LeagueListing = z.object({
  sport: z.string(),
  leagues: z.array(LeagueCount),
  /** Why the list is empty, in words ("the provider lists no leagues for badminton"); null when it is not. */
  note: z.string().nullable(),
})
export type LeagueListing = z.infer<typeof LeagueListing>

export const PublicFeedListing = z.object({
  sport: z.string(),
  matches: z.array(MatchSummary),
  note: z.string().nullable(),
})
export type PublicFeedListing = z.infer<typeof PublicFeedListing>

export const ProviderHistoryQuery = z.strictObject({
  matchId: z.number().int().positive(),
  sport: z.string().min(1).max(40).optional(),
})

export const ProviderPrice = z.object({
  oddType: z.string(),
  oddKey: z.string(),
  price: z.number(),
  /** When the provider dated it; null for closing prices it gave no time for. */
  t: z.number().nullable(),
})
export type ProviderPrice = z.infer<typeof ProviderPrice>

export const ProviderHistory = z.object({
  matchId: z.number().int(),
  sport: z.string(),
  found: z.boolean(),
  /** In words: what this is, or why there is none. */
  note: z.string(),
  homeScore: z.number().nullable(),
  awayScore: z.number().nullable(),
  /** The provider's prices this app did not record: outside what it recorded of each outcome. */
  gaps: z.array(ProviderPrice),
  /** Prices the provider has for times this app recorded too (shown for comparison, not as gaps). */
  covered: z.number().int(),
})
export type ProviderHistory = z.infer<typeof ProviderHistory>
