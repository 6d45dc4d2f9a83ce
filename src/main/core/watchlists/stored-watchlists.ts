/**
 * The watchlists as the settings file holds them, read list by list and match by match: a list
 * whose own fields no longer parse (a name one character too long) or a watched match with a bad
 * field is refused alone, and every other list and match is kept. Before this, one bad entry
 * failed the whole state and the trader started on an empty "My matches", which the next save
 * wrote over the file.
 */
import { z } from 'zod'
import { WatchedMatch, Watchlist, WatchlistState, WatchlistView } from '../../../shared/watchlists'
import { firstIssue } from '../../../shared/issue-words'
import { keepParsing, type RefusedEntry } from '../stored-entries'

export const WATCHLISTS_KEY = 'watchlists'

/** A list's own fields, its matches and its view read on their own below. */
const StoredList = Watchlist.extend({ matches: z.array(z.unknown()), view: z.unknown().optional() })
const StoredState = z.object({ lists: z.array(z.unknown()), activeId: z.unknown() })

/**
 * What of `stored` can be kept, as a valid state (undefined when nothing was stored), and what was
 * refused. A state that is not even a list of lists is refused whole.
 */
export function salvageWatchlists(stored: unknown): { state: WatchlistState | undefined; refused: RefusedEntry[] } {
  if (stored === undefined) return { state: undefined, refused: [] }
  const refused: RefusedEntry[] = []
  const shape = StoredState.safeParse(stored)
  if (!shape.success) {
    refused.push({ where: WATCHLISTS_KEY, problem: firstIssue(shape.error), value: stored })
    return { state: undefined, refused }
  }
  const lists = keepParsing(shape.data.lists, StoredList, `${WATCHLISTS_KEY}.lists`, refused, (list, where) => {
    const { view, ...rest } = list
    return {
      ...rest,
      matches: keepParsing(rest.matches, WatchedMatch, `${where}.matches`, refused),
      ...salvageView(view, `${where}.view`, refused),
    }
  })
  const { activeId } = shape.data
  const active = lists.find((l) => l.id === activeId)?.id ?? lists[0]?.id ?? null
  return { state: WatchlistState.parse({ lists, activeId: active }), refused }
}

/** A view that no longer parses is refused alone: the list is kept, shown as cards until set again. */
function salvageView(stored: unknown, where: string, refused: RefusedEntry[]): { view?: WatchlistView } {
  if (stored === undefined) return {}
  const parsed = WatchlistView.safeParse(stored)
  if (parsed.success) return { view: parsed.data }
  refused.push({ where, problem: firstIssue(parsed.error), value: stored })
  return {}
}
