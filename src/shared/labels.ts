/**
 * Words for what the feed keys: a match by its teams, a market by the label (and line) the odds
 * feed gives it, an outcome by its label, which for a winner market is the team's name. Every
 * trader-facing text (alerts, notifications, the tape and its filter, review, the CSV) goes
 * through here, so none of them shows `full-time game_handicap away`. When the feed's layout is
 * not known (a match no longer watched, an old cache), the keys are turned into words instead.
 */
import { z } from 'zod'
import { MatchLayout, type LayoutMarket } from './board'
import { outcomeId, type OutcomeRef } from './domain'
import { splitOddKey } from './wire/odds'

export const Teams = z.object({ home: z.string(), away: z.string() })
export type Teams = z.infer<typeof Teams>

/** What names a match's outcomes: its teams and the feed's layout (labels, lines), as last seen. */
export const MatchLabels = z.object({ teams: Teams.nullable(), layout: MatchLayout.nullable() })
export type MatchLabels = z.infer<typeof MatchLabels>

export interface OutcomeWords {
  /** `Game handicap -1.5`, with the odd group when it is not the whole match: `Match winner (Game time)`. */
  market: string
  /** `Lee Zii Jia`, `Over 77.5`, `Draw`. */
  outcome: string
}

/** The odd group every sport has; the others are named next to the market. */
const WHOLE_MATCH_GROUP = 'full-time'

/** `game_handicap` → `Game handicap`, `period-time` → `Period time`. */
export function keyToWords(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function matchName(matchId: number, teams: Teams | null | undefined): string {
  return teams ? `${teams.home} v ${teams.away}` : `Match ${matchId}`
}

/** `Total points 78.5`, `Match winner (Game time)`: a market with its line, and its odd group unless the whole match's. */
export function marketWords(oddType: string, label: string, line: number | null): string {
  const market = line === null ? label : `${label} ${line}`
  return oddType === WHOLE_MATCH_GROUP ? market : `${market} (${keyToWords(oddType)})`
}

/** A winner market's outcome keys stand for the teams. */
function outcomeKeyWords(key: string, teams: Teams | null | undefined): string {
  if (teams && key === 'home') return teams.home
  if (teams && key === 'away') return teams.away
  return keyToWords(key)
}

function findInLayout(
  layout: MatchLayout | null | undefined,
  ref: OutcomeRef,
): { market: LayoutMarket; outcome: LayoutMarket['outcomes'][number] } | null {
  const id = outcomeId(ref)
  for (const group of layout?.groups ?? []) {
    if (group.oddType !== ref.oddType) continue
    for (const market of group.markets) {
      const outcome = market.outcomes.find((o) => o.outcomeId === id)
      if (outcome) return { market, outcome }
    }
  }
  return null
}

export function outcomeWords(ref: OutcomeRef, labels: Partial<MatchLabels> | undefined): OutcomeWords {
  const { layout, teams } = labels ?? {}
  const found = findInLayout(layout, ref)
  if (found) {
    // A feed that labels an outcome with its bare key (`home`) still gets the team's name.
    const outcome =
      found.outcome.label === found.outcome.key ? outcomeKeyWords(found.outcome.key, teams) : found.outcome.label
    return { market: marketWords(ref.oddType, found.market.label, found.market.line), outcome }
  }
  const parts = splitOddKey(ref.oddKey) ?? { market: ref.oddKey, outcome: ref.oddKey }
  return {
    market: marketWords(ref.oddType, keyToWords(parts.market), null),
    outcome: outcomeKeyWords(parts.outcome, teams),
  }
}

/** `Game handicap -1.5 · Lee Zii Jia`: an outcome in one line. */
export function outcomeText(words: OutcomeWords): string {
  return `${words.market} · ${words.outcome}`
}
