/**
 * Why a match shows its cached prices, in the trader's words: the card's badge and the status bar
 * read the same phrase. Main lists the watched matches whose odds snapshot failed, with the cause
 * (`feed:health`'s `unsynced`); a match not listed and not synced is truly resyncing.
 */
import type { UnsyncedCause, UnsyncedMatch } from '../../../shared/health'
import { useFeedStore } from './feed-store'

export const UNSYNCED_WORDS: Record<UnsyncedCause | 'resyncing', string> = {
  resyncing: 'resyncing',
  unreachable: 'feed unreachable',
  key_rejected: 'key rejected',
  no_access: 'no access',
  bookmaker_not_found: 'bookmaker not found — check Settings',
  not_priced: 'not priced by the bookmaker',
  rate_limited: 'rate limited',
  failing: 'feed failing',
}

/**
 * The card's badge text after "cached · " and its longer title; `resyncing` while main lists no trouble
 * for the match. Selected as strings, so a card re-renders only when they change.
 */
export function useUnsyncedWords(matchId: number): { words: string; detail: string | null } {
  const trouble = (s: ReturnType<typeof useFeedStore.getState>) => s.health?.unsynced.find((m) => m.matchId === matchId)
  const cause = useFeedStore((s) => trouble(s)?.cause ?? 'resyncing')
  const detail = useFeedStore((s) => trouble(s)?.message ?? null)
  return { words: UNSYNCED_WORDS[cause], detail }
}

/** Every cause main reports now, with how many matches it holds on cached prices and one message. */
export function unsyncedSummary(
  unsynced: readonly UnsyncedMatch[],
): Array<{ cause: UnsyncedCause; matches: number; message: string }> {
  const byCause = new Map<UnsyncedCause, { cause: UnsyncedCause; matches: number; message: string }>()
  for (const { cause, message } of unsynced) {
    const entry = byCause.get(cause)
    if (entry) entry.matches++
    else byCause.set(cause, { cause, matches: 1, message })
  }
  return [...byCause.values()]
}
