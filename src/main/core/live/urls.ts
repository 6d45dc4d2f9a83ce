/**
 * Addresses of the live streams (odds-feed.md "Events", data-service.md "Events"). The token is
 * added by the stream itself at connect time, so these strings are safe to log and show.
 */
export interface LiveEndpoints {
  oddsBaseUrl: string
  oddsWsBaseUrl: string
  /** The data service of one sport; other sports swap the last path segment. */
  dataBaseUrl: string
  wsBaseUrl: string
  bookmakerId: string
}

export interface StreamAddress {
  wsUrl: string
  sseUrl: string
}

function join(base: string, ...segments: Array<string | number>): string {
  return `${base.replace(/\/+$/, '')}/${segments.map((s) => encodeURIComponent(String(s))).join('/')}`
}

/** `…/data/badminton` → `…/data/hockey`. */
export function baseForSport(base: string, sport: string): string {
  const trimmed = base.replace(/\/+$/, '')
  const cut = trimmed.lastIndexOf('/')
  return `${trimmed.slice(0, cut + 1)}${encodeURIComponent(sport)}`
}

export function oddsStreamAddress(e: LiveEndpoints, sport: string, matchId: number, kind: 'updates' | 'overrides'): StreamAddress {
  return {
    wsUrl: join(e.oddsWsBaseUrl, 'live', e.bookmakerId, sport, matchId, kind),
    sseUrl: join(e.oddsBaseUrl, 'live', e.bookmakerId, sport, matchId, kind),
  }
}

export function dataStreamAddress(e: LiveEndpoints, sport: string, matchId: number, type: string): StreamAddress {
  return {
    wsUrl: join(baseForSport(e.wsBaseUrl, sport), 'live', type, matchId),
    sseUrl: join(baseForSport(e.dataBaseUrl, sport), 'live', type, matchId),
  }
}
