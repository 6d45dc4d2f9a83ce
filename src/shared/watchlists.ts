/** Named watchlists: which matches a trader watches. Persisted by main; the renderer edits through the bridge. */
import { z } from 'zod'
import { MatchSummary } from './discovery'

export const Watchlist = z.object({
  id: z.string(),
  name: z.string().trim().min(1).max(60),
  matches: z.array(MatchSummary),
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
