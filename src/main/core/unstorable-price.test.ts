/**
 * Issue 15.1: a price the cache cannot store (an override of 1e9, above the cache's integer
 * thousandths) used to throw inside the feed batch's own event-loop turn and end the process.
 * Real core, demo feed = the simulator over real sockets, real SQLite cache.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MatchBoard } from '../../shared/board'
import type { Core } from './app'
import { eventually, faultCount, invoke, startTestCore, watchFirstLive } from './test-support'

const running: Core[] = []
afterEach(async () => {
  for (const core of running.splice(0)) await core.stop()
})

describe('a price the cache cannot store', () => {
  it('is refused and counted, never fatal, while the other outcomes are still written', async () => {
    const { core, demoFeeds, logs } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-price-')), {
      demo: { rate: 300, liveMatches: 2 },
    })
    running.push(core)
    const matchId = await watchFirstLive(core)
    const [board] = await eventually(
      () => invoke<MatchBoard[]>(core, 'board:get'),
      (boards) => boards[0]?.header.synced === true && boards[0].cells.length > 1,
    )
    const target = board?.cells[0]
    if (!target) throw new Error('no cell')

    // The bridge refuses an absurd price (issue 15.2), so the feed itself serves it, as when
    // another desk of the same book sets it: PATCH straight to the simulator's override route.
    const [feed] = demoFeeds
    if (!feed) throw new Error('no demo feed')
    const setAt = Date.now()
    const answer = await fetch(
      `${feed.oddsBaseUrl}/bookmaker/${feed.bookmakerId}/${feed.sport}/${matchId}/${target.oddType}`,
      {
        method: 'PATCH',
        headers: { authorization: `Bearer ${feed.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ oddKey: target.oddKey, oddValue: 1e9, durationSeconds: 60, suspended: false }),
      },
    )
    expect(answer.status).toBe(200)

    // The board shows what the feed serves; the cache refuses it with a count and a log line.
    await eventually(
      () => invoke<MatchBoard[]>(core, 'board:get'),
      (boards) => boards[0]?.cells.find((c) => c.outcomeId === target.outcomeId)?.price === 1e9,
    )
    await vi.waitFor(async () => expect(await faultCount(core, 'refused:cache-price')).toBeGreaterThan(0), {
      timeout: 10_000,
    })
    expect(logs.join('\n')).toContain('fault refused:cache-price: tick not stored: price 1000000000')

    // Ticks keep being written after the refusal: the core is alive and the rest was not lost.
    await vi.waitFor(
      () => {
        const fresh = core.cache
          .latestPrices('demo', matchId)
          .filter((t) => t.receivedTs > setAt && !(t.oddType === target.oddType && t.oddKey === target.oddKey))
        expect(fresh.length).toBeGreaterThan(0)
      },
      { timeout: 15_000 },
    )
    const stored = core.cache
      .latestPrices('demo', matchId)
      .find((t) => t.oddKey === target.oddKey && t.oddType === target.oddType)
    expect(stored?.price).not.toBe(1e9)
  }, 40_000)
})
