/**
 * The cache as one feed sees it: matches and reference data of the current feed only. The REST
 * clients and Discover take this view, so a search hit or a Discover page cached from the demo
 * feed is never served on the real one (or the other way round).
 */
import type { Cache } from './cache'
import type { CachedReference, MatchRecord, StoredRecord } from './records'

export interface FeedScopedArchive {
  putReference(sport: string, route: string, paramsKey: string, records: readonly unknown[], fetchedAt: number): void
  getReference<T = unknown>(sport: string, route: string, paramsKey: string): CachedReference<T> | null
  upsertMatches(sport: string, matches: readonly MatchRecord[]): void
  getMatches<T = unknown>(sport: string, ids: readonly number[]): Map<number, StoredRecord<T>>
}

export function feedScoped(cache: Cache, feed: () => string): FeedScopedArchive {
  return {
    putReference: (...args) => cache.putReference(feed(), ...args),
    getReference: <T>(sport: string, route: string, paramsKey: string) =>
      cache.getReference<T>(feed(), sport, route, paramsKey),
    upsertMatches: (...args) => cache.upsertMatches(feed(), ...args),
    getMatches: <T>(sport: string, ids: readonly number[]) => cache.getMatches<T>(feed(), sport, ids),
  }
}
