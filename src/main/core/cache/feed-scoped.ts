/**
 * The cache as one feed sees it: everything of the current feed only. The core hands this view (not
 * the Cache) to every reader and writer, so a search hit, a recorded price, an override, an alert or
 * a layout recorded on the demo feed is never served on the real one (or the other way round): the
 * feeds number their matches independently. `feed()` is read on every call, so a switch of feed
 * takes effect at once.
 */
import type { Cache } from './cache'
import type { CachedReference, MatchRecord, StoredRecord } from './records'

type WithoutFeed<F> = F extends (feed: string, ...rest: infer A) => infer R ? (...rest: A) => R : never

type PlainCalls =
  | 'recordTicks'
  | 'recordOverrideEvents'
  | 'recordHeaders'
  | 'acknowledgeOverrideEvents'
  | 'recordAlerts'
  | 'alerts'
  | 'recentAlerts'
  | 'putLabels'
  | 'labels'
  | 'outcomes'
  | 'latestPrices'
  | 'overrideEvents'
  | 'recentOverrideEvents'
  | 'changes'
  | 'recentChanges'
  | 'history'
  | 'ticks'
  | 'exportCsv'
  | 'replayState'
  | 'replayEvents'
  | 'replayTickCount'

export type FeedScopedArchive = { [K in PlainCalls]: WithoutFeed<Cache[K]> } & {
  // Generic calls spelled out: a mapped type would lose their type parameter.
  putReference(sport: string, route: string, paramsKey: string, records: readonly unknown[], fetchedAt: number): void
  getReference<T = unknown>(sport: string, route: string, paramsKey: string): CachedReference<T> | null
  upsertMatches(sport: string, matches: readonly MatchRecord[]): void
  getMatches<T = unknown>(sport: string, ids: readonly number[]): Map<number, StoredRecord<T>>
}

export function feedScoped(cache: Cache, feed: () => string): FeedScopedArchive {
  return {
    recordTicks: (...args) => cache.recordTicks(feed(), ...args),
    recordOverrideEvents: (...args) => cache.recordOverrideEvents(feed(), ...args),
    recordHeaders: (...args) => cache.recordHeaders(feed(), ...args),
    acknowledgeOverrideEvents: (...args) => cache.acknowledgeOverrideEvents(feed(), ...args),
    recordAlerts: (...args) => cache.recordAlerts(feed(), ...args),
    alerts: (...args) => cache.alerts(feed(), ...args),
    recentAlerts: (...args) => cache.recentAlerts(feed(), ...args),
    putLabels: (...args) => cache.putLabels(feed(), ...args),
    labels: (...args) => cache.labels(feed(), ...args),
    outcomes: (...args) => cache.outcomes(feed(), ...args),
    latestPrices: (...args) => cache.latestPrices(feed(), ...args),
    overrideEvents: (...args) => cache.overrideEvents(feed(), ...args),
    recentOverrideEvents: (...args) => cache.recentOverrideEvents(feed(), ...args),
    changes: (...args) => cache.changes(feed(), ...args),
    recentChanges: (...args) => cache.recentChanges(feed(), ...args),
    history: (...args) => cache.history(feed(), ...args),
    ticks: (...args) => cache.ticks(feed(), ...args),
    exportCsv: (...args) => cache.exportCsv(feed(), ...args),
    replayState: (...args) => cache.replayState(feed(), ...args),
    replayEvents: (...args) => cache.replayEvents(feed(), ...args),
    replayTickCount: (...args) => cache.replayTickCount(feed(), ...args),
    putReference: (...args) => cache.putReference(feed(), ...args),
    getReference: <T>(sport: string, route: string, paramsKey: string) =>
      cache.getReference<T>(feed(), sport, route, paramsKey),
    upsertMatches: (...args) => cache.upsertMatches(feed(), ...args),
    getMatches: <T>(sport: string, ids: readonly number[]) => cache.getMatches<T>(feed(), sport, ids),
  }
}
