/**
 * The browser host survives what used to end it, over real sockets: the real host runs as a child
 * process (as `npm run start:browser` does) with a test-only fault switch, and this test talks to
 * it as a page would. Needs the built renderer (`npx electron-vite build`; scripts/test.sh does it).
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { launchHost, type HostProcess } from '../../e2e/host'
import type { AppHealth } from '../shared/health'
import type { MatchBoard } from '../shared/board'
import { connectBridge, type BridgeClient } from './test-bridge-client'

const running: Array<HostProcess | BridgeClient> = []
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await ('stop' in item ? item.stop() : item.close())
})

async function start(args: string[]) {
  const host = await launchHost({ args })
  running.push(host)
  const bridge = await connectBridge(host.origin, host.token)
  running.push(bridge)
  return { host, bridge }
}

describe('the browser host under faults', () => {
  it('survives an exception thrown in a timer and an unhandled rejection: counted, crash files, still answering', async () => {
    const { host, bridge } = await start(['--test-faults', 'timer-throw,promise-reject'])
    const health = await vi.waitFor(
      async () => {
        const answer = await bridge.invoke<AppHealth>('feed:health')
        expect(answer.faults.byKind).toMatchObject({ 'uncaught-exception': 1, 'unhandled-rejection': 1 })
        return answer
      },
      { timeout: 10_000, interval: 100 },
    )
    expect(health.faults.byProcess).toEqual({ host: 2 })
    expect(health.faults.recent.map((f) => f.message).sort()).toEqual([
      'Error: test fault: a promise nobody awaited',
      'Error: test fault: thrown from a timer',
    ])
    expect(readdirSync(join(host.dataDir, 'crashes'))).toHaveLength(2)
    // Still serving pages and answering the bridge after both.
    expect((await fetch(host.url)).status).toBe(200)
    expect(await bridge.invoke('app:info')).toMatchObject({ host: 'browser' })
  })

  it('drops a board patch that fails its schema, counts it, tells the page, and board:get has the board', async () => {
    const { bridge } = await start(['--test-faults', 'drop-board-snapshot', '--sim-rate', '0'])
    const live = await bridge.invoke<{ matches: Array<{ matchId: number }> }>('discover:matches', {
      mode: 'live',
      sport: 'badminton',
    })
    const match = live.matches[0]
    const state = await bridge.invoke<{ activeId: string }>('watchlists:get')
    await bridge.invoke('watchlists:command', { op: 'addMatch', id: state.activeId, match })
    await vi.waitFor(
      () => expect(bridge.events).toContainEqual({ event: 'bridge:dropped', payload: { channel: 'board:patch' } }),
      {
        timeout: 10_000,
        interval: 50,
      },
    )
    const health = await bridge.invoke<AppHealth>('feed:health')
    expect(health.faults.byKind).toEqual({ 'emit-dropped': 1 })
    expect(health.faults.recent[0]?.message).toContain('a board:patch event was dropped: outside its schema: seq')
    // The dropped patch carried the match's whole board; what a page fetches on `bridge:dropped` has it.
    // (Polled: on a loaded machine the dropped patch may be the header before the snapshot lands.)
    await vi.waitFor(
      async () => {
        const boards = await bridge.invoke<MatchBoard[]>('board:get')
        expect(boards.map((b) => b.header.matchId)).toEqual([match?.matchId])
        expect(boards[0]?.cells.length).toBeGreaterThan(0)
      },
      { timeout: 10_000, interval: 50 },
    )
  })
})
