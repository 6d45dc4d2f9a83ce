/**
 * The one way the unit and integration tests wait for something asynchronous (sockets, timers of
 * the code under test, the simulator): poll a condition until it holds, never sleep a fixed time.
 * Built on vitest's own `vi.waitUntil`, which keeps real timers even while a test fakes them.
 */
import { vi } from 'vitest'

/** Generous, because the machine may be loaded: a passing wait ends at the first poll that holds. */
const DEFAULT_TIMEOUT_MS = 10_000
const POLL_INTERVAL_MS = 5

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>

/**
 * Polls `condition` until it answers a truthy value and answers that value; after `timeoutMs`
 * fails with `what` (a function is asked only then, so it can describe the last state seen).
 */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  what: string | (() => string),
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<Truthy<T>> {
  try {
    return (await vi.waitUntil(condition, { timeout: timeoutMs, interval: POLL_INTERVAL_MS })) as Truthy<T>
  } catch (error) {
    const described = typeof what === 'string' ? what : what()
    throw new Error(`waited ${timeoutMs} ms for ${described}`, { cause: error })
  }
}
