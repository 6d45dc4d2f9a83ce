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
import { waitUntil } from '../../test-support/wait'
import { invoke, startTestCore, watchFirstLive } from './test-support'

const running: Core[] = []
afterEach(async () => {
  for (const core of running.splice(0)) await core.stop()
})

describe('a price the cache cannot store', () => {
  it('is refused and counted, never fatal, while the other outcomes are still written', async () => {
    const { core, logs } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-price-')), {
      demo: { rate: 300, liveMatches: 2 },
    })
    running.push(core)
    const matchId = await watchFirstLive(core)
    const [board] = await waitUntil(async () => {
      const boards = await invoke<MatchBoard[]>(core, 'board:get')
      return boards[0]?.header.synced === true && boards[0].cells.length > 1 && boards
    }, 'a synced board with prices')
    const target = board?.cells[0]
    if (!target) throw new Error('no cell')

    const setAt = Date.now()
    await invoke(core, 'overrides:set', {
      matchId,
      oddType: target.oddType,
      oddKey: target.oddKey,
      oddValue: 1e9,
      durationSeconds: 60,
      suspended: false,
    })

    // The board shows what the feed serves; the cache refuses it with a count and a log line.
    await waitUntil(async () => {
      const boards = await invoke<MatchBoard[]>(core, 'board:get')
      return boards[0]?.cells.find((c) => c.outcomeId === target.outcomeId)?.price === 1e9
    }, 'the unstorable price on the board')
    await vi.waitFor(() => expect(logs.join('\n')).toContain('main fault refused:cache-price'), { timeout: 10_000 })

    // Ticks keep being written after the refusal: the core is alive and the rest was not lost.
    await vi.waitFor(
      () => {
        const fresh = core.cache
          .latestPrices(matchId)
          .filter((t) => t.receivedTs > setAt && !(t.oddType === target.oddType && t.oddKey === target.oddKey))
        expect(fresh.length).toBeGreaterThan(0)
      },
      { timeout: 15_000 },
    )
    const stored = core.cache
      .latestPrices(matchId)
      .find((t) => t.oddKey === target.oddKey && t.oddType === target.oddType)
    expect(stored?.price).not.toBe(1e9)
  }, 40_000)
})
