import { describe, expect, it } from 'vitest'
import { LatencyWindow } from './latency-window'

const T0 = 1_700_000_000_000

describe('LatencyWindow', () => {
  it('reads p50, p99 and max of the samples, each at most one bin (9 %) high and never above the max', () => {
    const window = new LatencyWindow()
    for (let ms = 1; ms <= 1000; ms++) window.record(ms, T0 + ms)
    const summary = window.summary(T0 + 1000)
    expect(summary?.samples).toBe(1000)
    expect(summary?.maxMs).toBe(1000)
    expect(summary?.p50Ms).toBeGreaterThanOrEqual(500)
    expect(summary?.p50Ms).toBeLessThanOrEqual(500 * 1.091)
    expect(summary?.p99Ms).toBeGreaterThanOrEqual(990)
    expect(summary?.p99Ms).toBeLessThanOrEqual(1000)
  })

  it('reads a single sample as itself', () => {
    const window = new LatencyWindow()
    window.record(7, T0)
    expect(window.summary(T0)).toEqual({ samples: 1, p50Ms: 7, p99Ms: 7, maxMs: 7 })
  })

  it('tells a slow tail from a fast middle', () => {
    const window = new LatencyWindow()
    for (let i = 0; i < 980; i++) window.record(5, T0)
    for (let i = 0; i < 20; i++) window.record(2000, T0)
    const summary = window.summary(T0)
    expect(summary?.p50Ms).toBeGreaterThanOrEqual(5)
    expect(summary?.p50Ms).toBeLessThan(6)
    expect(summary?.p99Ms).toBe(2000)
  })

  it('forgets samples older than the window', () => {
    const window = new LatencyWindow({ windowMs: 60_000, slots: 12 })
    window.record(3000, T0)
    window.record(10, T0 + 30_000)
    expect(window.summary(T0 + 30_000)?.maxMs).toBe(3000)
    // A minute and a slot later only the second sample is in the window.
    expect(window.summary(T0 + 65_000)).toEqual({ samples: 1, p50Ms: 10, p99Ms: 10, maxMs: 10 })
    expect(window.summary(T0 + 100_000)).toBeNull()
  })

  it('clears a slot it reuses a window later', () => {
    const window = new LatencyWindow({ windowMs: 60_000, slots: 12 })
    window.record(3000, T0)
    window.record(4, T0 + 60_000) // the same slot of the ring, one window on
    expect(window.summary(T0 + 60_000)).toEqual({ samples: 1, p50Ms: 4, p99Ms: 4, maxMs: 4 })
  })

  it('counts a negative latency (a sender clock ahead of ours) as none, not as lost', () => {
    const window = new LatencyWindow()
    window.record(-250, T0)
    expect(window.summary(T0)).toEqual({ samples: 1, p50Ms: 0, p99Ms: 0, maxMs: 0 })
  })

  it('is empty before the first sample', () => {
    expect(new LatencyWindow().summary(T0)).toBeNull()
  })
})
