/** Recorded events for the replay's tests: one outcome of match 7. */
import type { ReplayEvent } from '../../../../shared/replay'

export const HOME = '7|main|w#home'

/** A recorded tick of match 7's home outcome at `at`. */
export function homeTick(
  at: number,
  price: number,
  extra: Partial<Extract<ReplayEvent, { kind: 'tick' }>> = {},
): Extract<ReplayEvent, { kind: 'tick' }> {
  return {
    kind: 'tick',
    at,
    matchId: 7,
    oddType: 'main',
    oddKey: 'w#home',
    price,
    suspended: false,
    serverTs: at - 5,
    ...extra,
  }
}
