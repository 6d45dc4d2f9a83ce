/**
 * Why a watched match shows its cached prices: the last failure of its odds snapshot, in the
 * trader's words, until a snapshot arrives; before any snapshot was asked for (the snapshot is
 * fetched when the price stream connects), its price stream's trouble. A board that is not synced
 * and has no trouble here is truly resyncing (its snapshot is on the way); one whose feed cannot be
 * reached, whose key was rejected or whose bookmaker does not exist says so instead (issue 22.4).
 */
import type { StreamHealth, UnsyncedCause, UnsyncedMatch } from '../../../shared/health'
import type { FeedError } from '../clients/http/result'

/** What the trader reads for a bookmaker id the feed does not know; no request is retried until it changes. */
export const BOOKMAKER_NOT_FOUND = 'bookmaker not found — check Settings'

const CAUSES: Record<Exclude<FeedError['kind'], 'aborted'>, UnsyncedCause> = {
  network: 'unreachable',
  timeout: 'unreachable',
  key_rejected: 'key_rejected',
  no_access: 'no_access',
  not_available: 'not_priced',
  rate_limited: 'rate_limited',
  server: 'failing',
  bad_request: 'failing',
  bad_response: 'failing',
}

export class SnapshotTrouble {
  private readonly byMatch = new Map<number, UnsyncedMatch>()

  failed(matchId: number, error: FeedError): void {
    if (error.kind === 'aborted') return // the engine let go of the fetch (unwatched, closed): no trouble
    this.byMatch.set(matchId, { matchId, cause: CAUSES[error.kind], message: error.message })
  }

  bookmakerMissing(matchIds: readonly number[]): void {
    for (const matchId of matchIds)
      this.byMatch.set(matchId, { matchId, cause: 'bookmaker_not_found', message: BOOKMAKER_NOT_FOUND })
  }

  fetched(matchId: number): void {
    this.byMatch.delete(matchId)
  }

  /** The watched matches' troubles (a match no longer watched has none), in watchlist order. */
  list(watched: readonly number[], streams: readonly StreamHealth[]): UnsyncedMatch[] {
    return watched.flatMap((matchId) => {
      const trouble = this.byMatch.get(matchId) ?? streamTrouble(matchId, streams)
      return trouble ? [trouble] : []
    })
  }

  clear(): void {
    this.byMatch.clear()
  }
}

/** A price stream that cannot connect: refused the key, or down and reconnecting. */
function streamTrouble(matchId: number, streams: readonly StreamHealth[]): UnsyncedMatch | null {
  const prices = streams.find((st) => st.service === 'odds' && st.kind === 'updates' && st.matchId === matchId)
  if (prices?.state === 'rejected')
    return { matchId, cause: 'key_rejected', message: prices.lastError ?? 'key rejected' }
  if (prices?.state === 'backing_off')
    return { matchId, cause: 'unreachable', message: prices.lastError ?? 'price stream down, reconnecting' }
  return null
}
