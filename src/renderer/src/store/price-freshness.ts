/**
 * Whether a match's prices on screen are current. They are not when the odds stream that carries
 * them is down (connecting, backing off, refused, closed), refuses most of its frames (not
 * understood: what it says is not read), has gone quiet past the stale threshold
 * (main marks the stream `stale`: not even a keep-alive, or `silent`: keep-alives but not even the
 * feed's heartbeat), the board is waiting for a fresh
 * snapshot, or the stream's newest message arrived later after the feed sent it than the trader's
 * feed-lag limit (Settings). A quiet market on a live stream is current: the feed says nothing
 * changed. The reason is a fixed phrase per state, so a card and its cells re-render when it
 * changes, not every second.
 */
import type { FeedHealth, StreamState } from '../../../shared/health'
import { DEFAULT_SETTINGS } from '../../../shared/settings'
import { useBoardStore } from './board-store'
import { useFeedStore } from './feed-store'
import { useLiveOnly } from './replay-store'
import { useSettingsStore } from './settings-store'

/** Live, but late: what the card's badge calls "prices late" rather than "prices stale". */
export const LATE_PRICES_REASON = 'prices arrive later than the feed-lag limit in Settings'

const DOWN_REASONS: Record<Exclude<StreamState, 'live'>, string> = {
  not_understood: 'price stream connected, but its frames are refused (not understood)',
  stale: 'no message from the price stream within the stale threshold',
  silent: 'price stream connected, but not even a heartbeat within the stale threshold',
  queued: 'price stream waiting for a connection slot',
  connecting: 'price stream connecting',
  backing_off: 'price stream down, reconnecting',
  rejected: 'price stream refused the key',
  closed: 'price stream closed',
}

/** Why the match's prices are not current, in words; null when they are (or nothing is known yet). */
export function stalePricesReason(
  health: Pick<FeedHealth, 'streams'> | null,
  synced: boolean | undefined,
  matchId: number,
  lagLimitMs: number,
): string | null {
  if (synced === false) return 'waiting for the feed snapshot'
  if (!health) return null
  const stream = health.streams.find((s) => s.service === 'odds' && s.kind === 'updates' && s.matchId === matchId)
  if (!stream) return 'no price stream for this match'
  if (stream.state !== 'live') return DOWN_REASONS[stream.state]
  return stream.lagMs !== null && stream.lagMs > lagLimitMs ? LATE_PRICES_REASON : null
}

/** Null while a replay shows: replayed prices are as recorded, and the live streams' health says nothing of them. */
export function useStalePrices(matchId: number): string | null {
  const synced = useBoardStore((s) => s.headers[matchId]?.synced)
  const lagLimitMs = useSettingsStore((s) => (s.settings ?? DEFAULT_SETTINGS).feedLagWarnMs)
  return useLiveOnly(
    useFeedStore((s) => stalePricesReason(s.health, synced, matchId, lagLimitMs)),
    null,
  )
}
