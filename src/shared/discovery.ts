/** What the Discover screen lists and what a watchlist remembers of a match. */
import { z } from 'zod'

export const TeamRef = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  /** Validated image hash (see main's image cache); null when the feed gave none. */
  hashImage: z.string().nullable(),
})
export type TeamRef = z.infer<typeof TeamRef>

export const MatchSummary = z.object({
  matchId: z.number().int(),
  sport: z.string(),
  leagueId: z.number().int().nullable(),
  leagueName: z.string(),
  tournamentName: z.string().nullable(),
  home: TeamRef,
  away: TeamRef,
  /** Epoch ms. */
  startTime: z.number().nullable(),
  statusType: z.string().nullable(),
  statusReason: z.string().nullable(),
  homeScore: z.number().nullable(),
  awayScore: z.number().nullable(),
})
export type MatchSummary = z.infer<typeof MatchSummary>

const Paging = {
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(200).default(50),
  /**
   * The caller's list (Discover's screen names its own): a newer query of the same list ends this
   * one, so a query the trader left stops waiting out a 429 and retrying for nobody.
   */
  listing: z.string().min(1).max(40).optional(),
}

export const DiscoverQuery = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('live'), sport: z.string(), ...Paging }),
  z.strictObject({ mode: z.literal('date'), sport: z.string(), date: z.iso.date(), ...Paging }),
  z.strictObject({ mode: z.literal('league'), sport: z.string(), leagueId: z.number().int(), ...Paging }),
  z.strictObject({ mode: z.literal('team'), sport: z.string(), teamId: z.number().int(), ...Paging }),
])
export type DiscoverQuery = z.input<typeof DiscoverQuery>

export const DiscoverPage = z.object({
  matches: z.array(MatchSummary),
  /** True when the service may have more (the page came back full). */
  more: z.boolean(),
  /** Served from the local cache because the feed was unreachable: age of the data in ms. */
  cachedAgeMs: z.number().nullable(),
})
export type DiscoverPage = z.infer<typeof DiscoverPage>

export const SearchQuery = z.strictObject({ sport: z.string(), text: z.string().trim().min(2).max(80) })

export const SearchHit = z.object({
  kind: z.enum(['team', 'league']),
  id: z.number().int(),
  name: z.string(),
  detail: z.string().nullable(),
  hashImage: z.string().nullable(),
})
export type SearchHit = z.infer<typeof SearchHit>
