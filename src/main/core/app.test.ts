/** The whole core as a host runs it (see test-support.ts for the parts: all real but the host ports). */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startSimulator } from '../../sim'
import type { Core } from './app'
import { waitUntil } from '../../test-support/wait'
import { alertOnEveryOverride, eventually, invoke, pointAt, startTestCore, TEST_APP } from './test-support'

const running: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close()
})

async function startCore(dataDir: string, options: { service?: string; logs?: string[] } = {}) {
  const started = await startTestCore(dataDir, options)
  running.push({ close: () => started.core.stop() })
  return started
}

/** Puts the first `count` live badminton matches of the core's feed on its active list. */
async function watchLiveBadminton(core: Core, count = Infinity): Promise<Array<{ matchId: number }>> {
  const live = await invoke<{ matches: Array<{ matchId: number }> }>(core, 'discover:matches', {
    mode: 'live',
    sport: 'badminton',
  })
  const state = await invoke<{ activeId: string }>(core, 'watchlists:get')
  const picked = live.matches.slice(0, count)
  for (const match of picked) await invoke(core, 'watchlists:command', { op: 'addMatch', id: state.activeId, match })
  return picked
}

type Health = {
  unsynced: Array<{ matchId: number; cause: string; message: string }>
  streams: Array<{ service: string }>
}
type Boards = Array<{ header: { synced: boolean }; cells: Array<{ outcomeId: string; price: number }> }>

describe('the core', () => {
  it('starts on the demo feed without keys, switches to the configured feed with a key, and back', async () => {
    const real = await startSimulator({ port: 0, rate: 50, liveMatches: 2, apiKey: 'real-key-0123456789' })
    running.push(real)
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-core-'))
    const { core, demoFeeds } = await startCore(dataDir)
    const events: unknown[] = []
    core.router.addSink((channel, payload) => events.push({ channel, payload }))

    expect(await invoke(core, 'feed:mode')).toMatchObject({ mode: 'demo', sports: ['badminton', 'cricket', 'hockey'] })
    const demoLive = await invoke<{ matches: unknown[] }>(core, 'discover:matches', {
      mode: 'live',
      sport: 'badminton',
    })
    expect(demoLive.matches).toHaveLength(3)
    // Another sport of the demo world, with the trader's sport set to it, reaches the same simulator.
    await invoke(core, 'settings:update', { sport: 'hockey' })
    const hockey = await invoke<{ matches: Array<{ sport: string }> }>(core, 'discover:matches', {
      mode: 'live',
      sport: 'hockey',
    })
    expect(hockey.matches.map((m) => m.sport)).toEqual(['hockey', 'hockey', 'hockey'])
    await invoke(core, 'settings:update', { sport: 'badminton' })

    await pointAt(core, real)
    await invoke(core, 'keys:set', { account: 'data-service', key: real.apiKey })
    await invoke(core, 'keys:set', { account: 'odds-feed', key: real.apiKey })
    expect(await invoke(core, 'feed:mode')).toMatchObject({ mode: 'real', bookmakerId: real.bookmakerId })
    expect(demoFeeds).toHaveLength(1)
    const realLive = await invoke<{ matches: unknown[] }>(core, 'discover:matches', {
      mode: 'live',
      sport: 'badminton',
    })
    expect(realLive.matches).toHaveLength(2)
    expect(await invoke(core, 'keys:test', { account: 'odds-feed' })).toMatchObject({ ok: true, message: 'key works' })

    const status = await invoke<{ accounts: Record<string, { set: boolean }> }>(core, 'keys:status')
    expect(status.accounts['odds-feed']?.set).toBe(true)

    await invoke(core, 'keys:remove', { account: 'data-service' })
    await invoke(core, 'keys:remove', { account: 'odds-feed' })
    expect(await invoke(core, 'feed:mode')).toMatchObject({ mode: 'demo' })

    // The key never left main: not in any bridge event, not in the settings file.
    expect(JSON.stringify(events)).not.toContain(real.apiKey)
    for (const file of readdirSync(dataDir).filter((f) => f.endsWith('.json'))) {
      expect(readFileSync(join(dataDir, file), 'utf8')).not.toContain(real.apiKey)
    }
  })

  it('says "key rejected" in words when a key is refused, without the key in any text', async () => {
    const real = await startSimulator({ port: 0, rate: 10, liveMatches: 1, apiKey: 'right-key-abcdef' })
    running.push(real)
    const logs: string[] = []
    const { core } = await startCore(mkdtempSync(join(tmpdir(), 'odds-core-')), { logs })
    await invoke(core, 'settings:update', { bookmakerId: real.bookmakerId, oddsBaseUrl: real.oddsBaseUrl })
    await invoke(core, 'keys:set', { account: 'odds-feed', key: 'wrong-key-zyxwvu' })
    const test = await invoke<{ ok: boolean; message: string }>(core, 'keys:test', { account: 'odds-feed' })
    expect(test).toMatchObject({ ok: false, message: expect.stringContaining('key rejected') })
    expect(JSON.stringify(test) + logs.join('\n')).not.toContain('wrong-key-zyxwvu')
  })

  it('counts faults in the health model and keeps a key out of it and out of the crash file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-core-'))
    const { core, openedFolders } = await startCore(dataDir)
    // Short and dash-broken: no shape rule catches it, only knowing the key does.
    const key = 'crash-k3y-abc'
    await invoke(core, 'keys:set', { account: 'odds-feed', key })
    core.faults.report({ process: 'host', kind: 'refused:test-edge', message: 'a frame too big' })
    core.faults.report({
      process: 'host',
      kind: 'uncaught-exception',
      message: `request with ${key} failed`,
      error: new Error(`GET /live?token=${key} and ${key}`),
      detail: { key },
    })
    const health = await invoke<{ faults: Record<string, unknown> }>(core, 'feed:health')
    expect(health.faults).toMatchObject({
      total: 2,
      byKind: { 'refused:test-edge': 1, 'uncaught-exception': 1 },
      byProcess: { host: 2 },
      recent: [
        { process: 'host', kind: 'uncaught-exception', message: 'request with [redacted] failed' },
        { process: 'host', kind: 'refused:test-edge', message: 'a frame too big' },
      ],
      lastCrash: { kind: 'uncaught-exception' },
    })
    const [crashFile, ...others] = readdirSync(join(dataDir, 'crashes'))
    expect(others).toEqual([])
    const crash = readFileSync(join(dataDir, 'crashes', crashFile ?? ''), 'utf8')
    expect(JSON.parse(crash)).toMatchObject({ appVersion: '0.0.0', process: 'host', kind: 'uncaught-exception' })
    expect(crash).not.toContain(key)
    expect(JSON.stringify(health)).not.toContain(key)
    // Settings → About's button: the host is asked to show the crash folder.
    expect(await invoke(core, 'app:openCrashFolder')).toEqual({ opened: true, path: join(dataDir, 'crashes') })
    expect(openedFolders).toEqual([join(dataDir, 'crashes')])
  })

  it('keeps watchlists and settings across a restart, and refuses a sender that is not the app', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-core-'))
    const first = (await startCore(dataDir)).core
    const [watched] = await watchLiveBadminton(first, 1)
    await invoke(first, 'settings:update', { theme: 'light' })
    await running.pop()?.close()

    const second = (await startCore(dataDir)).core
    const reopened = await invoke<{ lists: Array<{ matches: Array<{ matchId: number }> }> }>(second, 'watchlists:get')
    expect(reopened.lists[0]?.matches.map((m) => m.matchId)).toEqual([watched?.matchId])
    expect(await invoke(second, 'settings:get')).toMatchObject({ theme: 'light' })
    const foreign = await second.router.dispatch('settings:get', undefined, { url: 'http://evil.example/' })
    expect(foreign).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
  })

  it('brings back the alerts (with their read flags), override events (own, acknowledged) and change tape after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-core-'))
    const first = (await startCore(dataDir)).core
    await watchLiveBadminton(first)
    await invoke(first, 'rules:save', {
      name: 'Any move',
      enabled: true,
      scope: { type: 'all' },
      condition: { kind: 'move', minPct: 0.1, windowSeconds: 60 },
      cooldownSeconds: 0,
      doNotRepeat: false,
    })
    type Cells = Array<{ cells: Array<{ matchId: number; oddType: string; oddKey: string }> }>
    const boards = await eventually(
      () => invoke<Cells>(first, 'board:get'),
      (b) => b.some((board) => board.cells.length > 0),
    )
    const cell = boards.flatMap((board) => board.cells)[0]
    await invoke(first, 'overrides:set', {
      matchId: cell?.matchId,
      oddType: cell?.oddType,
      oddKey: cell?.oddKey,
      oddValue: 7.5,
      durationSeconds: 60,
      suspended: false,
    })
    type Override = { oddValue: number; action: string; receivedTs: number; own: boolean; acknowledged: boolean }
    type Recent = { tape: Array<{ oddKey: string; receivedTs: number }>; overrides: Override[] }
    type Alerts = { entries: Array<{ id: string; read: boolean }>; unread: number }
    const recorded = await eventually(
      () => invoke<Recent>(first, 'history:recent'),
      (recent) => recent.tape.length >= 5 && recent.overrides.some((e) => e.oddValue === 7.5),
    )
    const ours = recorded.overrides.find((e) => e.oddValue === 7.5)
    expect(ours).toMatchObject({ feed: 'demo', own: true, acknowledged: false })
    const { matchId, oddType, oddKey } = cell ?? { matchId: 0, oddType: '', oddKey: '' }
    await invoke(first, 'overrides:acknowledge', {
      events: [{ matchId, oddType, oddKey, action: ours?.action, receivedTs: ours?.receivedTs }],
    })
    const before = await invoke<Recent>(first, 'history:recent')
    expect(before.overrides.find((e) => e.oddValue === 7.5)).toMatchObject({ own: true, acknowledged: true })
    const alerts = await eventually(
      () => invoke<Alerts>(first, 'alerts:list'),
      (list) => list.entries.length >= 2,
    )
    const readId = alerts.entries[1]?.id ?? ''
    await invoke(first, 'alerts:markRead', { ids: [readId] })
    const alertsBefore = await invoke<Alerts>(first, 'alerts:list')
    await running.pop()?.close()

    const second = (await startCore(dataDir)).core
    const after = await invoke<Recent>(second, 'history:recent')
    const key = (c: { oddKey: string; receivedTs: number }) => `${c.oddKey}@${c.receivedTs}`
    expect(after.tape.map(key)).toEqual(expect.arrayContaining(before.tape.map(key)))
    expect(after.overrides).toEqual(expect.arrayContaining(before.overrides))
    const alertsAfter = await invoke<Alerts>(second, 'alerts:list')
    expect(alertsAfter.entries).toEqual(expect.arrayContaining(alertsBefore.entries))
    expect(alertsAfter.entries.find((e) => e.id === readId)?.read).toBe(true)
  }, 60_000)

  it("names outcomes in the feed's words in alerts, review and the CSV, which flags overridden ticks", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-core-'))
    const { core } = await startCore(dataDir)
    type Match = { matchId: number; home: { name: string }; away: { name: string } }
    const live = await invoke<{ matches: Match[] }>(core, 'discover:matches', { mode: 'live', sport: 'badminton' })
    const match = live.matches[0] as Match
    const state = await invoke<{ activeId: string }>(core, 'watchlists:get')
    await invoke(core, 'watchlists:command', { op: 'addMatch', id: state.activeId, match })
    await alertOnEveryOverride(core)
    type Board = { layout: { groups: Array<{ oddType: string; markets: Array<{ name: string; label: string }> }> } }
    const [board] = await eventually(
      () => invoke<Board[]>(core, 'board:get'),
      (boards) => (boards[0]?.layout.groups.length ?? 0) > 0,
    )
    expect(board?.layout.groups[0]?.markets.some((m) => m.name === 'match_winner')).toBe(true)
    const ack = await invoke<{ message: string }>(core, 'overrides:set', {
      matchId: match.matchId,
      oddType: 'full-time',
      oddKey: 'match_winner#away',
      oddValue: 7.5,
      durationSeconds: 60,
      suspended: false,
    })
    const away = `Match winner · ${match.away.name}`
    expect(ack.message).toBe(`override set: ${away} at 7.50 for 60 s`)
    const alerts = await eventually(
      () => invoke<{ entries: Array<{ title: string; body: string }> }>(core, 'alerts:list'),
      (list) => list.entries.length > 0,
    )
    expect(alerts.entries[0]?.title).toBe(`${match.home.name} v ${match.away.name}: override set on ${away}`)
    expect(alerts.entries[0]?.body).toMatch(/^\d+\.\d\d → 7\.50 · Overrides$/)

    const series = await invoke<{ labels: { teams: unknown; layout: Board['layout'] } }>(core, 'history:series', {
      matchId: match.matchId,
    })
    expect(series.labels.teams).toEqual({ home: match.home.name, away: match.away.name })
    const marketLabels = (layout: Board['layout'] | undefined) =>
      layout?.groups.flatMap((g) => g.markets.map((m) => m.label))
    // The feed's own words (they may move on between two reads: "Game winner" becomes "Current game winner").
    expect(marketLabels(series.labels.layout)).toContain('Match winner')
    expect(marketLabels(board?.layout)).toContain('Match winner')
    expect(marketLabels(series.labels.layout)?.join(' ')).not.toMatch(/_/)
    const csv = await eventually(
      () => invoke<{ csv: string }>(core, 'history:export', { matchId: match.matchId }),
      (answer) => answer.csv.includes(',7.5,false,true'),
    )
    const lines = csv.csv.split('\r\n')
    expect(lines[0]).toBe(
      'received_time,server_time,match_id,match,odd_type,odd_key,market,outcome,price,suspended,overridden',
    )
    const overridden = lines.find((line) => line.endsWith(',7.5,false,true'))
    expect(overridden).toContain(
      `,${match.matchId},${match.home.name} v ${match.away.name},full-time,match_winner#away,Match winner,${match.away.name},`,
    )
  })

  it('names the match of a rule by its teams after the match has left the watchlist (the labels the core kept)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-core-'))
    const { core } = await startCore(dataDir)
    type Layout = { matchId: number; groups: unknown[] }
    const layouts: Layout[] = []
    core.router.addSink((channel, payload) => {
      if (channel !== 'board:patch') return
      const patch = payload as { snapshots: Array<{ layout: Layout }>; layouts: Layout[] }
      layouts.push(...patch.snapshots.map((b) => b.layout), ...patch.layouts)
    })
    type Match = { matchId: number; home: { name: string }; away: { name: string } }
    const [match] = (await watchLiveBadminton(core, 1)) as Match[]
    const matchId = match?.matchId
    await invoke(core, 'rules:save', {
      name: 'One match',
      enabled: true,
      scope: { type: 'match', matchId },
      condition: { kind: 'move', minPct: 5, windowSeconds: 60 },
      cooldownSeconds: 0,
      doNotRepeat: false,
    })
    // The board has sent the match's layout (the core keeps its words with the teams then).
    await waitUntil(() => layouts.some((l) => l.matchId === matchId && l.groups.length > 0), 'the layout sent')
    const { activeId } = await invoke<{ activeId: string }>(core, 'watchlists:get')
    const state = await invoke(core, 'watchlists:command', { op: 'removeMatch', id: activeId, matchId })
    expect(JSON.stringify(state)).not.toContain(`"matchId":${matchId}`)

    const teams = { home: match?.home.name, away: match?.away.name }
    expect(await invoke(core, 'rules:matchTeams')).toEqual([{ matchId, teams }])
  })

  it('keeps the demo and the real feed apart: watchlist entries and cached Discover pages per feed', async () => {
    const real = await startSimulator({ port: 0, seed: 7, rate: 20, liveMatches: 2, apiKey: 'real-key-feed-apart' })
    running.push(real)
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-core-'))
    const { core } = await startCore(dataDir)
    type Page = { matches: Array<{ matchId: number }>; cachedAgeMs: number | null }
    type Lists = { activeId: string; lists: Array<{ matches: Array<{ matchId: number; feed: string }> }> }
    const live = () => invoke<Page>(core, 'discover:matches', { mode: 'live', sport: 'badminton' })
    const watched = async () => (await invoke<Lists>(core, 'watchlists:get')).lists.flatMap((l) => l.matches)

    const demoPage = await live()
    const { activeId } = await invoke<Lists>(core, 'watchlists:get')
    await invoke(core, 'watchlists:command', { op: 'addMatch', id: activeId, match: demoPage.matches[0] })
    expect(await watched()).toMatchObject([{ matchId: demoPage.matches[0]?.matchId, feed: 'demo' }])

    await pointAt(core, real)
    await invoke(core, 'keys:set', { account: 'data-service', key: real.apiKey })
    await invoke(core, 'keys:set', { account: 'odds-feed', key: real.apiKey })
    expect(await invoke(core, 'feed:mode')).toMatchObject({ mode: 'real' })
    // The demo match is not the real feed's: not listed, not on the board.
    expect(await watched()).toEqual([])
    expect(await invoke(core, 'board:get')).toEqual([])
    const realPage = await live()
    await invoke(core, 'watchlists:command', { op: 'addMatch', id: activeId, match: realPage.matches[0] })
    expect(await watched()).toMatchObject([{ matchId: realPage.matches[0]?.matchId, feed: 'real' }])

    // With the real feed gone, Discover falls back to the real feed's last page, never the demo's.
    await real.close()
    running.splice(running.indexOf(real), 1)
    const offline = await live()
    expect(offline.cachedAgeMs).toBeGreaterThanOrEqual(0)
    expect(offline.matches.map((m) => m.matchId)).toEqual(realPage.matches.map((m) => m.matchId))

    await invoke(core, 'keys:remove', { account: 'data-service' })
    await invoke(core, 'keys:remove', { account: 'odds-feed' })
    expect(await invoke(core, 'feed:mode')).toMatchObject({ mode: 'demo' })
    expect(await watched()).toMatchObject([{ matchId: demoPage.matches[0]?.matchId, feed: 'demo' }])
  })

  it('keeps recorded prices, overrides, alerts and layouts of one match id apart on the demo and the real feed', async () => {
    const world = { seed: 42, rate: 100, liveMatches: 3, apiKey: 'real-key-same-ids-0123' }
    let real = await startSimulator({ port: 0, ...world })
    running.push(real)
    const realPort = Number(new URL(real.oddsBaseUrl).port)
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-core-'))
    const { core } = await startCore(dataDir)
    type Match = { matchId: number }
    type Boards = Array<{ header: { matchId: number; synced: boolean }; cells: Array<{ price: number }> }>
    type Series = { totalTicks: number; overrides: Array<{ oddValue: number }>; labels: { layout: unknown } }
    type Ticks = { total: number; rows: Array<{ receivedTs: number }> }
    type Alerts = { entries: Array<{ id: string }> }
    const page = () => invoke<{ matches: Match[] }>(core, 'discover:matches', { mode: 'live', sport: 'badminton' })
    const watch = async (match: Match) => {
      const { activeId } = await invoke<{ activeId: string }>(core, 'watchlists:get')
      await invoke(core, 'watchlists:command', { op: 'addMatch', id: activeId, match })
    }
    const series = (matchId: number) => invoke<Series>(core, 'history:series', { matchId, maxPoints: 100 })
    const ticks = (matchId: number, range: { from?: number; to?: number } = {}) =>
      invoke<Ticks>(core, 'history:ticks', { matchId, ...range, offset: 0, limit: 100 })
    const alerts = () => invoke<Alerts>(core, 'alerts:list')

    // The demo feed: match M watched, priced, overridden (which raises an alert) and its layout kept.
    const match = (await page()).matches[0] as Match
    const M = match.matchId
    await watch(match)
    await alertOnEveryOverride(core)
    await eventually(
      () => invoke<Boards>(core, 'board:get'),
      (boards) => boards[0]?.header.synced === true && boards[0].cells.length > 0,
    )
    await invoke(core, 'overrides:set', {
      matchId: M,
      oddType: 'full-time',
      oddKey: 'match_winner#home',
      oddValue: 12.34,
      durationSeconds: 60,
      suspended: false,
    })
    const demoSeries = await eventually(
      () => series(M),
      (s) => s.overrides.some((e) => e.oddValue === 12.34) && s.labels.layout !== null,
    )
    const demoAlerts = await eventually(alerts, (list) => list.entries.length > 0)

    // The real feed, with the real services down: match M (the same id) has nothing recorded there.
    await pointAt(core, real)
    await invoke(core, 'keys:set', { account: 'data-service', key: world.apiKey })
    await invoke(core, 'keys:set', { account: 'odds-feed', key: world.apiKey })
    expect(await invoke(core, 'feed:mode')).toMatchObject({ mode: 'real' })
    expect((await page()).matches.map((m) => m.matchId)).toContain(M)
    const switchedAt = Date.now()
    await real.close()
    running.splice(running.indexOf(real), 1)
    await watch(match)
    const offlineBoards = await invoke<Boards>(core, 'board:get')
    expect(offlineBoards.flatMap((b) => b.cells)).toEqual([])
    expect(await series(M)).toMatchObject({ totalTicks: 0, overrides: [], labels: { layout: null } })
    expect((await ticks(M)).total).toBe(0)
    expect((await invoke<{ overrides: unknown[] }>(core, 'history:recent')).overrides).toEqual([])
    expect((await alerts()).entries).toEqual([])

    // The real services return: M is recorded on the real feed too, with only the real feed's ticks.
    real = await startSimulator({ port: realPort, ...world })
    running.push(real)
    await eventually(
      () => invoke<Boards>(core, 'board:get'),
      (boards) => boards[0]?.header.synced === true && boards[0].cells.length > 0,
      40_000,
    )
    const realTicks = await eventually(
      () => ticks(M),
      (t) => t.total > 0,
    )
    expect(realTicks.rows.every((row) => row.receivedTs >= switchedAt)).toBe(true)
    expect((await ticks(M, { from: 0, to: switchedAt })).total).toBe(0)
    expect((await series(M)).overrides).toEqual([])
    const backAt = Date.now()

    // Back on the demo feed: its own prices, override, alerts and layout, none of the real feed's ticks.
    await invoke(core, 'keys:remove', { account: 'data-service' })
    await invoke(core, 'keys:remove', { account: 'odds-feed' })
    expect(await invoke(core, 'feed:mode')).toMatchObject({ mode: 'demo' })
    expect((await alerts()).entries.map((e) => e.id)).toEqual(demoAlerts.entries.map((e) => e.id))
    const demoAgain = await series(M)
    expect(demoAgain.overrides).toEqual(demoSeries.overrides)
    expect(demoAgain.labels.layout).not.toBeNull()
    const demoTicks = await ticks(M)
    expect(demoTicks.total).toBeGreaterThanOrEqual(demoSeries.totalTicks)
    expect(demoTicks.rows.every((row) => row.receivedTs < switchedAt)).toBe(true)
    expect((await ticks(M, { from: switchedAt, to: backAt })).total).toBe(0)
  }, 90_000)

  it('opens offline from the cache with the last prices marked unsynced, and resyncs when the feed returns', async () => {
    const world = { seed: 7, startTime: Date.now() - 60_000, rate: 100, liveMatches: 2, apiKey: 'offline-key-123456' }
    let feed = await startSimulator({ port: 0, ...world })
    const port = Number(new URL(feed.oddsBaseUrl).port)
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-core-'))
    const service = `Odds Monitor test ${randomUUID()}`

    const online = (await startCore(dataDir, { service })).core
    await pointAt(online, feed)
    await invoke(online, 'keys:set', { account: 'data-service', key: world.apiKey })
    await invoke(online, 'keys:set', { account: 'odds-feed', key: world.apiKey })
    const live = await invoke<{ matches: Array<{ matchId: number }> }>(online, 'discover:matches', {
      mode: 'live',
      sport: 'badminton',
    })
    const state = await invoke<{ activeId: string }>(online, 'watchlists:get')
    await invoke(online, 'watchlists:command', { op: 'addMatch', id: state.activeId, match: live.matches[0] })
    const seen = await eventually(
      () => invoke<Boards>(online, 'board:get'),
      (boards) => boards[0]?.header.synced === true && boards[0].cells.length > 0,
    )
    // The layout as last seen live (the feed moves a market's line now and then): what the labels keep.
    const lastSeen = await invoke<Boards>(online, 'board:get')
    await running.pop()?.close() // the core flushes its cache on stop
    await feed.close()

    const offline = (await startCore(dataDir, { service })).core
    const snapshots: Boards = []
    offline.router.addSink((channel, payload) => {
      if (channel === 'board:patch') snapshots.push(...(payload as { snapshots: Boards }).snapshots)
    })
    const cached = await invoke<Boards>(offline, 'board:get')
    expect(cached[0]?.header.synced).toBe(false)
    expect(cached[0]?.cells.map((c) => c.outcomeId).sort()).toEqual(seen[0]?.cells.map((c) => c.outcomeId).sort())
    // In the feed's words, as last seen live: market labels with their lines, outcome labels, the same order.
    type Worded = { layout: { groups: Array<{ oddType: string; markets: Array<LayoutWords> }> } }
    type LayoutWords = { label: string; line: number | null; outcomes: Array<{ label: string }> }
    const words = (boards: unknown) =>
      (boards as Worded[])[0]?.layout.groups.map((g) => [
        g.oddType,
        g.markets.map((m) => [m.label, m.line, m.outcomes.map((o) => o.label)]),
      ])
    expect(words(cached)).toEqual(words(lastSeen))
    // The engine's first patch, with no snapshot of the match yet, carries those cached prices too,
    // not an empty board that would wipe them from a page that already asked for the board.
    await eventually(
      async () => snapshots,
      (boards) => boards.length > 0,
    )
    expect(snapshots[0]?.header.synced).toBe(false)
    expect(snapshots[0]?.cells).toEqual(cached[0]?.cells)
    // Discover answers the last page it saw, marked with its age, instead of an error.
    const offlineLive = await invoke<{ matches: Array<{ matchId: number }>; cachedAgeMs: number | null }>(
      offline,
      'discover:matches',
      { mode: 'live', sport: 'badminton' },
    )
    expect(offlineLive.cachedAgeMs).toBeGreaterThanOrEqual(0)
    expect(offlineLive.matches.map((m) => m.matchId)).toEqual(live.matches.map((m) => m.matchId))
    // The card and the status bar say why the prices are cached: nothing is resyncing, the feed is unreachable.
    const unreachable = await eventually(
      () => invoke<Health>(offline, 'feed:health'),
      (health) => health.unsynced.length > 0,
    )
    expect(unreachable.unsynced).toEqual([
      { matchId: live.matches[0]?.matchId, cause: 'unreachable', message: expect.any(String) },
    ])

    feed = await startSimulator({ port, ...world })
    running.unshift(feed)
    const resynced = await eventually(
      () => invoke<Boards>(offline, 'board:get'),
      (boards) => boards[0]?.header.synced === true,
      40_000,
    )
    expect(resynced[0]?.cells.length).toBeGreaterThan(0)
    expect((await invoke<Health>(offline, 'feed:health')).unsynced).toEqual([])
  }, 60_000)

  it('a bookmaker id the feed does not know stops every odds request and says "bookmaker not found — check Settings"', async () => {
    const key = 'bookmaker-key-123456'
    const real = await startSimulator({ port: 0, rate: 20, liveMatches: 2, apiKey: key })
    running.push(real)
    const { core } = await startCore(mkdtempSync(join(tmpdir(), 'odds-core-')), {
      service: `Odds Monitor test ${randomUUID()}`,
    })
    await pointAt(core, real)
    await invoke(core, 'keys:set', { account: 'data-service', key })
    await invoke(core, 'keys:set', { account: 'odds-feed', key })
    const [watched] = await watchLiveBadminton(core, 1)
    await eventually(
      () => invoke<Boards>(core, 'board:get'),
      (boards) => boards[0]?.header.synced === true,
    )

    const patches: Boards = []
    core.router.addSink((channel, payload) => {
      if (channel === 'board:patch') patches.push(...(payload as { snapshots: Boards }).snapshots)
    })
    await invoke(core, 'settings:update', { bookmakerId: 'no-such-bookmaker' })
    const health = await eventually(
      () => invoke<Health>(core, 'feed:health'),
      (h) => h.unsynced.length > 0,
    )
    expect(health.unsynced).toEqual([
      { matchId: watched?.matchId, cause: 'bookmaker_not_found', message: 'bookmaker not found — check Settings' },
    ])
    // Nothing is retried: no odds stream is held, and the book check answers at once without asking.
    expect(health.streams.filter((st) => st.service === 'odds')).toEqual([])
    const verify = await core.router.dispatch('odds:verify', { matchId: watched?.matchId }, TEST_APP)
    expect(verify).toMatchObject({ ok: false, error: { message: 'bookmaker not found — check Settings' } })
    // The page is told: the engine's last prices give way to the cached ones, not synced.
    const cached = await eventually(
      async () => patches.at(-1),
      (board) => board?.header.synced === false && board.cells.length > 0,
    )
    expect((await invoke<Boards>(core, 'board:get'))[0]?.cells).toEqual(cached?.cells)

    // The right id again: the feed is asked again and the board resyncs.
    await invoke(core, 'settings:update', { bookmakerId: real.bookmakerId })
    await eventually(
      () => invoke<Boards>(core, 'board:get'),
      (boards) => boards[0]?.header.synced === true,
      40_000,
    )
    expect((await invoke<Health>(core, 'feed:health')).unsynced).toEqual([])
  }, 60_000)
})
