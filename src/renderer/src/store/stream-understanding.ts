/**
 * Which of the streams that carry a match are not understood (connected, but their frames are
 * refused: shared/health.ts): its odds streams, its own data streams, and the desk's data streams
 * of its sport. The card shows them in place of a healthy look; the words are the stream kinds,
 * joined, so the card re-renders when they change, not every second.
 */
import type { FeedHealth } from '../../../shared/health'
import { useFeedStore } from './feed-store'
import { useLiveOnly } from './replay-store'

/** "time, score" for the match's streams not understood; null when every one is read. */
export function notUnderstoodKinds(
  health: Pick<FeedHealth, 'streams'> | null,
  matchId: number,
  sport: string,
): string | null {
  const kinds = new Set<string>()
  for (const s of health?.streams ?? []) {
    if (s.state !== 'not_understood') continue
    if (s.matchId === matchId || (s.matchId === null && s.sport === sport)) kinds.add(s.kind)
  }
  return kinds.size === 0 ? null : [...kinds].join(', ')
}

/** Null while a replay shows: the live streams' state says nothing of replayed prices. */
export function useNotUnderstood(matchId: number, sport: string): string | null {
  return useLiveOnly(
    useFeedStore((s) => notUnderstoodKinds(s.health, matchId, sport)),
    null,
  )
}
