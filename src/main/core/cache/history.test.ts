import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PriceTick } from '../../../shared/domain'
import { openCache, type Cache, type HistoryPoint } from './index'
import { tempDir, tick } from './test-helpers'

const T0 = Date.UTC(2025, 5, 1, 10, 0, 7) // deliberately not aligned to any rollup bucket
const HOME = { oddType: 'full-time', oddKey: 'match_winner#home' }

/** 8 hours of one outcome, a tick every ~1.5 s (so every rollup level is used), with suspension runs. */
function session(): PriceTick[] {
  let seed = 7
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const ticks: PriceTick[] = []
  let price = 2.0
  for (let t = T0; t < T0 + 8 * 3_600_000; t += 1000 + Math.floor(random() * 1000)) {
    price = Math.max(1.01, Math.round((price + (random() - 0.5) * 0.04) * 1000) / 1000)
    const minute = Math.floor((t - T0) / 60_000)
    ticks.push(tick(t, price, { suspended: minute % 97 < 3 }))
  }
  return ticks
}

function expectFaithful(points: HistoryPoint[], ticks: PriceTick[]): void {
  const first = ticks[0] as PriceTick
  const last = ticks[ticks.length - 1] as PriceTick
  expect(points[0]).toEqual({ t: first.receivedTs, price: first.price, suspended: first.suspended })
  expect(points[points.length - 1]).toEqual({ t: last.receivedTs, price: last.price, suspended: last.suspended })
  const prices = ticks.map((t) => t.price)
  expect(Math.min(...points.map((p) => p.price))).toBe(Math.min(...prices))
  expect(Math.max(...points.map((p) => p.price))).toBe(Math.max(...prices))
  // Every point is a real tick, in time order.
  const byTime = new Map(ticks.map((t) => [t.receivedTs, t]))
  for (const p of points) expect(byTime.get(p.t)?.price).toBe(p.price)
  expect(points.map((p) => p.t)).toEqual([...points.map((p) => p.t)].sort((a, b) => a - b))
  // Every suspension change survives, with the ticks on both sides of it.
  const shown = new Set(points.map((p) => p.t))
  for (let i = 1; i < ticks.length; i++) {
    const [before, after] = [ticks[i - 1] as PriceTick, ticks[i] as PriceTick]
    if (before.suspended !== after.suspended) {
      expect(shown.has(before.receivedTs)).toBe(true)
      expect(shown.has(after.receivedTs)).toBe(true)
    }
  }
}

describe('downsampled history', () => {
  const tmp = tempDir()
  let cache: Cache
  const ticks = session()
  beforeAll(() => {
    cache = openCache(path.join(tmp.dir, 'cache.sqlite'))
    // Several flushes, so rollup buckets are merged across transactions too.
    for (let i = 0; i < ticks.length; i += 3000) {
      cache.recordTicks('demo', ticks.slice(i, i + 3000))
      cache.flush()
    }
  })
  afterAll(() => {
    cache.close()
    tmp.remove()
  })

  const ranges: [string, number, number][] = [
    ['whole session', T0, T0 + 8 * 3_600_000],
    ['unaligned middle', T0 + 3_723_456, T0 + 5 * 3_600_000 + 17_001],
    ['twenty minutes', T0 + 7_000_123, T0 + 8_200_777],
    ['ninety seconds', T0 + 1_000_000, T0 + 1_090_000],
  ]
  it.each(ranges)('keeps first, last, extremes and suspension changes: %s', (_name, from, to) => {
    const inRange = ticks.filter((t) => t.receivedTs >= from && t.receivedTs <= to)
    const [series] = cache.history('demo', 7, HOME, from, to, 200)
    expect(series?.tickCount).toBe(inRange.length)
    expect(series?.exact).toBe(inRange.length <= 200)
    expectFaithful(series?.points ?? [], inRange)
    const changes = inRange.filter((t, i) => i > 0 && t.suspended !== inRange[i - 1]?.suspended).length
    expect(series?.points.length).toBeLessThanOrEqual(200 + 2 * changes)
  })

  it('returns one series per outcome for "all"', () => {
    cache.recordTicks('demo', [tick(T0 + 5, 4.2, { oddKey: 'match_winner#away' })])
    expect(cache.history('demo', 7, 'all', T0, T0 + 10, 50).map((s) => [s.oddKey, s.tickCount])).toEqual([
      ['match_winner#home', 1],
      ['match_winner#away', 1],
    ])
  })
})
