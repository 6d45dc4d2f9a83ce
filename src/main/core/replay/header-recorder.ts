/**
 * The board's header changes as the cache keeps them for the desk replay (cache/header-log.ts):
 * every board patch's snapshots (a whole header) and header patches, each with the whole header
 * after it, which this keeps per match as the page's store does. A snapshot that repeats the
 * header already kept (a resync of the prices) is no change.
 */
import type { BoardPatch, MatchHeader } from '../../../shared/board'
import type { HeaderChange } from '../cache/header-log'

export class HeaderRecorder {
  private readonly headers = new Map<number, MatchHeader>()

  changesOf(patch: BoardPatch): HeaderChange[] {
    const changes: HeaderChange[] = []
    for (const { header } of patch.snapshots) {
      const before = this.headers.get(header.matchId)
      if (before && JSON.stringify(before) === JSON.stringify(header)) continue
      this.headers.set(header.matchId, header)
      changes.push({ at: patch.at, patch: header, header })
    }
    for (const change of patch.headers) {
      const before = this.headers.get(change.matchId)
      // The batcher sends a match's snapshot before any patch of its header: one without is not a board's.
      if (!before) continue
      const header = { ...before, ...change }
      this.headers.set(change.matchId, header)
      changes.push({ at: patch.at, patch: change, header })
    }
    for (const matchId of patch.removed) this.headers.delete(matchId)
    return changes
  }
}
