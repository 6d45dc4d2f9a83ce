/**
 * The watch engine against the simulator over real loopback sockets. Equality with the server is
 * polled for (the sim keeps moving prices; messages in flight make any one instant unequal).
 */
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { closedPort } from '../../../test-support/closed-port'
import { waitUntil } from '../../../test-support/wait'
import type { BoardPatch } from '../../../shared/board'
import type { PriceChange, PriceTick } from '../../../shared/domain'
import type { StreamHealth } from '../../../shared/health'
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../../sim/index'
import { MatchRecord } from '../../../shared/wire/data-service'
import { MatchPricesWire } from '../../../shared/wire/odds'
import { openEventStream, openWebSocket, type TransportOpener, type TransportOpeners } from '../streams/transports'
import { boardPrices, serverPrices } from './board-vs-server'
import { WatchEngine, type WatchEngineOptions } from './watch-engine'
import { openCache } from '../cache'
import { tempDir } from '../cache/test-helpers'

const SPORT = 'badminton'
const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function sim(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const s = await startSimulator({ seed: 7, rate: 300, liveMatches: 3, speed: 20, ...options })
  cleanups.push(() => s.close())
  return s
}

interface Seen {
  patches: BoardPatch[]
  ticks: PriceTick[]
  states: StreamHealth[]
  fetches: number
  /** When each snapshot fetch began and when its answer had been read (deltas are held meanwhile). */
  fetchWindows: Array<{ from: number; to: number }>
}

/**
 * An engine on the simulator; the snapshot comes by plain fetch (the REST client is tested on its own).
 * `inTransit` holds a snapshot that has been read back from the engine for a while, as a slow network would.
 */
function rig(
  s: SimulatorHandle,
  extra: Partial<WatchEngineOptions> = {},
  inTransit: (snapshot: unknown) => Promise<unknown> = async () => undefined,
) {
  const seen: Seen = { patches: [], ticks: [], states: [], fetches: 0, fetchWindows: [] }
  const engine = new WatchEngine({
    feed: 'demo',
    endpoints: s,
    keys: { odds: s.apiKey, data: s.apiKey },
    fetchSnapshot: async (sport, matchId, signal) => {
      seen.fetches++
      const from = Date.now()
      const res = await fetch(`${s.oddsBaseUrl}/bookmaker/${s.bookmakerId}/${sport}/${matchId}`, {
        headers: { authorization: `Bearer ${s.apiKey}` },
        signal,
      })
      if (!res.ok) throw new Error(`snapshot ${res.status}`)
      const json: unknown = await res.json()
      await inTransit(json)
      seen.fetchWindows.push({ from, to: Date.now() })
      return json
    },
    sinks: {
      onPatch: (p) => seen.patches.push(p),
      onTicks: (t) => seen.ticks.push(...t),
      onStreamState: (h) => seen.states.push(h),
    },
    backoff: { baseMs: 20, capMs: 200 },
    ...extra,
  })
  cleanups.push(() => engine.close())
  return { engine, seen }
}

function firstLive(s: SimulatorHandle): number {
  const [matchId] = s.control.liveOddsMatchIds(SPORT)
  if (matchId === undefined) throw new Error('sim has no live match')
  return matchId
}

function converged(s: SimulatorHandle, engine: WatchEngine, matchId: number): boolean {
  const board = engine.state(matchId)
  return (
    board?.header.synced === true &&
    JSON.stringify(boardPrices(board)) === JSON.stringify(serverPrices(s, SPORT, matchId))
  )
}

/** The network transports, with every text a stream of every event (`/live/{type}`, no event id) receives copied out. */
function tappedDeskStreams(texts: string[]): TransportOpeners {
  const tap =
    (open: TransportOpener): TransportOpener =>
    (url, handlers, options) =>
      open(
        url,
        {
          ...handlers,
          onText: (text) => {
            if (/\/live\/[a-z]+\?/.test(url)) texts.push(text)
            handlers.onText(text)
          },
        },
        options,
      )
  return { ws: tap(openWebSocket), sse: tap(openEventStream) }
}

/** A header changed by a data live message: a score, or a status with the data service's reason. */
function headerFromDataStreams(engine: WatchEngine, matchId: number): boolean {
  const header = engine.state(matchId)?.header
  return header !== undefined && (header.score !== null || header.statusReason !== null)
}

/** The data service's /matches records by plain fetch (the REST client is tested on its own). */
async function matchRecords(s: SimulatorHandle, ids: readonly number[], signal?: AbortSignal): Promise<MatchRecord[]> {
  const res = await fetch(`${s.dataBaseUrl}/matches?id=in.(${ids.join(',')})`, {
    headers: { authorization: `Bearer ${s.apiKey}` },
    signal,
  })
  if (!res.ok) throw new Error(`matches ${res.status}`)
  return MatchRecord.array().parse(await res.json())
}

/** Endpoints whose data streams cannot connect. */
async function deadDataStreams(s: SimulatorHandle) {
  const port = await closedPort()
  return {
    ...s,
    dataBaseUrl: `http://127.0.0.1:${port}/data/badminton`,
    wsBaseUrl: `ws://127.0.0.1:${port}/data/badminton`,
  }
}

const dataStreams = (engine: WatchEngine) => engine.health().streams.filter((h) => h.service === 'data')
const dataService = (engine: WatchEngine) => engine.health().services.find((x) => x.service === 'data')
const LIVE_TYPES = ['status', 'score', 'time', 'incident']

const ticksOf = (ticks: PriceTick[], matchId: number) => ticks.filter((t) => t.matchId === matchId).length

describe('WatchEngine', () => {
  it('merges snapshot and deltas into the server state, keeping the header from the data streams', async () => {
    const s = await sim({ speed: 120 })
    const { engine, seen } = rig(s)
    const matchId = firstLive(s)
    engine.watch(SPORT, matchId)
    await waitUntil(() => ticksOf(seen.ticks, matchId) > 100, 'ticks after the snapshot')
    await waitUntil(() => converged(s, engine, matchId), 'state equal to the server')
    const board = engine.state(matchId)
    expect(board?.layout.groups.map((g) => g.oddType)).toContain('full-time')
    expect(board?.header.status).toBe('live')
    await waitUntil(() => engine.state(matchId)?.header.score !== null, 'a score from the data service')
    const score = engine.state(matchId)?.header.score
    expect(typeof score?.home.current === 'number' || typeof score?.away.current === 'number').toBe(true)
    expect(seen.patches.some((p) => p.snapshots.some((b) => b.header.matchId === matchId && b.header.synced))).toBe(
      true,
    )
  })

  it('reconnects and resyncs under dropped connections, ending equal to the server for every match', async () => {
    const s = await sim({ faults: { dropEverySeconds: 0.25 } })
    const { engine, seen } = rig(s, { dataLiveTypes: ['status'] })
    const ids = s.control.liveOddsMatchIds(SPORT)
    engine.setWatched(ids.map((matchId) => ({ sport: SPORT, matchId })))
    const updates = () => engine.health().streams.filter((h) => h.kind === 'updates')
    await waitUntil(() => updates().every((h) => h.reconnects >= 2), 'two reconnects per stream')
    // One snapshot per reconnect round of a match's two streams (a drop mid-round merges rounds).
    await waitUntil(() => seen.fetches >= ids.length * 2, 'a resync snapshot per match after its reconnects')
    s.control.setFaults({})
    for (const matchId of ids)
      await waitUntil(() => converged(s, engine, matchId), `match ${matchId} equal to the server`)
  })

  it('fetches each match’s snapshot once per (re)connect of its two odds streams, not once per stream', async () => {
    const s = await sim()
    const matchId = firstLive(s)
    const { engine } = rig(s, { dataLiveTypes: [] })
    const odds = () => engine.health().streams.filter((h) => h.matchId === matchId && h.service === 'odds')
    const settled = (reconnects: number) =>
      engine.synced(matchId) && odds().every((h) => h.state === 'live' && h.reconnects === reconnects)
    engine.watch(SPORT, matchId)
    await waitUntil(() => settled(0), 'watched and synced')
    expect(s.control.snapshotsServed(matchId)).toBe(1)
    for (const round of [1, 2]) {
      s.control.dropConnections()
      await waitUntil(() => settled(round), `reconnect ${round} synced`)
      expect(s.control.snapshotsServed(matchId)).toBe(1 + round)
    }
    await waitUntil(() => converged(s, engine, matchId), 'equal to the server')
  })

  it('takes the deltas held while a resync snapshot is fetched as part of the resync: recorded, never a move live or in the rebuilt tape', async () => {
    const s = await sim({ faults: { dropEverySeconds: 1 } })
    const matchId = firstLive(s)
    const dir = tempDir()
    cleanups.push(() => dir.remove())
    const cache = openCache(join(dir.dir, 'cache.sqlite'))
    cleanups.push(() => cache.close())
    const live: PriceChange[] = []
    const seqOf = (snapshot: unknown) => MatchPricesWire.parse(snapshot).seq ?? 0
    // Each snapshot reaches the engine only once the feed has sent ten deltas past it.
    const tenDeltasLater = (snapshot: unknown) =>
      waitUntil(
        () => seqOf(s.control.matchPrices(SPORT, matchId)) >= seqOf(snapshot) + 10,
        'ten deltas sent after the snapshot',
      )
    const { engine, seen } = rig(
      s,
      {
        dataLiveTypes: ['status'],
        sinks: {
          onTicks: (ticks) => cache.recordTicks('demo', ticks),
          onChanges: (changes) => live.push(...changes),
          onPatch: (p) => seen.patches.push(p),
        },
      },
      tenDeltasLater,
    )
    engine.setWatched([{ sport: SPORT, matchId }])
    // A tick received while a snapshot was on its way came from a held delta (the snapshot's own come after).
    const held = (t: { receivedTs: number }) =>
      seen.fetchWindows.some((w) => t.receivedTs >= w.from && t.receivedTs < w.to)
    const recorded = () => cache.ticks('demo', matchId, 0, Date.now() + 1, { limit: 100_000 })
    await waitUntil(
      () => seen.fetchWindows.length >= 4 && recorded().filter(held).length >= 20,
      'deltas held during three resyncs after the first, and recorded',
    )
    engine.close()

    expect(cache.recentChanges('demo', [matchId], 0, 100_000).filter(held)).toEqual([])
    expect(live.filter((c) => !c.resync).filter(held)).toEqual([])
    expect(seen.patches.flatMap((p) => p.tape).filter(held)).toEqual([])
    // The first move after each resync is measured from the last held delta in the rebuilt tape too.
    const words = (c: PriceChange) => `${c.oddKey} at ${c.receivedTs}: ${c.previousPrice} → ${c.price}`
    // Changes received in the same millisecond (a market's outcomes move together) have no order of their own.
    const inTimeOrder = (changes: PriceChange[]) =>
      [...changes].sort((a, b) => a.receivedTs - b.receivedTs || a.oddKey.localeCompare(b.oddKey)).map(words)
    const written = new Set(recorded().map((t) => t.receivedTs))
    expect(inTimeOrder(cache.recentChanges('demo', [matchId], 0, 100_000))).toEqual(
      inTimeOrder(live.filter((c) => !c.resync && written.has(c.receivedTs))),
    )
  })

  it('measures the odds feed lag from each message’s own time, and says the data service gives none', async () => {
    const delayMs = 250
    const s = await sim({ faults: { oddsStreamDelayMs: delayMs } })
    const { engine } = rig(s, { dataLiveTypes: ['status'] })
    const matchId = firstLive(s)
    engine.watch(SPORT, matchId)
    const service = (name: 'odds' | 'data') => engine.health().services.find((x) => x.service === name)
    const oddsLag = await waitUntil(() => {
      const lag = service('odds')?.lag
      return lag?.timed && (lag.lastMinute?.samples ?? 0) >= 20 && lag.lastMinute
    }, '20 timed odds messages')
    // The simulator sends each message the delay after its `ts`: no lag can read less.
    expect(oddsLag.p50Ms).toBeGreaterThanOrEqual(delayMs)
    expect(oddsLag.p99Ms).toBeGreaterThanOrEqual(oddsLag.p50Ms)
    expect(oddsLag.maxMs).toBeGreaterThanOrEqual(oddsLag.p99Ms)
    const streams = engine.health().streams
    expect(streams.find((h) => h.kind === 'updates')?.lagMs).toBeGreaterThanOrEqual(delayMs)
    expect(service('data')?.lag).toEqual({ timed: false })
    expect(streams.filter((h) => h.service === 'data').map((h) => h.lagMs)).toEqual([null])
  })

  it('counts and skips malformed and unknown-kind messages while good ones still apply', async () => {
    const s = await sim({ faults: { malformedRatio: 0.05, unknownKindRatio: 0.05 } })
    const { engine, seen } = rig(s, { dataLiveTypes: [] })
    const matchId = firstLive(s)
    engine.watch(SPORT, matchId)
    const updates = () => engine.health().streams.find((h) => h.kind === 'updates')
    await waitUntil(
      () => (updates()?.malformed ?? 0) >= 3 && (updates()?.unknownKind ?? 0) >= 3,
      'faulty messages counted',
    )
    expect(updates()?.state).toBe('live')
    expect(ticksOf(seen.ticks, matchId)).toBeGreaterThan(0)
    // A torn message leaves a seq gap: the engine resyncs and still ends equal to the server.
    s.control.setFaults({})
    await waitUntil(() => converged(s, engine, matchId), 'state equal to the server')
    expect(engine.health().services.find((x) => x.service === 'odds')?.malformed).toBeGreaterThanOrEqual(3)
  })

  it('keeps quiet streams connected for many stale periods: odds ones silent between heartbeats, nothing reconnects', async () => {
    const s = await sim()
    // Odds and data streams; the data ones (status, score, incident…) are quiet for minutes at a time.
    const { engine } = rig(s, { staleAfterMs: 150 })
    const matchId = firstLive(s)
    engine.watch(SPORT, matchId)
    await waitUntil(() => converged(s, engine, matchId), 'first sync')
    await waitUntil(() => engine.health().streams.every((h) => h.state === 'live'), 'every stream live')
    s.control.setRate(0) // prices stop: only the odds heartbeat (every 5 s) remains
    const quietFrom = Date.now()
    const odds = () => engine.health().streams.filter((h) => h.service === 'odds')
    // Between heartbeats the odds streams answer pings but carry no data: silent, the service degraded.
    await waitUntil(() => odds().every((h) => h.state === 'silent'), 'odds streams silent')
    expect(engine.health().services.map((x) => [x.service, x.state])).toEqual([
      ['odds', 'degraded'],
      ['data', 'live'],
    ])
    // The next heartbeat is data: both odds streams are live again, on their first connection.
    await waitUntil(
      () => odds().every((h) => h.state === 'live' && (h.lastMessageAt ?? 0) > quietFrom + 1000),
      'a heartbeat after the quiet',
    )
    const health = engine.health()
    expect(health.streams.map((h) => [h.kind, h.state, h.reconnects])).toEqual(
      health.streams.map((h) => [h.kind, 'live', 0]),
    )
    expect(health.services.map((x) => x.state)).toEqual(['live', 'live'])
  })

  it('stops at "rejected" for a refused key, without a retry storm', async () => {
    const s = await sim()
    const { engine, seen } = rig(s, { keys: { odds: 'not-the-key', data: 'not-the-key' } })
    // The streams' timers are fake: ten seconds of them (many backoff periods of 20–200 ms) run at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    cleanups.push(() => void vi.useRealTimers())
    engine.watch(SPORT, firstLive(s))
    await waitUntil(() => engine.health().streams.every((h) => h.state === 'rejected'), 'rejected')
    await vi.advanceTimersByTimeAsync(10_000)
    const streams = engine.health().streams
    expect(streams.map((h) => [h.state, h.reconnects])).toEqual(streams.map(() => ['rejected', 0]))
    expect(engine.health().services.map((x) => x.state)).toEqual(['rejected', 'rejected'])
    expect(JSON.stringify(engine.health())).not.toContain('not-the-key')
    expect(seen.fetches).toBe(0)
  })

  it('falls back to the event stream when WebSocket is refused', async () => {
    const s = await sim()
    const port = await closedPort()
    const endpoints = {
      ...s,
      oddsWsBaseUrl: `ws://127.0.0.1:${port}/odds`,
      wsBaseUrl: `ws://127.0.0.1:${port}/data/badminton`,
    }
    const { engine } = rig(s, { endpoints, dataLiveTypes: ['score'] })
    const matchId = firstLive(s)
    engine.watch(SPORT, matchId)
    await waitUntil(() => engine.health().streams.every((h) => h.state === 'live'), 'all streams live')
    expect(engine.health().streams.map((h) => h.transport)).toEqual(['sse', 'sse', 'sse'])
    await waitUntil(() => converged(s, engine, matchId), 'state equal to the server over SSE')
  })

  it.each(['required', 'never'] as const)(
    'holds the data streams over WebSocket from the first connect where the server’s subprotocol rule is %s',
    async (wsSubprotocol) => {
      const s = await sim({ faults: { wsSubprotocol } })
      const { engine } = rig(s)
      engine.watch(SPORT, firstLive(s))
      await waitUntil(() => dataStreams(engine).every((h) => h.state === 'live'), 'the data streams live')
      expect(dataStreams(engine).map((h) => [h.kind, h.transport, h.reconnects, h.lastError])).toEqual(
        LIVE_TYPES.map((kind) => [kind, 'ws', 0, null]),
      )
    },
  )

  it('batches the board: far fewer patches than ticks, one cell per outcome per patch', async () => {
    const s = await sim({ rate: 2000 })
    const { engine, seen } = rig(s, { dataLiveTypes: [], conflationMs: 50 })
    const ids = s.control.liveOddsMatchIds(SPORT)
    for (const matchId of ids) engine.watch(SPORT, matchId)
    await waitUntil(() => seen.ticks.length > 1500, 'a flood of ticks')
    const patches = seen.patches.length
    expect(patches).toBeGreaterThan(1)
    expect(patches * 10).toBeLessThan(seen.ticks.length)
    for (const p of seen.patches) expect(new Set(p.cells.map((c) => c.outcomeId)).size).toBe(p.cells.length)
    const cells = seen.patches.reduce((n, p) => n + p.cells.length, 0)
    const tape = seen.patches.reduce((n, p) => n + p.tape.length + p.tapeDropped, 0)
    expect(cells).toBeLessThan(tape) // many changes of one outcome became one cell
  })

  it('follows the watchlist: unwatch closes the match streams, the last one the desk data streams', async () => {
    const s = await sim()
    const { engine, seen } = rig(s)
    const ids = s.control.liveOddsMatchIds(SPORT).slice(0, 2)
    engine.setWatched(ids.map((matchId) => ({ sport: SPORT, matchId })))
    // Two odds streams per match, one data stream per live type for the desk.
    await waitUntil(() => s.control.stats().connections === 2 * 2 + 4, 'eight streams on the server')
    engine.setWatched([{ sport: SPORT, matchId: ids[0]! }])
    await waitUntil(() => s.control.stats().connections === 2 + 4, 'the unwatched match closed')
    expect(engine.watchedMatchIds()).toEqual([ids[0]])
    const streams = engine.health().streams
    expect(streams.filter((h) => h.service === 'odds').every((h) => h.matchId === ids[0])).toBe(true)
    expect(streams.filter((h) => h.service === 'data').map((h) => h.matchId)).toEqual([null, null, null, null])
    await waitUntil(() => seen.patches.some((p) => p.removed.includes(ids[1]!)), 'removal patch')
    engine.unwatch(ids[0]!)
    await waitUntil(() => s.control.stats().connections === 0, 'all closed')
  })

  it('keeps open connections within the bound and queues the rest', async () => {
    const s = await sim()
    const { engine } = rig(s, { dataLiveTypes: [], maxConnections: 3 })
    const ids = s.control.liveOddsMatchIds(SPORT).slice(0, 3)
    for (const matchId of ids) engine.watch(SPORT, matchId)
    const states = () =>
      engine
        .health()
        .streams.map((h) => h.state)
        .sort()
    await waitUntil(() => states().join() === 'live,live,live,queued,queued,queued', 'three live, three queued')
    expect(s.control.stats().connections).toBe(3)
    engine.unwatch(ids[0]!)
    await waitUntil(() => states().join() === 'live,live,live,queued', 'a freed slot taken')
    expect(s.control.stats().connections).toBe(3)
  })

  it('holds one data stream per live type for 50 watched matches, keeps only their messages, updates every header', async () => {
    const s = await sim({ liveMatches: 60, rate: 100 })
    const deskTexts: string[] = []
    const { engine } = rig(s, { transports: tappedDeskStreams(deskTexts) })
    const live = s.control.liveOddsMatchIds(SPORT)
    const ids = live.slice(0, 50)
    const unwatched = new Set(live.slice(50))
    expect([ids.length, unwatched.size > 0]).toEqual([50, true])
    engine.setWatched(ids.map((matchId) => ({ sport: SPORT, matchId })))
    await waitUntil(
      () => ids.every((id) => headerFromDataStreams(engine, id)),
      () => `live headers: ${ids.filter((id) => headerFromDataStreams(engine, id)).length}/50`,
      30_000,
    )
    expect(s.control.stats().dataLiveConnections).toBe(4)
    expect(dataStreams(engine).map((h) => [h.kind, h.matchId, h.state])).toEqual(
      LIVE_TYPES.map((kind) => [kind, null, 'live']),
    )
    expect(dataService(engine)?.kinds).toEqual(
      LIVE_TYPES.map((kind) => ({ kind, state: 'live', live: 1, active: 1, perMatch: false })),
    )
    // The desk streams carry every match of the sport: the others' messages are skipped, not refused.
    await waitUntil(
      () => deskTexts.some((t) => unwatched.has(Number((JSON.parse(t) as { match_id: string }).match_id))),
      'a message for an unwatched match',
    )
    expect(dataStreams(engine).map((h) => h.malformed + h.unknownKind)).toEqual([0, 0, 0, 0])
    for (const id of unwatched) expect(engine.state(id)).toBeUndefined()
  })

  it.each([404, 403] as const)(
    'falls back to per-event data streams where the per-type ones are answered %i',
    async (status) => {
      const s = await sim({ liveMatches: 5, faults: { refuseTypeStreams: status } })
      const { engine } = rig(s)
      const ids = s.control.liveOddsMatchIds(SPORT).slice(0, 3)
      engine.setWatched(ids.map((matchId) => ({ sport: SPORT, matchId })))
      await waitUntil(
        () => dataStreams(engine).filter((h) => h.matchId !== null && h.state === 'live').length === 3 * 4,
        () => `per-event streams live: ${JSON.stringify(dataStreams(engine).map((h) => [h.id, h.state]))}`,
      )
      expect(dataStreams(engine).length).toBe(3 * 4)
      expect(s.control.stats().dataLiveConnections).toBe(3 * 4)
      expect(dataService(engine)?.kinds).toEqual(
        LIVE_TYPES.map((kind) => ({ kind, state: 'live', live: 3, active: 3, perMatch: true })),
      )
      await waitUntil(() => ids.every((id) => headerFromDataStreams(engine, id)), 'every header from the data streams')
      // A match watched later of the same sport goes per event at once.
      const later = s.control.liveOddsMatchIds(SPORT)[3]!
      engine.watch(SPORT, later)
      await waitUntil(() => s.control.stats().dataLiveConnections === 4 * 4, 'four more per-event streams')
      expect(
        dataStreams(engine)
          .filter((h) => h.matchId === later)
          .map((h) => h.kind),
      ).toEqual(LIVE_TYPES)
    },
  )

  it.each(['home-away', '1-2', 'team-id', 'empty'] as const)(
    'shows clock, score, status and incident from the documented live messages (score team %s), refusing none',
    async (scoreTeam) => {
      // 300×: a live badminton match plays out in seconds, with its games' incidents and a final score.
      const s = await sim({ speed: 300, scoreTeam })
      let recordFetches = 0
      const { engine, seen } = rig(s, {
        fetchMatchRecords: (_sport, ids, signal) => {
          recordFetches++
          return matchRecords(s, ids, signal)
        },
        recordRefreshMs: 50,
      })
      const matchId = firstLive(s)
      engine.watch(SPORT, matchId)
      const header = () => engine.state(matchId)!.header
      await waitUntil(() => header().status === 'finished', 'the match finished', 30_000)
      const [record] = await matchRecords(s, [matchId])
      const final = { home: record!.home_team_score, away: record!.away_team_score }
      await waitUntil(
        () =>
          header().score?.home.current === final.home?.display && header().score?.away.current === final.away?.display,
        () => `the final score ${JSON.stringify(final)}; header ${JSON.stringify(header().score)}`,
      )
      expect(header().statusReason).toBe('Ended')
      const headers = seen.patches.flatMap((p) => p.headers).filter((h) => h.matchId === matchId)
      expect(headers.some((h) => (h.clock?.elapsedSeconds ?? 0) > 0 && /^[1-3]$/.test(h.clock?.period ?? ''))).toBe(
        true,
      )
      expect(headers.some((h) => h.lastIncident?.type === 'period' && h.lastIncident.minute === null)).toBe(true)
      expect(dataStreams(engine).map((h) => [h.kind, h.malformed, h.unknownKind])).toEqual(
        LIVE_TYPES.map((kind) => [kind, 0, 0]),
      )
      // A score that names its side needs no record beyond the first; one that names none asks again.
      if (scoreTeam === 'empty') expect(recordFetches).toBeGreaterThan(1)
      else expect(recordFetches).toBe(1)
    },
  )

  it('fills headers from the REST records before any live message, in one request, never holding the odds', async () => {
    const s = await sim()
    const ids = s.control.liveOddsMatchIds(SPORT).slice(0, 2)
    const requests: number[][] = []
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const { engine } = rig(s, {
      endpoints: await deadDataStreams(s),
      fetchMatchRecords: async (_sport, matchIds, signal) => {
        requests.push([...matchIds])
        if (requests.length === 1) throw new Error('data service unreachable') // retried with backoff
        await answered // a slow answer: the odds must not wait for it
        return matchRecords(s, matchIds, signal)
      },
    })
    engine.setWatched(ids.map((matchId) => ({ sport: SPORT, matchId })))
    for (const id of ids) await waitUntil(() => converged(s, engine, id), `match ${id} synced while the header waits`)
    await waitUntil(() => requests.length === 2, 'the failed request retried')
    expect(requests).toEqual([ids, ids])
    expect(ids.map((id) => engine.state(id)?.header.statusReason)).toEqual([null, null])
    answer()
    await waitUntil(() => ids.every((id) => engine.state(id)?.header.statusReason !== null), 'headers from REST')
    for (const id of ids) {
      const header = engine.state(id)!.header
      // One of the simulator's live matches is interrupted a few seconds into the run.
      expect(['live', 'interrupted']).toContain(header.status)
      expect(header.score?.home.current).toEqual(expect.any(Number))
      expect(header.clock?.elapsedSeconds).toEqual(expect.any(Number))
    }
    // No live data message reached it: the data streams never connected.
    expect(dataStreams(engine).map((h) => h.lastMessageAt)).toEqual([null, null, null, null])
  })
})
