/**
 * The backtest over a real SQLite cache (cache/range-changes.ts pages): recorded ticks replayed in
 * time order through the live rule engine and delivery stage, bounded and paged.
 */
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AlertCondition, AlertDeliverySettings } from '../../../shared/alerts'
import { resyncOf, type PriceTick } from '../../../shared/domain'
import { openCache, type Cache } from '../cache'
import type { ChangeCursor } from '../cache/range-changes'
import { tempDir, tick } from '../cache/test-helpers'
import { backtest } from './backtest'
import { makeRule } from './test-support'

const T0 = Date.UTC(2025, 5, 1, 10, 0, 0)
const AWAY = { oddKey: 'match_winner#away' }
const QUIET: AlertDeliverySettings = { coalesceSeconds: 0, quietHours: null, muted: false }

let dir: ReturnType<typeof tempDir>
let cache: Cache
beforeEach(() => {
  dir = tempDir()
  cache = openCache(path.join(dir.dir, 'cache.sqlite'))
})
afterEach(() => {
  cache.close()
  dir.remove()
})

function run(
  condition: AlertCondition,
  from: number,
  to: number,
  more: {
    cooldownSeconds?: number
    settings?: AlertDeliverySettings
    maxTicks?: number
    maxFirings?: number
    pageSize?: number
  } = {},
) {
  let pauses = 0
  const result = backtest<ChangeCursor>({
    rule: makeRule(condition, { name: 'Tried', cooldownSeconds: more.cooldownSeconds ?? 0 }),
    from,
    to,
    recorded: { page: (query) => cache.changes('demo', { ...query, matchIds: null }) },
    settings: more.settings ?? QUIET,
    watchlistsOf: () => [],
    maxTicks: more.maxTicks ?? 1_000_000,
    maxFirings: more.maxFirings ?? 1000,
    pageSize: more.pageSize,
    pause: async () => {
      pauses++
    },
  })
  return result.then((r) => ({ ...r, pauses }))
}

/** A tick a second from T0 at these prices, on the home outcome (or `over`). */
function ticksAt(prices: number[], over: Partial<PriceTick> = {}, startS = 0): PriceTick[] {
  return prices.map((price, i) => tick(T0 + (startS + i) * 1000, price, over))
}

const move10 = { kind: 'move', minPct: 10, windowSeconds: 30 } as const
const above = (price: number) => ({ kind: 'threshold', price, direction: 'up' }) as const

describe('backtest over the recorded ticks', () => {
  it('replays changes in time order across outcomes, a page at a time, the same whatever the page size', async () => {
    // Two outcomes interleaved, with repeats (no change) and a move on each. As live, an outcome's
    // first price is a resync and its window starts at the first change after it.
    cache.recordTicks('demo', [
      ...ticksAt([2.0, 2.1, 2.1, 2.4]),
      ...ticksAt([3.0, 3.1, 3.1, 3.5], AWAY).map((t) => ({ ...t, receivedTs: t.receivedTs + 500 })),
    ])
    const whole = await run(move10, T0, T0 + 10_000)
    expect(whole.wouldFire.map((f) => [f.at, f.oddKey])).toEqual([
      [T0 + 3000, 'match_winner#home'],
      [T0 + 3500, 'match_winner#away'],
    ])
    expect(whole.ticksRead).toBe(8)
    const paged = await run(move10, T0, T0 + 10_000, { pageSize: 3 })
    expect(paged.wouldFire).toEqual(whole.wouldFire)
    expect(paged.ticksRead).toBe(8)
    // The event loop is let go between pages: 8 ticks in pages of 3.
    expect(paged.pauses).toBeGreaterThanOrEqual(2)
  })

  it('a resync is no move (as live), and the tick before the range is what its first tick is compared with', async () => {
    cache.recordTicks('demo', [
      ...ticksAt([2.0, 2.05]),
      // The first price after a gap: from 2.05 to 3.0 is nothing anyone saw move.
      resyncOf(tick(T0 + 2000, 3.0)),
      ...ticksAt([3.5], {}, 3),
    ])
    const moves = await run(move10, T0, T0 + 10_000)
    expect(moves.wouldFire.map((f) => f.body.split(' · ')[0])).toEqual(['3.00 → 3.50 in 1 s'])
    // The range starts at 3.5: it crosses 3.2 compared with the tick before the range.
    const crossing = await run(above(3.2), T0 + 3000, T0 + 10_000)
    expect(crossing.wouldFire.map((f) => f.at)).toEqual([T0 + 3000])
  })

  it('looks back one move window before the range (the warm-up), listing only what fired inside it', async () => {
    cache.recordTicks('demo', ticksAt([2.0, 2.05, 2.05, 2.05, 2.3, 2.6]))
    const result = await run(move10, T0 + 5000, T0 + 10_000)
    // 2.05 → 2.3 fires before the range (not listed); 2.3 → 2.6 fires at T0 + 5 s, a move whose
    // reference price was recorded before the range.
    expect(result.wouldFire.map((f) => f.at)).toEqual([T0 + 5000])
    expect(result.ticksRead).toBe(6)
  })

  it('caps the ticks read and the firings listed, and says where it stopped', async () => {
    // Every tick crosses 2.5 one way or the other.
    cache.recordTicks('demo', ticksAt(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 2.0 : 3.0))))
    const either = { kind: 'threshold', price: 2.5, direction: 'either' } as const
    const byTicks = await run(either, T0, T0 + 60_000, { maxTicks: 10, pageSize: 4 })
    expect(byTicks.ticksRead).toBe(10)
    expect(byTicks.capped).toEqual({ reason: 'ticks', limit: 10, at: T0 + 9000 })
    expect(byTicks.wouldFire).toHaveLength(9)

    const byFirings = await run(either, T0, T0 + 60_000, { maxFirings: 5 })
    expect(byFirings.wouldFire.map((f) => f.at)).toEqual([1, 2, 3, 4, 5].map((s) => T0 + s * 1000))
    expect(byFirings.capped).toEqual({ reason: 'firings', limit: 5, at: T0 + 6000 })

    const whole = await run(either, T0, T0 + 60_000)
    expect(whole.capped).toBeNull()
    expect(whole.wouldFire).toHaveLength(29)
  })

  it('applies cooldown and coalescing as live, and says what mute and quiet hours would have held', async () => {
    cache.recordTicks('demo', ticksAt([2.0, 3.0, 2.0, 3.0, 2.0, 3.0, 2.0, 3.0, 2.0]))
    const either = { kind: 'threshold', price: 2.5, direction: 'either' } as const
    const cooled = await run(either, T0, T0 + 60_000, { cooldownSeconds: 3 })
    expect(cooled.wouldFire.map((f) => [f.at, f.held?.count])).toEqual([
      [T0 + 1000, 2],
      [T0 + 4000, 2],
      [T0 + 7000, 1],
    ])
    const grouped = await run(either, T0, T0 + 60_000, { settings: { ...QUIET, coalesceSeconds: 2 } })
    expect(grouped.wouldFire.map((f) => f.notice)).toEqual(Array(8).fill('grouped'))
    const alone = await run(either, T0, T0 + 60_000)
    expect(alone.wouldFire.map((f) => f.notice)).toEqual(Array(8).fill('shown'))
    const muted = await run(either, T0, T0 + 60_000, { settings: { ...QUIET, muted: true } })
    expect(muted.wouldFire.map((f) => f.notice)).toEqual(Array(8).fill('muted'))
    const allDay = { ...QUIET, quietHours: { start: '00:00', end: '23:59' } }
    const quiet = await run(either, T0, T0 + 60_000, { settings: allDay })
    expect(quiet.wouldFire.map((f) => f.notice)).toEqual(Array(8).fill('quiet_hours'))
  })
})
