import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_POLICY, backoffDelayMs, parseRetryAfterMs } from './backoff'

describe('parseRetryAfterMs', () => {
  const now = Date.parse('2026-01-01T12:00:00Z')

  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfterMs('3', now)).toBe(3000)
    expect(parseRetryAfterMs(' 1.5 ', now)).toBe(1500)
    expect(parseRetryAfterMs('Thu, 01 Jan 2026 12:00:10 GMT', now)).toBe(10_000)
    expect(parseRetryAfterMs('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0)
  })

  it('answers null for a missing or unreadable header', () => {
    expect(parseRetryAfterMs(null, now)).toBeNull()
    expect(parseRetryAfterMs('soon', now)).toBeNull()
  })
})

describe('backoffDelayMs', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 }

  it('doubles per attempt, half fixed and half jitter, capped', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffDelayMs(policy, n, () => 0))).toEqual([50, 100, 200, 400, 500])
    expect([0, 1, 2, 3, 10].map((n) => backoffDelayMs(policy, n, () => 1))).toEqual([100, 200, 400, 800, 1000])
  })
})
