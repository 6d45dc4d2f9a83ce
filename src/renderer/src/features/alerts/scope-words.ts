/**
 * A rule's scope in the trader's words: matches by their teams (from the watchlists, or for a match
 * no longer watched from the core's kept labels), markets and outcomes by the feed's labels (from
 * the board's layouts), for the rule list and the editor's pickers. Where the words are not known
 * (a match never seen, prices not on the board yet) the keys are turned into words, as alert texts
 * do (shared/labels.ts).
 */
import type { MatchLayout } from '../../../../shared/board'
import type { AlertScope } from '../../../../shared/alerts'
import type { MatchSummary } from '../../../../shared/discovery'
import { keyToWords, marketWords, matchName, outcomeText, outcomeWords, type Teams } from '../../../../shared/labels'
import type { WatchlistState } from '../../../../shared/watchlists'
import { makeOddKey } from '../../../../shared/wire/odds'

/** Where the words come from: the watchlists (names, teams) and the board (layouts). */
export interface ScopeSources {
  watchlists: WatchlistState
  layouts: Readonly<Record<number, MatchLayout | undefined>>
  /** The teams of matches the watchlists no longer hold, as the core kept them (`rules:matchTeams`). */
  keptTeams?: ReadonlyMap<number, Teams>
}

/** One choice of a picker: its value in the form and its words. */
export interface ScopeChoice<T> {
  key: string
  label: string
  value: T
}

export type MarketChoice = ScopeChoice<{ oddType?: string; market?: string }>
export type OutcomeChoice = ScopeChoice<{ oddType: string; oddKey: string }>

function watchedMatch(sources: ScopeSources, matchId: number): MatchSummary | undefined {
  for (const list of sources.watchlists.lists) {
    const found = list.matches.find((m) => m.matchId === matchId)
    if (found) return found
  }
  return undefined
}

function teamsOf(sources: ScopeSources, matchId: number): Teams | null {
  const m = watchedMatch(sources, matchId)
  return m ? { home: m.home.name, away: m.away.name } : (sources.keptTeams?.get(matchId) ?? null)
}

/** `L. Antonsen v A. Yamaguchi`, or `Match 300152` for a match whose teams are not known. */
export function matchWords(sources: ScopeSources, matchId: number): string {
  return matchName(matchId, teamsOf(sources, matchId))
}

/** What a market scope covers: one market, every market of an odd group, or a market in every group. */
export function marketScopeWords(
  sources: ScopeSources,
  matchId: number,
  oddType: string | undefined,
  market: string | undefined,
): string {
  if (market === undefined) return `every ${keyToWords(oddType ?? '')} market`
  const found = sources.layouts[matchId]?.groups
    .filter((g) => oddType === undefined || g.oddType === oddType)
    .flatMap((g) => g.markets.filter((m) => m.name === market).map((m) => ({ oddType: g.oddType, m })))[0]
  const label = found?.m.label ?? keyToWords(market)
  if (oddType === undefined) return `${label} (every group)`
  return marketWords(oddType, label, found?.m.line ?? null)
}

export function outcomeScopeWords(sources: ScopeSources, matchId: number, oddType: string, oddKey: string): string {
  const layout = sources.layouts[matchId] ?? null
  return outcomeText(outcomeWords({ matchId, oddType, oddKey }, { layout, teams: teamsOf(sources, matchId) }))
}

export function describeScope(scope: AlertScope, sources: ScopeSources): string {
  switch (scope.type) {
    case 'all':
      return 'all watched matches'
    case 'watchlist':
      return `watchlist ${sources.watchlists.lists.find((l) => l.id === scope.watchlistId)?.name ?? scope.watchlistId}`
    case 'match':
      return matchWords(sources, scope.matchId)
    case 'market':
      return `${matchWords(sources, scope.matchId)} · ${marketScopeWords(sources, scope.matchId, scope.oddType, scope.market)}`
    case 'outcome':
      return `${matchWords(sources, scope.matchId)} · ${outcomeScopeWords(sources, scope.matchId, scope.oddType, scope.oddKey)}`
  }
}

/** Per odd group of the match's board: every market of the group, then each market. */
export function marketChoices(sources: ScopeSources, matchId: number): MarketChoice[] {
  return (sources.layouts[matchId]?.groups ?? []).flatMap((g) => [
    choice({ oddType: g.oddType }, marketScopeWords(sources, matchId, g.oddType, undefined)),
    ...g.markets.map((m) =>
      choice({ oddType: g.oddType, market: m.name }, marketScopeWords(sources, matchId, g.oddType, m.name)),
    ),
  ])
}

/** Every outcome of the match's board, in the bookmaker's order. */
export function outcomeChoices(sources: ScopeSources, matchId: number): OutcomeChoice[] {
  return (sources.layouts[matchId]?.groups ?? []).flatMap((g) =>
    g.markets.flatMap((m) =>
      m.outcomes.map((o) => {
        const oddKey = makeOddKey(m.name, o.key)
        return choice({ oddType: g.oddType, oddKey }, outcomeScopeWords(sources, matchId, g.oddType, oddKey))
      }),
    ),
  )
}

/** A picker's key for a value: the same for the same fields, whichever way they were set. */
export function choiceKey(value: Record<string, string | undefined>): string {
  return JSON.stringify(Object.entries(value).filter(([, v]) => v !== undefined && v !== ''))
}

function choice<T extends Record<string, string | undefined>>(value: T, label: string): ScopeChoice<T> {
  return { key: choiceKey(value), label, value }
}
