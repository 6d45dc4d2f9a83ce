/** Named watchlists: which matches a trader watches. Persisted by main; the renderer edits through the bridge. */
import { z } from 'zod'
import { MatchSummary } from './discovery'

/** Which feed a watched match belongs to: a demo match id means nothing on the real feed. */
export const FeedName = z.enum(['demo', 'real'])
export type FeedName = z.infer<typeof FeedName>

/**
 * A watched match with its feed. Entries stored before feeds were told apart carry none and are
 * read as the demo feed's: the feed the app starts on without keys.
 */
export const WatchedMatch = MatchSummary.extend({ feed: FeedName.default('demo') })
export type WatchedMatch = z.infer<typeof WatchedMatch>

export const Watchlist = z.object({
  id: z.string(),
  name: z.string().trim().min(1).max(60),
  matches: z.array(WatchedMatch),
})
export type Watchlist = z.infer<typeof Watchlist>

export const WatchlistState = z.object({
  lists: z.array(Watchlist),
  activeId: z.string().nullable(),
})
export type WatchlistState = z.infer<typeof WatchlistState>

const Name = z.string().trim().min(1, 'a name is needed').max(60, 'at most 60 characters')
const Id = z.string().min(1)

export const WatchlistCommand = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('create'), name: Name }),
  z.strictObject({ op: z.literal('rename'), id: Id, name: Name }),
  z.strictObject({ op: z.literal('delete'), id: Id }),
  z.strictObject({ op: z.literal('reorder'), ids: z.array(Id) }),
  z.strictObject({ op: z.literal('activate'), id: Id }),
  z.strictObject({ op: z.literal('addMatch'), id: Id, match: MatchSummary }),
  z.strictObject({ op: z.literal('removeMatch'), id: Id, matchId: z.number().int() }),
  z.strictObject({ op: z.literal('moveMatch'), id: Id, matchId: z.number().int(), toIndex: z.number().int().min(0) }),
])
export type WatchlistCommand = z.infer<typeof WatchlistCommand>
