import { describe, expect, it } from 'vitest'
import type { StreamHealth, StreamState } from '../../../shared/health'
import { streamHealth } from '../../../shared/health.test-support'
import { LATE_PRICES_REASON, stalePricesReason } from './price-freshness'

const LIMIT_MS = 1000

function stream(
  matchId: number,
  state: StreamState,
  kind = 'updates',
  service: 'odds' | 'data' = 'odds',
  lagMs: number | null = null,
): StreamHealth {
  return streamHealth({ id: `${service}:${matchId}:${kind}`, service, kind, matchId, state, lagMs })
}

describe('stalePricesReason', () => {
  it('has none while the match’s odds stream is live, whatever the other streams do', () => {
    const health = {
      streams: [stream(1, 'live'), stream(1, 'backing_off', 'overrides'), stream(1, 'stale', 'score', 'data')],
    }
    expect(stalePricesReason(health, true, 1, LIMIT_MS)).toBeNull()
  })

  it('names a stream that is down or past the stale threshold', () => {
    expect(stalePricesReason({ streams: [stream(1, 'backing_off')] }, true, 1, LIMIT_MS)).toBe(
      'price stream down, reconnecting',
    )
    expect(stalePricesReason({ streams: [stream(1, 'stale')] }, true, 1, LIMIT_MS)).toBe(
      'no message from the price stream within the stale threshold',
    )
    expect(stalePricesReason({ streams: [stream(1, 'silent')] }, true, 1, LIMIT_MS)).toBe(
      'price stream connected, but not even a heartbeat within the stale threshold',
    )
    expect(stalePricesReason({ streams: [stream(1, 'not_understood')] }, true, 1, LIMIT_MS)).toBe(
      'price stream connected, but its frames are refused (not understood)',
    )
    expect(stalePricesReason({ streams: [stream(2, 'live')] }, true, 1, LIMIT_MS)).toBe(
      'no price stream for this match',
    )
  })

  it('counts a board waiting for its snapshot as stale, and knows nothing before the first health', () => {
    expect(stalePricesReason({ streams: [stream(1, 'live')] }, false, 1, LIMIT_MS)).toBe(
      'waiting for the feed snapshot',
    )
    expect(stalePricesReason(null, true, 1, LIMIT_MS)).toBeNull()
  })

  it('calls a live stream’s prices late once its newest message came later than the trader’s limit', () => {
    const lagging = (lagMs: number | null) => ({ streams: [stream(1, 'live', 'updates', 'odds', lagMs)] })
    expect(stalePricesReason(lagging(LIMIT_MS + 1), true, 1, LIMIT_MS)).toBe(LATE_PRICES_REASON)
    expect(stalePricesReason(lagging(LIMIT_MS), true, 1, LIMIT_MS)).toBeNull()
    expect(stalePricesReason(lagging(null), true, 1, LIMIT_MS)).toBeNull()
    // A stream that is down says why, whatever its last lag.
    expect(stalePricesReason({ streams: [stream(1, 'stale', 'updates', 'odds', 5000)] }, true, 1, LIMIT_MS)).toBe(
      'no message from the price stream within the stale threshold',
    )
  })
})
