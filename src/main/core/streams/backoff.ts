/**
 * Reconnect delays: exponential with "equal jitter" (half fixed, half random) so a crowd of
 * streams dropped together does not reconnect in lock-step, yet no delay collapses to zero.
 */
export interface BackoffPolicy {
  baseMs: number
  /** No delay exceeds this (30 s for the live feeds). */
  capMs: number
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 30_000 }

/** Delay before attempt `attempt` (1 = first retry). `random` returns [0, 1). */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30)
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** exponent)
  return ceiling / 2 + random() * (ceiling / 2)
}
