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

/** How the board orders a list's matches (the grid's sort; cards keep the list's own order). */
export const BoardSort = z.enum(['list', 'start', 'league', 'status', 'lastMove'])
export type BoardSort = z.infer<typeof BoardSort>

/** One market the grid shows as a column: the bookmaker's group and market name (one line per name). */
export const GridColumn = z.strictObject({ oddType: z.string().min(1).max(80), market: z.string().min(1).max(80) })
export type GridColumn = z.infer<typeof GridColumn>

/** The most market columns one sport's grid shows. */
export const MAX_GRID_COLUMNS = 12

/**
 * How the trader looks at one list, kept with it: cards or grid, the grid's sort and filters, the
 * markets it shows per sport (a sport with none chosen shows its first markets), and the matches
 * pinned to the top (first in both views, in pin order). Every field has a default, so a view saved
 * by an older app reads with the fields it lacks at their defaults.
 */
export const WatchlistView = z.strictObject({
  mode: z.enum(['cards', 'grid']).default('cards'),
  sort: BoardSort.default('list'),
  liveOnly: z.boolean().default(false),
  hideFinished: z.boolean().default(false),
  groupBySport: z.boolean().default(false),
  /** Sport → its columns, in order. */
  columns: z.record(z.string().min(1).max(40), z.array(GridColumn).max(MAX_GRID_COLUMNS)).default({}),
  pinned: z.array(z.number().int()).max(500).default([]),
})
export type WatchlistView = z.infer<typeof WatchlistView>

/** A list's view before the trader changed anything. */
export const DEFAULT_WATCHLIST_VIEW: WatchlistView = WatchlistView.parse({})

export const Watchlist = z.object({
  id: z.string(),
  name: z.string().trim().min(1).max(60),
  matches: z.array(WatchedMatch),
  /** Absent until the trader changes how the list is shown. */
  view: WatchlistView.optional(),
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
  /** Replaces the list's whole view (the renderer sends the view with its one change made). */
  z.strictObject({ op: z.literal('setView'), id: Id, view: WatchlistView }),
])
export type WatchlistCommand = z.infer<typeof WatchlistCommand>
