/**
 * Which watched matches the board shows, and in what order: pure functions of the list, its view
 * (store: the list's `view`, shared/watchlists.ts) and a few facts per match read from the board
 * store. The grid and the cards both order through here, so a pinned match heads both.
 *
 * The grid calls `orderMatches` at most every few seconds and not while the trader is in it
 * (GridView's `useSteadyOrder`): a price tick never reorders rows by itself.
 */
import type { MatchSummary } from '../../../../shared/discovery'
import type { BoardSort, WatchlistView } from '../../../../shared/watchlists'

/** What the sort and the filters need to know of a match beyond its summary. */
export interface MatchFacts {
  /** The live status (board header), else the summary's; null when unknown. */
  status: string | null
  /** When one of its prices last moved (epoch ms); null before any has. */
  lastMoveAt: number | null
}

export type FactsOf = (match: MatchSummary) => MatchFacts

/** A sport's rows under its own header when the view groups by sport; one section of all otherwise. */
export interface BoardSection {
  /** Null when the view does not group by sport. */
  sport: string | null
  matches: MatchSummary[]
}

/** Live first, then what may still be played, then what is over; an unknown status last. */
const STATUS_RANK: Record<string, number> = {
  live: 0,
  interrupted: 1,
  delayed: 2,
  upcoming: 3,
  postponed: 4,
  finished: 5,
  canceled: 6,
}
const IN_PLAY = new Set(['live', 'interrupted'])
const OVER = new Set(['finished', 'canceled'])

/** Pinned matches first, in the order they were pinned; the rest keep their order. */
export function pinnedFirst<T extends { matchId: number }>(matches: readonly T[], pinned: readonly number[]): T[] {
  if (pinned.length === 0) return [...matches]
  const byId = new Map(matches.map((m) => [m.matchId, m]))
  const head = pinned.flatMap((id) => byId.get(id) ?? [])
  const pinnedIds = new Set(pinned)
  return [...head, ...matches.filter((m) => !pinnedIds.has(m.matchId))]
}

type Compare = (a: MatchSummary, b: MatchSummary) => number

function comparer(sort: BoardSort, facts: Map<MatchSummary, MatchFacts>): Compare | null {
  const nullsLast = (x: number | null, y: number | null) => (x ?? Infinity) - (y ?? Infinity)
  switch (sort) {
    case 'list':
      return null
    case 'start':
      return (a, b) => nullsLast(a.startTime, b.startTime)
    case 'league':
      return (a, b) => a.leagueName.localeCompare(b.leagueName) || nullsLast(a.startTime, b.startTime)
    case 'status':
      return (a, b) => rank(facts.get(a)!.status) - rank(facts.get(b)!.status) || nullsLast(a.startTime, b.startTime)
    case 'lastMove':
      // Newest move first: a match that has never moved goes last.
      return (a, b) => nullsLast(negate(facts.get(a)!.lastMoveAt), negate(facts.get(b)!.lastMoveAt))
  }
}

const rank = (status: string | null): number => (status === null ? 99 : (STATUS_RANK[status] ?? 50))
const negate = (n: number | null): number | null => (n === null ? null : -n)

/**
 * The matches the view shows, in its order: the filters ("live only", "hide finished"), the sort
 * (stable: ties keep the list's order), pinned matches first, and one section per sport (in the
 * order of their first match) when the view groups by sport.
 */
export function orderMatches(
  matches: readonly MatchSummary[],
  view: Pick<WatchlistView, 'sort' | 'liveOnly' | 'hideFinished' | 'groupBySport' | 'pinned'>,
  factsOf: FactsOf,
): BoardSection[] {
  const facts = new Map(matches.map((m) => [m, factsOf(m)]))
  const shown = matches.filter((m) => {
    const status = facts.get(m)!.status
    if (view.liveOnly && !(status !== null && IN_PLAY.has(status))) return false
    return !(view.hideFinished && status !== null && OVER.has(status))
  })
  const compare = comparer(view.sort, facts)
  const ordered = pinnedFirst(compare ? shown.sort(compare) : shown, view.pinned)
  if (!view.groupBySport) return [{ sport: null, matches: ordered }]
  const bySport = new Map<string, MatchSummary[]>()
  for (const match of ordered) {
    const rows = bySport.get(match.sport)
    if (rows) rows.push(match)
    else bySport.set(match.sport, [match])
  }
  return [...bySport].map(([sport, rows]) => ({ sport, matches: rows }))
}
