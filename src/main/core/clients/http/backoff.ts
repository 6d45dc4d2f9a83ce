/** Retry timing: exponential backoff with jitter, and the server's `Retry-After` read as a floor. */
import { backoffDelay } from '../../streams/backoff'

export interface RetryPolicy {
  /** Retries after the first attempt for 5xx, network errors and timeouts. */
  maxRetries: number
  /** Retries after the first attempt for 429. */
  maxRateLimitRetries: number
  baseDelayMs: number
  maxDelayMs: number
  /** A Retry-After longer than this is not waited out inside one call: the call fails, the gate holds. */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  maxRateLimitRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 60_000,
}

/** Delay before retry number `attempt` (0-based): the same equal-jitter curve as the live streams'. */
export function backoffDelayMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  return backoffDelay(attempt + 1, { baseMs: policy.baseDelayMs, capMs: policy.maxDelayMs }, random)
}

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date; null if absent or unreadable. */
export function parseRetryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null
  const text = header.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}
