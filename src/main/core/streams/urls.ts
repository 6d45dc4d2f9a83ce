/**
 * Addresses of the live streams (odds-feed.md "Events", data-service.md "Events"). The token is
 * added by the stream itself at connect time, so these strings are safe to log and show.
 */
import { dataMarketplaceHost } from '../../../shared/wire/keys'
import { dataBaseUrlForSport } from '../clients/data-service/base-url'

export interface LiveEndpoints {
  oddsBaseUrl: string
  oddsWsBaseUrl: string
  /** The sport whose data service `dataBaseUrl` and `wsBaseUrl` address (Settings.sport). */
  sport: string
  /** Data service of `sport`; another sport's address follows the REST client's rule (base-url.ts). */
  dataBaseUrl: string
  wsBaseUrl: string
  bookmakerId: string
}

export interface StreamAddress {
  wsUrl: string
  sseUrl: string
  /** `X-RapidAPI-Host` of a stream opened with a marketplace key: its REST twin's (wire/keys.ts K4). */
  marketplaceHost: string
}

function join(base: string, ...segments: Array<string | number>): string {
  return `${base.replace(/\/+$/, '')}/${segments.map((s) => encodeURIComponent(String(s))).join('/')}`
}

export function oddsStreamAddress(
  e: LiveEndpoints,
  sport: string,
  matchId: number,
  kind: 'updates' | 'overrides',
): StreamAddress {
  return {
    wsUrl: join(e.oddsWsBaseUrl, 'live', e.bookmakerId, sport, matchId, kind),
    sseUrl: join(e.oddsBaseUrl, 'live', e.bookmakerId, sport, matchId, kind),
    marketplaceHost: URL.canParse(e.oddsBaseUrl) ? new URL(e.oddsBaseUrl).host : '',
  }
}

/**
 * The data service's live stream of `type`: of every event of the sport (`matchId` null: the
 * desk's one stream per type), or of one event. Null where no address for `sport` can be derived:
 * the REST client reports that case in words.
 */
export function dataStreamAddress(
  e: LiveEndpoints,
  sport: string,
  matchId: number | null,
  type: string,
): StreamAddress | null {
  const ws = dataBaseUrlForSport(e.wsBaseUrl, e.sport, sport)
  const sse = dataBaseUrlForSport(e.dataBaseUrl, e.sport, sport)
  if (!ws.ok || !sse.ok) return null
  const path = matchId === null ? ['live', type] : ['live', type, matchId]
  return {
    wsUrl: join(ws.value, ...path),
    sseUrl: join(sse.value, ...path),
    marketplaceHost: dataMarketplaceHost(sport),
  }
}
