/**
 * Issue 11.4, the chaos run: the real core on its demo feed (the simulator, in this process, over
 * real loopback sockets) with a real SQLite cache, watching ten live matches while the simulator
 * drops every connection, tears 1 % of messages, answers REST in 429 bursts, or sends 10,000
 * hostile frames. Then the faults stop and the walk pauses; the test waits for positive signals
 * only. Pass: every watched outcome on the board equals the simulator's REST truth, every faulty
 * message the simulator delivered is counted by the core, nothing hostile reached the cache, and
 * the process (this one) is alive and still answering.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MatchBoard } from '../../shared/board'
import type { AppHealth } from '../../shared/health'
import type { FaultOptions, SimulatorHandle } from '../../sim'
import type { Core } from './app'
import { invoke, startTestCore } from './test-support'
import { boardEqualsServer } from './watch/board-vs-server'

// Upper bounds on waits, not figures: on a quiet machine each fault phase takes about 5 s and a
// test about 12 s. The in-process simulator is the load generator, so a machine loaded by other
// work slows it as much as the core; the bounds leave room for that instead of failing there.
const FAULT_PHASE_LIMIT_MS = 90_000
const TEST_LIMIT_MS = 180_000

const WATCHED = 10
/** Four live matches per sport: the ten watched take most of the simulator's message budget. */
const DEMO = { seed: 11, liveMatches: 4, rate: 1500 }
const SPORTS = ['badminton', 'cricket', 'hockey']

const running: Core[] = []
afterEach(async () => {
  for (const core of running.splice(0)) await core.stop()
})

async function chaosRig(): Promise<{
  core: Core
  feed: SimulatorHandle
  watched: Array<{ sport: string; id: number }>
}> {
  const { core, demoFeeds } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-chaos-')), { demo: DEMO })
  running.push(core)
  const feed = demoFeeds[0]
  if (!feed) throw new Error('no demo feed')
  const { activeId } = await invoke<{ activeId: string }>(core, 'watchlists:get')
  const watched: Array<{ sport: string; id: number }> = []
  for (const sport of SPORTS) {
    // Discovery reads the trader's sport's data service.
    await invoke(core, 'settings:update', { sport })
    const live = await invoke<{ matches: Array<{ matchId: number }> }>(core, 'discover:matches', {
      mode: 'live',
      sport,
    })
    for (const match of live.matches.slice(0, WATCHED - watched.length)) {
      await invoke(core, 'watchlists:command', { op: 'addMatch', id: activeId, match })
      watched.push({ sport, id: match.matchId })
    }
  }
  expect(watched).toHaveLength(WATCHED)
  await vi.waitFor(async () => expect(await allConverged(core, feed, watched)).toBe(true), {
    timeout: FAULT_PHASE_LIMIT_MS,
  })
  return { core, feed, watched }
}

async function allConverged(core: Core, feed: SimulatorHandle, watched: Array<{ sport: string; id: number }>) {
  const boards = await invoke<MatchBoard[]>(core, 'board:get')
  return watched.every(({ sport, id }) =>
    boardEqualsServer(
      feed,
      sport,
      boards.find((b) => b.header.matchId === id),
    ),
  )
}

async function counted(core: Core): Promise<{ malformed: number; unknownKind: number; reconnects: number }> {
  const health = await invoke<AppHealth>(core, 'feed:health')
  const sum = (pick: (s: AppHealth['services'][number]) => number) => health.services.reduce((n, s) => n + pick(s), 0)
  return {
    malformed: sum((s) => s.malformed),
    unknownKind: sum((s) => s.unknownKind),
    reconnects: sum((s) => s.reconnects),
  }
}

/** Faults off, walk paused: then the board must reach the server's truth, and the counts match. */
async function settleAndCheck(core: Core, feed: SimulatorHandle, watched: Array<{ sport: string; id: number }>) {
  feed.control.setFaults({})
  feed.control.setRate(0)
  await vi.waitFor(async () => expect(await allConverged(core, feed, watched)).toBe(true), {
    timeout: FAULT_PHASE_LIMIT_MS,
  })
  const delivered = feed.control.faultsDelivered()
  // Frames already on the wire are still being read when the faults stop: wait for the count to reach them.
  await vi.waitFor(
    async () =>
      expect(await counted(core)).toMatchObject({ malformed: delivered.malformed, unknownKind: delivered.unknownKind }),
    { timeout: FAULT_PHASE_LIMIT_MS, interval: 100 },
  )
  // Nothing hostile was stored: every cached tick of every watched match is a finite decimal price.
  for (const { id } of watched) {
    const ticks = core.cache.ticks('demo', id, 0, Date.now(), { limit: 1_000_000 })
    expect(ticks.length).toBeGreaterThan(0)
    expect(ticks.filter((t) => !(Number.isFinite(t.price) && t.price > 1))).toEqual([])
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  // Alive and answering.
  expect(await invoke(core, 'app:info')).toMatchObject({ name: 'Odds Monitor' })
  return delivered
}

describe('chaos', () => {
  it(
    'converges to the server after 100 disconnects, 1 % torn messages and 429 bursts, counting every fault',
    async () => {
      const { core, feed, watched } = await chaosRig()
      const faults: FaultOptions = {
        dropEverySeconds: 0.4,
        malformedRatio: 0.01,
        unknownKindRatio: 0.005,
        burst429: { every: 4, count: 2, retryAfterSeconds: 1 },
      }
      feed.control.setFaults(faults)
      await vi.waitFor(
        async () => {
          const dealt = feed.control.faultsDelivered()
          expect(dealt.disconnects).toBeGreaterThanOrEqual(100)
          expect(dealt.answered429).toBeGreaterThanOrEqual(10)
          expect(dealt.malformed).toBeGreaterThanOrEqual(50)
          expect((await counted(core)).reconnects).toBeGreaterThanOrEqual(100)
        },
        { timeout: FAULT_PHASE_LIMIT_MS, interval: 200 },
      )
      const delivered = await settleAndCheck(core, feed, watched)
      expect(delivered.malformed).toBeGreaterThanOrEqual(50)
    },
    TEST_LIMIT_MS,
  )

  it(
    'converges after 10,000 hostile frames, each refused and counted, none stored',
    async () => {
      const { core, feed, watched } = await chaosRig()
      feed.control.setRate(4000)
      // Every 400th hostile frame is over the frame cap (the simulator then closes that connection).
      feed.control.setFaults({ hostileRatio: 0.5, hostileHugeEvery: 400 })
      await vi.waitFor(
        () => {
          const dealt = feed.control.faultsDelivered()
          expect(dealt.malformed + dealt.unknownKind).toBeGreaterThanOrEqual(10_000)
        },
        { timeout: FAULT_PHASE_LIMIT_MS, interval: 200 },
      )
      const delivered = await settleAndCheck(core, feed, watched)
      expect(delivered.unknownKind).toBeGreaterThan(0)
    },
    TEST_LIMIT_MS,
  )
})
