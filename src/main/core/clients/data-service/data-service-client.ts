/**
 * Client of the data service's 36 routes (data-service.md), driven by one route table: a call
 * names the route, the client builds the URL for the sport, walks `offset` in pages of 50 when
 * more is asked for, validates every record with the shared schema (a bad record is counted and
 * skipped, never the page), and serves the daily routes from the reference cache.
 */
import { pg, type PgQuery } from '../../../../shared/postgrest/query'
import { isValidImageHash } from '../../../../shared/team-images'
import type { Settings } from '../../../../shared/settings'
import { dataMarketplaceHost } from '../../../../shared/wire/keys'
import type { HttpClient } from '../http/http-client'
import { collectPages } from '../http/paging'
import { notAList, parseList, type AnswerOutcome } from '../http/parse-answer'
import { failWith, succeed, type FeedResult } from '../http/result'
import { feedUrl } from '../http/url'
import { dataBaseUrlForSport } from './base-url'
import { REFERENCE_MAX_AGE_MS, type ReferenceCache } from './reference-cache'
import { isDataRoute, routeSpec, type DataRecord, type DataRoute } from './routes'

/** data-service.md Limits: "default 50, maximum 50". */
export const DATA_PAGE_SIZE = 50
/** `limit: 'all'` stops here: a runaway route must not page forever. */
const MAX_ALL_RECORDS = 5000

export type DataSettings = Pick<Settings, 'sport' | 'dataBaseUrl' | 'imageBaseUrl' | 'language'>

export interface DataServiceClientOptions {
  http: HttpClient
  /** Read per call, so a settings change (or the demo/real switch) takes effect at once. */
  settings: () => DataSettings
  /** Without it every call goes to the network. */
  cache?: ReferenceCache
  /** Every answer parsed (or refused), under its route family `/{route}`. */
  onAnswer?: (outcome: AnswerOutcome) => void
  now?: () => number
}

export interface ListOptions {
  /** Filters, select and order; its limit/offset/lang are replaced by the options below. */
  query?: PgQuery
  /** Records wanted: more than 50 walks the pages; 'all' walks until a short page. Default 50. */
  limit?: number | 'all'
  offset?: number
  /** Default: Settings.language. */
  lang?: string
  /** Fetch a daily route even if the cache is fresh (the trader's "refresh"). */
  force?: boolean
  signal?: AbortSignal
}

export interface DataPage<T> {
  records: T[]
  /** Records that failed validation and were skipped. */
  malformed: number
  /** Epoch ms when the records came from the service. */
  fetchedAt: number
  fromCache: boolean
}

export class DataServiceClient {
  private readonly now: () => number

  constructor(private readonly options: DataServiceClientOptions) {
    this.now = options.now ?? Date.now
  }

  get gate() {
    return this.options.http.gate
  }

  async list<R extends DataRoute>(
    sport: string,
    route: R,
    options: ListOptions = {},
  ): Promise<FeedResult<DataPage<DataRecord<R>>>> {
    // Route names also arrive from the bridge as plain strings: check before indexing.
    if (!isDataRoute(route)) return failWith('bad_request', `unknown data service route "${String(route)}"`)
    const spec = routeSpec(route)
    const settings = this.options.settings()
    const base = dataBaseUrlForSport(settings.dataBaseUrl, settings.sport, sport)
    if (!base.ok) return base
    const want = options.limit === 'all' ? MAX_ALL_RECORDS : (options.limit ?? DATA_PAGE_SIZE)
    const start = options.offset ?? 0
    if (!Number.isSafeInteger(want) || want < 1 || !Number.isSafeInteger(start) || start < 0) {
      return failWith('bad_request', 'limit must be a positive whole number and offset a whole number from 0')
    }
    const query = (options.query ?? pg()).lang(options.lang ?? settings.language)
    const routeName = `/${route}`
    const paramsKey = query.limit(want).offset(start).toString()

    const cache = spec.daily ? this.options.cache : undefined
    if (cache && !options.force) {
      const cached = await cache.getReference(sport, route, paramsKey)
      if (cached && this.now() - cached.fetchedAt < REFERENCE_MAX_AGE_MS) {
        const parsed = parseList(spec.record, cached.records, routeName, this.options.onAnswer)
        if (parsed.ok) return succeed({ ...parsed.value, fetchedAt: cached.fetchedAt, fromCache: true })
      }
    }

    const rows = await collectPages(async (_index, collected) => {
      const size = Math.min(DATA_PAGE_SIZE, want - collected)
      const url = feedUrl(
        'data-service',
        base.value,
        [route],
        query
          .limit(size)
          .offset(start + collected)
          .toString(),
      )
      if (!url.ok) return url
      const body = await this.options.http.send({
        url: url.value,
        scope: sport,
        subject: 'this sport',
        marketplaceHost: dataMarketplaceHost(sport),
        route: routeName,
        signal: options.signal,
      })
      if (!body.ok) return body
      if (!Array.isArray(body.value)) return notAList(routeName, this.options.onAnswer)
      return succeed({ rows: body.value, requested: size })
    }, want)
    if (!rows.ok) return rows

    const fetchedAt = this.now()
    const parsed = parseList(spec.record, rows.value, routeName, this.options.onAnswer)
    if (!parsed.ok) return parsed
    // Only a complete, validated answer is cached: an aborted or failed walk leaves the cache as it was.
    if (cache) await cache.putReference(sport, route, paramsKey, parsed.value.records, fetchedAt)
    return succeed({ ...parsed.value, fetchedAt, fromCache: false })
  }

  /** One record by id (`id=eq.<id>`), or null when the service has none. */
  async byId<R extends DataRoute>(
    sport: string,
    route: R,
    id: number,
    options: Omit<ListOptions, 'query' | 'limit' | 'offset'> = {},
  ): Promise<FeedResult<DataRecord<R> | null>> {
    const page = await this.list(sport, route, { ...options, query: pg().eq('id', id), limit: 1 })
    return page.ok ? succeed(page.value.records[0] ?? null) : page
  }

  /** `{imageBaseUrl}/{hash_image}.png`, or null when the hash is not a plain token (it comes from the feed). */
  imageUrl(hashImage: string): string | null {
    if (!isValidImageHash(hashImage)) return null
    const url = feedUrl('data-service', this.options.settings().imageBaseUrl, [`${hashImage}.png`])
    return url.ok ? url.value.toString() : null
  }
}
