/**
 * The port to the local cache for the routes data-service.md says refresh daily: their answers are
 * served from here and fetched at most once a day (unless the trader forces a refresh). The SQLite
 * cache implements it; `paramsKey` is the query string of the request, so each query is its own entry.
 */
export interface CachedReference {
  records: unknown[]
  /** Epoch ms. */
  fetchedAt: number
}

export interface ReferenceCache {
  getReference(
    sport: string,
    route: string,
    paramsKey: string,
  ): CachedReference | null | Promise<CachedReference | null>
  putReference(
    sport: string,
    route: string,
    paramsKey: string,
    records: unknown[],
    fetchedAt: number,
  ): void | Promise<void>
}

/** data-service.md Limits: "at most 1 per day". */
export const REFERENCE_MAX_AGE_MS = 24 * 60 * 60 * 1000
