/**
 * Why matches on the board show cached prices, once per cause ("bookmaker not found — check
 * Settings", "3 on cached prices: feed unreachable"), the same words as their cards' badges.
 */
import type { UnsyncedMatch } from '../../../../shared/health'
import { UNSYNCED_WORDS, unsyncedSummary } from '../../store/unsynced'

export function UnsyncedStatus({ unsynced }: { unsynced: readonly UnsyncedMatch[] }) {
  return unsyncedSummary(unsynced).map(({ cause, matches, message }) => (
    <span key={cause} className="badge warn" data-testid="unsynced-status" data-cause={cause} title={message}>
      {matches} on cached prices: {UNSYNCED_WORDS[cause]}
    </span>
  ))
}
