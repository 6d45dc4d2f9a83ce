import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resyncOf, type OutcomeRef } from '../../../shared/domain'
import { outcomeWords } from '../../../shared/labels'
import { CacheClosedError, CacheFileError, CacheInputError, CSV_HEADER, openCache, type Cache } from './index'
import { markCleanClose } from './open-database'
import { MIGRATIONS, SCHEMA_VERSION } from './schema'
import { overrideEvent, tempDir, tick } from './test-helpers'

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0)
const DAY = 86_400_000

let tmp: ReturnType<typeof tempDir>
let file: string
const open: Cache[] = []
function openTracked(f = file, opts?: Parameters<typeof openCache>[1]): Cache {
  const c = openCache(f, opts)
  open.push(c)
  return c
}

beforeEach(() => {
  tmp = tempDir()
  file = path.join(tmp.dir, 'data', 'cache.sqlite')
})
afterEach(() => {
  for (const c of open.splice(0)) c.close()
  tmp.remove()
})

describe('persistence', () => {
  it('keeps ticks, override events, alerts, matches and reference data across a reopen', () => {
    const alert = {
      id: 'a1',
      ruleId: 'r1',
      matchId: 7,
      createdAt: T0 + 30,
      title: 'Home shortened',
      body: '2.10 → 2.15',
      extra: { pct: 2.4 },
    }
    const first = openCache(file)
    first.recordTicks('demo', [
      tick(T0, 2.1),
      tick(T0 + 10, 2.15),
      tick(T0 + 5, 3.4, { oddKey: 'match_winner#away', suspended: true }),
    ])
    first.recordOverrideEvents('demo', [overrideEvent(T0 + 20)])
    first.recordAlerts('demo', [alert])
    first.upsertMatches('real', 'badminton', [{ id: 7, home_team_name: 'Axelsen' }])
    first.upsertMatches('demo', 'badminton', [{ id: 7, home_team_name: 'Demo player' }])
    first.putReference('real', 'badminton', '/classes', 'lang=en', [{ class_id: 1 }, { class_id: 2 }], T0)
    first.close() // buffered ticks are flushed by close

    const again = openTracked()
    expect(again.setAside).toBeNull()
    expect(again.latestPrices('demo', 7)).toEqual([
      {
        matchId: 7,
        oddType: 'full-time',
        oddKey: 'match_winner#home',
        price: 2.15,
        suspended: false,
        serverTs: T0 - 5,
        receivedTs: T0 + 10,
      },
      {
        matchId: 7,
        oddType: 'full-time',
        oddKey: 'match_winner#away',
        price: 3.4,
        suspended: true,
        serverTs: T0 - 10,
        receivedTs: T0 + 5,
      },
    ])
    expect(again.overrideEvents('demo', 7)).toEqual([overrideEvent(T0 + 20)])
    expect(again.overrideEvents('demo', 7, T0 + 21)).toEqual([])
    expect(again.alerts('demo')).toEqual([alert])
    const matches = again.getMatches('real', 'badminton', [7, 8])
    expect([...matches.keys()]).toEqual([7])
    expect(matches.get(7)?.record).toEqual({ id: 7, home_team_name: 'Axelsen' })
    // The same match id on the other feed is another match.
    expect(again.getMatches('demo', 'badminton', [7]).get(7)?.record).toEqual({ id: 7, home_team_name: 'Demo player' })
    expect(again.getReference('real', 'badminton', '/classes', 'lang=en')).toEqual({
      records: [{ class_id: 1 }, { class_id: 2 }],
      fetchedAt: T0,
    })
    expect(again.getReference('demo', 'badminton', '/classes', 'lang=en')).toBeNull()
    expect(again.getReference('real', 'badminton', '/classes', 'lang=de')).toBeNull()
  })

  it('numbers ticks of one outcome in the same millisecond, also after a reopen', () => {
    const first = openCache(file)
    first.recordTicks('demo', [tick(T0, 2.0), tick(T0, 2.01)])
    first.close()
    const again = openTracked()
    again.recordTicks('demo', [tick(T0, 2.02)])
    expect(again.ticks('demo', 7, T0, T0, { limit: 10 }).map((t) => t.price)).toEqual([2.0, 2.01, 2.02])
  })

  it('writes buffered ticks on its timer, readable by another connection', async () => {
    const flushed = new Promise<number>((resolve) => {
      const cache = openTracked(file, { flushIntervalMs: 20, onFlushed: (r) => resolve(r.totalWritten) })
      cache.recordTicks('demo', [tick(T0, 2.0), tick(T0 + 1, 2.1)])
      expect(cache.pendingTicks).toBe(2)
    })
    expect(await flushed).toBe(2)
    const reader = new Database(file, { readonly: true })
    expect(reader.prepare('SELECT count(*) FROM tick').pluck().get()).toBe(2)
    reader.close()
  })

  it('refuses each tick it cannot store with its reason and keeps the rest of the call', () => {
    const cache = openTracked()
    const refused = cache.recordTicks('demo', [
      tick(T0, 2.0),
      tick(T0 + 1, Number.NaN),
      tick(T0 + 2, 1e9),
      tick(Number.POSITIVE_INFINITY, 2.0),
      tick(T0 + 3, 2.2),
    ])
    expect(refused.map((r) => [r.field, r.problem])).toEqual([
      ['price', 'price NaN is not a storable price'],
      ['price', 'price 1000000000 is not a storable price'],
      ['time', 'receivedTs must be epoch milliseconds'],
    ])
    expect(cache.pendingTicks).toBe(2)
    expect(cache.latestPrices('demo', 7)).toMatchObject([{ price: 2.2, receivedTs: T0 + 3 }])
    expect(cache.ticks('demo', 7, 0, T0 + 10, { limit: 10 }).map((t) => t.price)).toEqual([2.0, 2.2])
    expect(() => cache.history('demo', 7, 'all', T0 + 10, T0, 100)).toThrow(CacheInputError)
    expect(() => cache.history('demo', 7, 'all', T0, T0 + 10, 0)).toThrow(CacheInputError)
    expect(() => cache.recordAlerts('demo', [{ id: 'x', ruleId: 'r', createdAt: Number.NaN }])).toThrow(CacheInputError)
    cache.close()
    expect(() => cache.recordTicks('demo', [tick(T0, 2.0)])).toThrow(CacheClosedError)
  })
})

describe('history after a restart', () => {
  it('rebuilds the newest changes of the asked matches, leaving out first ticks and ticks that moved nothing', () => {
    const first = openCache(file)
    first.recordTicks('demo', [
      tick(T0, 2.1),
      tick(T0 + 10, 2.1), // nothing moved
      tick(T0 + 20, 2.2),
      tick(T0 + 30, 2.2, { suspended: true }),
      tick(T0 + 40, 3, { matchId: 8 }),
      tick(T0 + 50, 3.1, { matchId: 8 }),
      tick(T0 + 60, 5, { matchId: 9 }),
      tick(T0 + 70, 5.5, { matchId: 9 }),
    ])
    first.recordOverrideEvents('demo', [overrideEvent(T0 + 1), overrideEvent(T0 + 2), overrideEvent(T0 + 3)])
    first.close()

    const reopened = openTracked()
    const changes = reopened.recentChanges('demo', [7, 8], T0, 10)
    expect(changes.map((c) => [c.matchId, c.receivedTs, c.previousPrice, c.price, c.suspended, c.direction])).toEqual([
      [7, T0 + 20, 2.1, 2.2, false, 'up'],
      [7, T0 + 30, 2.2, 2.2, true, 'flat'],
      [8, T0 + 50, 3, 3.1, false, 'up'],
    ])
    expect(reopened.recentChanges('demo', [7, 8], T0 + 25, 1).map((c) => c.receivedTs)).toEqual([T0 + 50])
    expect(reopened.recentChanges('demo', [], T0, 10)).toEqual([])
    expect(reopened.recentOverrideEvents('demo', 2).map((e) => e.receivedTs)).toEqual([T0 + 2, T0 + 3])
  })

  it('leaves out the first price after a gap (a resync), keeping its tick: the next change counts from it', () => {
    const first = openCache(file)
    first.recordTicks('demo', [tick(T0, 2.0), tick(T0 + 10, 2.1)])
    first.close()
    // The app restarts: the feed's first price for the outcome is 17 % above the last one recorded.
    const second = openCache(file)
    second.recordTicks('demo', [resyncOf(tick(T0 + 60_000, 2.46)), tick(T0 + 61_000, 2.5)])
    second.close()

    const reopened = openTracked()
    expect(reopened.recentChanges('demo', [7], T0, 10).map((c) => [c.previousPrice, c.price])).toEqual([
      [2.0, 2.1],
      [2.46, 2.5],
    ])
    expect(reopened.ticks('demo', 7, T0, T0 + DAY, { limit: 10 }).map((t) => t.price)).toEqual([2.0, 2.1, 2.46, 2.5])
  })

  it("keeps the trader's acknowledgements of override events, and which events were the trader's own, across a reopen", () => {
    const first = openTracked()
    first.recordOverrideEvents('demo', [
      overrideEvent(T0 + 1, { own: true }),
      overrideEvent(T0 + 2, { action: 'lifted' }),
      overrideEvent(T0 + 3),
    ])
    first.recordOverrideEvents('real', [overrideEvent(T0 + 1)])
    const { matchId, oddType, oddKey } = overrideEvent(T0)
    first.acknowledgeOverrideEvents('demo', [
      { matchId, oddType, oddKey, action: 'set', receivedTs: T0 + 1 },
      { matchId, oddType, oddKey, action: 'lifted', receivedTs: T0 + 2 },
      { matchId, oddType, oddKey, action: 'lifted', receivedTs: T0 + 3 }, // names no event: passed over
    ])
    first.close()

    const reopened = openTracked()
    const read = (feed: string) =>
      reopened.recentOverrideEvents(feed, 10).map((e) => [e.feed, e.receivedTs, e.own, e.acknowledged])
    expect(read('demo')).toEqual([
      ['demo', T0 + 1, true, true],
      ['demo', T0 + 2, false, true],
      ['demo', T0 + 3, false, false],
    ])
    expect(read('real')).toEqual([['real', T0 + 1, false, false]])
  })
})

describe('schema versions and damaged files', () => {
  it('migrates a version-1 file and keeps its data', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const v1 = new Database(file)
    v1.exec(MIGRATIONS[0] as string)
    v1.pragma('user_version = 1')
    v1.prepare(
      "INSERT INTO outcome (id, match_id, odd_type, odd_key) VALUES (1, 7, 'full-time', 'match_winner#home')",
    ).run()
    v1.prepare('INSERT INTO tick VALUES (1, ?, 0, 2500, 0, -15)').run(T0)
    v1.prepare("INSERT INTO match VALUES ('badminton', 7, ?, '{\"id\":7}')").run(T0)
    v1.prepare("INSERT INTO reference VALUES ('badminton', 'teams', 'q', ?, '[{\"id\":3}]')").run(T0)
    v1.close()

    const cache = openTracked()
    expect(cache.setAside).toBeNull()
    expect(cache.latestPrices('demo', 7).map((t) => t.price)).toEqual([2.5])
    cache.recordAlerts('demo', [{ id: 'a', ruleId: 'r', createdAt: T0 }])
    expect(cache.alerts('demo').map((a) => a.id)).toEqual(['a'])
    // Matches and reference data from before feeds were told apart are kept as the demo feed's.
    expect(cache.getMatches('demo', 'badminton', [7]).get(7)?.record).toEqual({ id: 7 })
    expect(cache.getReference('demo', 'badminton', 'teams', 'q')?.records).toEqual([{ id: 3 }])
    expect(cache.getReference('real', 'badminton', 'teams', 'q')).toBeNull()
    const check = new Database(file, { readonly: true })
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION)
    check.close()
  })

  it('sets a newer-version file aside, reports it, and starts fresh', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const newer = new Database(file)
    newer.exec('CREATE TABLE from_the_future (x)')
    newer.pragma(`user_version = ${SCHEMA_VERSION + 1}`)
    newer.close()

    const cache = openTracked(file, { now: () => 1234 })
    expect(cache.setAside).toBeInstanceOf(CacheFileError)
    expect(cache.setAside?.problem).toBe('newer-version')
    expect(cache.setAside?.movedTo).toBe(`${file}.newer-1234`)
    const kept = new Database(`${file}.newer-1234`, { readonly: true })
    expect(kept.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1)
    kept.close()
    cache.recordTicks('demo', [tick(T0, 2.0)])
    expect(cache.latestPrices('demo', 7)).toHaveLength(1)
  })

  it.each([
    ['an unversioned file with tables', 0],
    ['a versioned file without our tables', 2],
  ])("sets another program's SQLite database aside (%s), keeps it, and starts fresh", (_what, version) => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const foreign = new Database(file)
    foreign.exec("CREATE TABLE tick (who TEXT); INSERT INTO tick VALUES ('someone else')")
    foreign.pragma(`user_version = ${version}`)
    foreign.close()

    const cache = openTracked(file, { now: () => 77 })
    expect(cache.setAside?.problem).toBe('foreign')
    expect(cache.setAside?.message).toContain('not an Odds Monitor cache')
    const kept = new Database(`${file}.foreign-77`, { readonly: true })
    expect(kept.prepare('SELECT who FROM tick').pluck().get()).toBe('someone else')
    kept.close()
    cache.recordTicks('demo', [tick(T0, 2.0)])
    expect(cache.latestPrices('demo', 7)).toHaveLength(1)
  })

  it('sets a corrupt file aside with its WAL, never overwriting it', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const garbage = Buffer.from('this is not an SQLite database, just bytes '.repeat(200))
    fs.writeFileSync(file, garbage)
    fs.writeFileSync(`${file}-wal`, 'stale wal')

    const cache = openTracked(file, { now: () => 99 })
    expect(cache.setAside?.problem).toBe('corrupt')
    expect(fs.readFileSync(`${file}.corrupt-99`)).toEqual(garbage)
    expect(fs.readFileSync(`${file}.corrupt-99-wal`, 'utf8')).toBe('stale wal')
    cache.recordTicks('demo', [tick(T0, 2.0)])
    expect(cache.latestPrices('demo', 7)).toHaveLength(1)
  })

  it('skips the full page check for a file exactly as the app last closed it, and checks any other', () => {
    const good = openCache(file)
    good.recordTicks(
      'demo',
      Array.from({ length: 20_000 }, (_, i) => tick(T0 + i, 2, { oddKey: `m#o${i % 50}` })),
    )
    good.close()
    const bytes = fs.readFileSync(file)
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 8192)
    fs.writeFileSync(file, bytes)
    // As if the app itself had closed the file in this state: the page check is skipped.
    markCleanClose(file)
    const trusted = openTracked(file, { now: () => 5 })
    expect(trusted.setAside).toBeNull()
    trusted.close()
    // Any write since the clean close (here: one more byte of damage) brings the check back.
    fs.appendFileSync(file, Buffer.alloc(1))
    const checked = openTracked(file, { now: () => 6 })
    expect(checked.setAside?.problem).toBe('corrupt')
  })

  it('sets aside a database whose pages are damaged, keeping what can still be read', () => {
    const good = openCache(file)
    good.recordTicks(
      'demo',
      Array.from({ length: 20_000 }, (_, i) => tick(T0 + i, 2 + (i % 7) / 100, { oddKey: `m#o${i % 50}` })),
    )
    good.close()
    const bytes = fs.readFileSync(file)
    // Scribble over the middle of the file: B-tree pages, not the header.
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 8192)
    fs.writeFileSync(file, bytes)

    const cache = openTracked(file, { now: () => 7 })
    expect(cache.setAside?.problem).toBe('corrupt')
    expect(fs.existsSync(`${file}.corrupt-7`)).toBe(true)
    // What the damaged pages did not hold was copied into the new file (salvage.ts).
    expect(cache.setAside?.salvaged?.unreadable).toBeGreaterThan(0)
    expect(cache.latestPrices('demo', 7).length).toBeGreaterThan(0)
  })
})

describe('review queries', () => {
  it("exports exact CSV with the feed's words, the override flag, a header and quoting", () => {
    const cache = openTracked()
    const names = {
      match: 'Lions v Tigers',
      outcome: (ref: OutcomeRef) => outcomeWords(ref, { teams: { home: 'Lions', away: 'Tigers' }, layout: null }),
    }
    // Overridden from T0 + 500 until it was lifted at T0 + 700.
    cache.recordOverrideEvents('demo', [
      { ...overrideEvent(T0 + 500), expiresAt: T0 + 60_000 },
      { ...overrideEvent(T0 + 700), action: 'lifted' },
    ])
    cache.recordTicks('demo', [
      tick(T0, 2.1),
      tick(T0 + 600, 2.5),
      tick(T0 + 800, 2.1),
      tick(T0 + 1000, 1.875, {
        oddType: 'player',
        oddKey: 'top "bat", home#=SUM(A1)',
        suspended: true,
        serverTs: T0 + 990,
      }),
      tick(T0 + 2000, 3, { matchId: 8 }),
    ])
    const chunks: string[] = []
    expect(cache.exportCsv('demo', 7, T0, T0 + 5000, names, (c) => chunks.push(c))).toBe(4)
    expect(chunks.join('')).toBe(
      `${CSV_HEADER}\r\n` +
        '2025-06-01T12:00:00.000Z,2025-06-01T11:59:59.985Z,7,Lions v Tigers,full-time,match_winner#home,Match winner,Lions,2.1,false,false\r\n' +
        '2025-06-01T12:00:00.600Z,2025-06-01T12:00:00.585Z,7,Lions v Tigers,full-time,match_winner#home,Match winner,Lions,2.5,false,true\r\n' +
        '2025-06-01T12:00:00.800Z,2025-06-01T12:00:00.785Z,7,Lions v Tigers,full-time,match_winner#home,Match winner,Lions,2.1,false,false\r\n' +
        `2025-06-01T12:00:01.000Z,2025-06-01T12:00:00.990Z,7,Lions v Tigers,player,"top ""bat"", home#=SUM(A1)","Top ""bat"", home (Player)",'=SUM(A1),1.875,true,false\r\n`,
    )
    const formula: string[] = []
    cache.recordTicks('demo', [tick(T0 + 3000, 2, { oddKey: '=HYPERLINK("x")' })])
    cache.exportCsv('demo', 7, T0 + 3000, T0 + 3000, { ...names, match: '=cmd' }, (c) => formula.push(c))
    expect(formula.join('').split('\r\n')[1]).toBe(
      `2025-06-01T12:00:03.000Z,2025-06-01T12:00:02.985Z,7,'=cmd,full-time,"'=HYPERLINK(""x"")","'=HYPERLINK(""x"")","'=HYPERLINK(""x"")",2,false,false`,
    )
  })

  it('pages raw ticks in time order across outcomes', () => {
    const cache = openTracked()
    cache.recordTicks('demo', [
      tick(T0 + 2, 2.2),
      tick(T0, 3.0, { oddKey: 'mw#away' }),
      tick(T0 + 1, 2.1),
      tick(T0 + 3, 3.1, { oddKey: 'mw#away' }),
    ])
    expect(
      cache.ticks('demo', 7, T0, T0 + 10, { limit: 2, offset: 1 }).map((t) => [t.receivedTs - T0, t.price]),
    ).toEqual([
      [1, 2.1],
      [2, 2.2],
    ])
  })

  it('returns every tick when the range is small enough', () => {
    const cache = openTracked()
    cache.recordTicks('demo', [tick(T0, 2.0), tick(T0 + 5, 2.1, { suspended: true }), tick(T0 + 9, 2.05)])
    const [series] = cache.history('demo', 7, { oddType: 'full-time', oddKey: 'match_winner#home' }, T0, T0 + 9, 10)
    expect(series).toEqual({
      oddType: 'full-time',
      oddKey: 'match_winner#home',
      tickCount: 3,
      exact: true,
      points: [
        { t: T0, price: 2, suspended: false },
        { t: T0 + 5, price: 2.1, suspended: true },
        { t: T0 + 9, price: 2.05, suspended: false },
      ],
    })
  })
})

describe('retention', () => {
  it('deletes what is older than the retention, keeps the rest, and shrinks the file', () => {
    const cache = openTracked()
    const old = Array.from({ length: 30_000 }, (_, i) =>
      tick(T0 - 3 * DAY + i * 10, 2 + (i % 9) / 100, { oddKey: `m#o${i % 40}` }),
    )
    cache.recordTicks('demo', old)
    cache.recordTicks('demo', [tick(T0, 2.5), tick(T0 + 1, 2.6)])
    cache.recordOverrideEvents('demo', [overrideEvent(T0 - 3 * DAY), overrideEvent(T0)])
    cache.recordAlerts('demo', [
      { id: 'old', ruleId: 'r', createdAt: T0 - 3 * DAY },
      { id: 'new', ruleId: 'r', createdAt: T0 },
    ])
    cache.flush()
    const sizeBefore = fs.statSync(file).size + fs.statSync(`${file}-wal`).size

    const result = cache.compact(2, T0 + DAY)
    expect(result.ticksDeleted).toBe(30_000)
    expect(result.overrideEventsDeleted).toBe(1)
    expect(result.alertsDeleted).toBe(1)
    expect(result.outcomesDeleted).toHaveLength(40)
    expect(result.pagesFreed).toBeGreaterThan(0)
    expect(fs.statSync(file).size).toBeLessThan(sizeBefore / 4)

    expect(cache.ticks('demo', 7, 0, T0 + DAY, { limit: 100 }).map((t) => t.price)).toEqual([2.5, 2.6])
    expect(cache.history('demo', 7, 'all', 0, T0 + DAY, 100).map((s) => s.oddKey)).toEqual(['match_winner#home'])
    expect(cache.overrideEvents('demo', 7).map((e) => e.receivedTs)).toEqual([T0])
    expect(cache.alerts('demo').map((a) => a.id)).toEqual(['new'])
    // An outcome removed by compaction comes back when it ticks again.
    cache.recordTicks('demo', [tick(T0 + 2, 2.2, { oddKey: 'm#o1' })])
    expect(cache.latestPrices('demo', 7).map((t) => t.oddKey)).toEqual(['match_winner#home', 'm#o1'])
  })
})
