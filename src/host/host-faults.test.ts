/**
 * The browser host survives what used to end it, over real sockets: the real host runs as a child
 * process (as `npm run start:browser` does) with a test-only fault switch, and this test talks to
 * it as a page would. Needs the built renderer (`npx electron-vite build`; scripts/test.sh does it).
 */
import { readdirSync } from 'node:fs'
import type { Duplex } from 'node:stream'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { launchHost, type HostProcess } from '../../e2e/host'
import type { AppHealth } from '../shared/health'
import type { MatchBoard } from '../shared/board'
import type { HostToPage } from './protocol'
import { connectBridge, openHostileSocket, watchLive, type BridgeClient } from './test-bridge-client'

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

describe('the browser host with a page that stops reading', () => {
  // The bound itself is held at every send in page-outbox.test.ts; this is the whole host's part.
  it('drops what a page frozen 20 s at 6,000 updates/s misses, says so, and the page catches up', async () => {
    const { host, bridge } = await start(['--sim-rate', '6000', '--sim-live-matches', '50'])
    const live = await watchLive(bridge, 50)
    await vi.waitFor(() => expect(bridge.events.some((e) => e.event === 'board:patch')).toBe(true), { timeout: 10_000 })

    bridge.freeze()
    await new Promise((resolve) => setTimeout(resolve, 20_000))
    const eventsBefore = bridge.events.length
    bridge.thaw()
    // Caught up: told the patches it missed were dropped, then patches again.
    await vi.waitFor(
      () => {
        const after = bridge.events.slice(eventsBefore)
        const dropped = after.findIndex((e) => e.event === 'bridge:dropped')
        expect(after[dropped]?.payload).toEqual({ channel: 'board:patch' })
        expect(after.slice(dropped).some((e) => e.event === 'board:patch')).toBe(true)
      },
      { timeout: 20_000, interval: 100 },
    )
    const boards = await bridge.invoke<Array<{ header: { matchId: number } }>>('board:get')
    expect(boards.length).toBe(live.length)
    expect(host.stderr()).not.toContain('uncaught')
  }, 60_000)
})

describe('the browser host under hostile bridge messages', () => {
  const hostileSocket = (host: HostProcess) => openHostileSocket(host.origin, host.token)
  const closedBy = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', resolve))

  it('refuses oversized, broken and garbled messages without an uncaught exception, and keeps answering', async () => {
    const { host, bridge } = await start(['--sim-rate', '0'])
    const sends: Array<(ws: WebSocket) => void> = [
      (ws) => ws.send('x'.repeat(2 * 1024 * 1024)), // over the size cap
      (ws) => ws.send(Buffer.from([0xff, 0xfe, 0xfd]), { binary: false }), // text that is not UTF-8
      (ws) => (ws as unknown as { _socket: Duplex })._socket.write(Buffer.from([0x8f, 0x80, 0, 0, 0, 0])), // no such opcode
    ]
    for (const send of sends) {
      const ws = await hostileSocket(host)
      const closed = closedBy(ws)
      send(ws)
      expect(await closed).toBeGreaterThanOrEqual(1002)
    }
    const garbled = await hostileSocket(host)
    for (const text of [
      '['.repeat(200_000),
      '{"id":1,"channel":"__proto__"}',
      '{"notificationClicked":null}',
      'null',
    ]) {
      garbled.send(text)
    }
    garbled.close()
    const health = await vi.waitFor(
      async () => {
        const answer = await bridge.invoke<AppHealth>('feed:health')
        expect(answer.faults.byKind['refused:bridge']).toBeGreaterThanOrEqual(sends.length + 2)
        return answer
      },
      { timeout: 10_000, interval: 100 },
    )
    expect(health.faults.byKind['uncaught-exception']).toBeUndefined()
    expect(await bridge.invoke('app:info')).toMatchObject({ host: 'browser' })
  })

  it('counts every message without the shape of a request as a refusal, one each', async () => {
    const { host, bridge } = await start(['--sim-rate', '0'])
    const refusals = async () => (await bridge.invoke<AppHealth>('feed:health')).faults.byKind['refused:bridge'] ?? 0
    const before = await refusals()
    const shapeless = [
      '{}',
      '[1,2,3]',
      '{"channel":"board:get"}',
      '{"id":"7","channel":"board:get"}',
      '{"id":7,"channel":42}',
      '{"notificationClicked":null}',
      '{"notificationClicked":{"matchId":"12"}}',
    ]
    const ws = await hostileSocket(host)
    for (const text of shapeless) ws.send(text)
    await vi.waitFor(async () => expect(await refusals()).toBe(before + shapeless.length), {
      timeout: 10_000,
      interval: 100,
    })
    ws.close()
    expect(host.stderr()).not.toContain('uncaught')
  })

  it('refuses to build whole boards for a page that asks for them in a loop without reading the answers', async () => {
    const { host, bridge } = await start(['--sim-live-matches', '30'])
    await watchLive(bridge, 30)
    const ws = await hostileSocket(host)
    ws.pause()
    for (let id = 0; id < 1000; id++) ws.send(JSON.stringify({ id, channel: 'board:get' }))
    const answers = new Map<number, boolean>()
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as HostToPage
      if ('id' in message) answers.set(message.id, message.result.ok)
    })
    // Once the socket buffers are full, every further request is refused without the work.
    await vi.waitFor(
      async () =>
        expect((await bridge.invoke<AppHealth>('feed:health')).faults.byKind['refused:bridge']).toBeGreaterThan(500),
      { timeout: 30_000, interval: 200 },
    )
    ws.resume()
    await vi.waitFor(() => expect(answers.size).toBe(1000), { timeout: 30_000, interval: 100 })
    expect([...answers.values()].filter((ok) => !ok).length).toBeGreaterThan(500)
    ws.close()
  })

  it('takes __proto__ and constructor as plain watchlist names, kept across a restart', async () => {
    const { host, bridge } = await start(['--sim-rate', '0'])
    for (const name of ['__proto__', 'constructor', 'prototype', 'toString']) {
      await bridge.invoke('watchlists:command', { op: 'create', name })
    }
    const names = (state: { lists: Array<{ name: string }> }) => state.lists.map((list) => list.name)
    const created = names(await bridge.invoke('watchlists:get'))
    expect(created).toEqual(['My matches', '__proto__', 'constructor', 'prototype', 'toString'])
    bridge.close()
    await host.stop()
    const again = await start(['--sim-rate', '0', '--data-dir', host.dataDir])
    expect(names(await again.bridge.invoke('watchlists:get'))).toEqual(created)
  })
})

describe('the browser host after it was killed', () => {
  const problemIds = async (bridge: BridgeClient) =>
    (await bridge.invoke<Array<{ id: string; happened: string }>>('problems:get')).map((p) => p.id)

  it('says at the next start that it ended without closing, and which span of prices is missing', async () => {
    const first = await start(['--sim-rate', '0'])
    expect(await problemIds(first.bridge)).not.toContain('ended-unexpectedly')
    first.bridge.close()
    await first.host.kill()
    const again = await start(['--sim-rate', '0', '--data-dir', first.host.dataDir])
    const problems = await again.bridge.invoke<Array<{ id: string; title: string; happened: string }>>('problems:get')
    const ended = problems.find((p) => p.id === 'ended-unexpectedly')
    expect(ended?.title).toBe('Odds Monitor did not close normally')
    expect(ended?.happened).toMatch(
      /^The app last ran at .+ and ended without closing .+ Prices from .+ to .+ were not recorded/,
    )
    // A clean stop says nothing at the next start.
    again.bridge.close()
    await again.host.stop()
    const third = await start(['--sim-rate', '0', '--data-dir', first.host.dataDir])
    expect(await problemIds(third.bridge)).not.toContain('ended-unexpectedly')
  }, 60_000) // three host starts, one after the other
})
