/**
 * Issue 21.1, whole core: the demo simulator sends the data service's live messages in exactly the
 * documented key sets (every value a string, "" where it has none); the core's board shows the
 * clock, score, status and last incident from them, and refuses none.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { MatchBoard } from '../../shared/board'
import type { FeedHealth } from '../../shared/health'
import { eventually, invoke, startTestCore, watchFirstLive } from './test-support'

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

describe('the documented live data on the board', () => {
  it('shows clock, score, status and incident, with nothing refused', async () => {
    // 120×: a badminton game (and its `period` incident) passes within seconds.
    const { core } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-live-data-')), { demo: { speed: 120 } })
    cleanups.push(() => core.stop())
    const matchId = await watchFirstLive(core)
    const boards = await eventually(
      () => invoke<MatchBoard[]>(core, 'board:get'),
      (all) => {
        const header = all.find((b) => b.header.matchId === matchId)?.header
        return !!header?.score && !!header.clock?.elapsedSeconds && !!header.clock.period && !!header.lastIncident
      },
    )
    const header = boards.find((b) => b.header.matchId === matchId)!.header
    // Live, or (this fast) already interrupted or finished: the status and its reason from the status stream.
    expect(header.statusReason).toMatch(/game$|Interrupted|Ended/)
    expect(header.score?.home.current).toEqual(expect.any(Number))
    expect(header.lastIncident).toMatchObject({ type: 'period', minute: null })
    const health = await invoke<FeedHealth>(core, 'feed:health')
    const data = health.streams.filter((s) => s.service === 'data')
    expect(data.map((s) => [s.kind, s.state, s.malformed, s.unknownKind])).toEqual(
      ['status', 'score', 'time', 'incident'].map((kind) => [kind, 'live', 0, 0]),
    )
  })
})
