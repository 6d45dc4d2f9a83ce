/**
 * The problems banner model against real parts: a real damaged SQLite file and settings file in the
 * data folder, a real simulator whose clock is shifted (its HTTP `Date` and stream `ts`), the whole
 * core as a host runs it. The keychain case runs the core in a child process whose D-Bus address
 * names a socket that is not there (problems-keychain.fixture.ts), then puts this test session's
 * bus, with its real keyring, at that address. A cache that cannot save is the core's real cache
 * file with its write lock held by a second connection, as another program can.
 */
import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { Problem } from '../../../shared/problems'
import { startSimulator, type SimulatorOptions } from '../../../sim'
import { KeytarSecretStore } from '../../adapters/keytar-secrets'
import { SCHEMA_VERSION } from '../cache/schema'
import { HttpClient } from '../clients/http/http-client'
import type { Core } from '../app'
import { eventually, invoke, startTestCore, TEST_APP, watchFirstLive } from '../test-support'
import { ClockOffsetEstimate, ClockSkewWatch, type ClockSkew } from './clock-skew'
import { ProblemBoard } from './problem-board'
import { watchCacheWrites } from './problem-sources'

const running: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close()
})

async function startIn(dataDir: string, demo: SimulatorOptions = {}) {
  const started = await startTestCore(dataDir, { demo })
  running.push({ close: () => started.core.stop() })
  return started
}

/** Made-up answers come with a wall clock that is never stepped. */
const wallOnly = () => 0
const problems = (core: Core) => invoke<Problem[]>(core, 'problems:get')
const freshDir = () => mkdtempSync(join(tmpdir(), 'odds-problems-'))

/** The socket of this test session's D-Bus (scripts/test.sh runs the tests in one, with a keyring). */
function sessionBusPath(): string {
  const path = /^unix:path=([^,]+)/.exec(process.env.DBUS_SESSION_BUS_ADDRESS ?? '')?.[1]
  if (!path) throw new Error('the tests need a D-Bus session bus at a socket path (see scripts/test.sh)')
  return path
}

describe('a file set aside at start', () => {
  it('a damaged cache file: a dismissible banner names the file it was kept as; dismissing it tells every page', async () => {
    const dataDir = freshDir()
    writeFileSync(join(dataDir, 'cache.sqlite'), 'SQLite format 3\0 and then nothing a database holds'.repeat(50))
    const { core } = await startIn(dataDir)
    const movedTo = core.cache.setAside?.movedTo ?? ''
    expect(existsSync(movedTo)).toBe(true)

    const [problem, ...others] = await problems(core)
    expect(others).toEqual([])
    expect(problem).toMatchObject({ id: 'cache-set-aside', severity: 'info', dismissible: true })
    expect(problem?.happened).toContain(`The price cache was damaged and set aside as ${movedTo}; history before`)
    expect(problem?.toDo).toMatch(/^Nothing to do unless you need that history/)

    const pushed: unknown[] = []
    core.router.addSink((channel, payload) => {
      if (channel === 'problems:changed') pushed.push(payload)
    })
    expect(await invoke(core, 'problems:dismiss', { id: 'cache-set-aside' })).toEqual([])
    expect(pushed).toEqual([[]])
    expect(await problems(core)).toEqual([])
  })

  it('a cache file from a newer version, and an unreadable settings file: one banner each', async () => {
    const dataDir = freshDir()
    const newer = new Database(join(dataDir, 'cache.sqlite'))
    newer.exec('CREATE TABLE from_the_future (x)')
    newer.pragma(`user_version = ${SCHEMA_VERSION + 1}`)
    newer.close()
    writeFileSync(join(dataDir, 'config.json'), '{"sport": "badminton", ')
    const { core } = await startIn(dataDir)

    const list = await problems(core)
    expect(list.map((p) => p.id)).toEqual(['settings-set-aside', 'cache-set-aside'])
    expect(list[0]?.happened).toMatch(
      /^The settings file could not be read \(.+\) and was set aside as .*config\.json\.corrupt-\d+/,
    )
    expect(list[1]?.happened).toContain(
      `written by a newer version of Odds Monitor and set aside as ${core.cache.setAside?.movedTo}`,
    )
  })

  it('a sound cache file raises nothing', async () => {
    const dataDir = freshDir()
    await (await startTestCore(dataDir)).core.stop()
    const { core } = await startIn(dataDir)
    expect(core.cache.setAside).toBeNull()
    expect(await problems(core)).toEqual([])
  })
})

describe('the keychain', () => {
  it('that cannot be reached is a banner on the demo feed; once it can, the banner goes and its keys are used', async () => {
    const busDir = freshDir()
    const service = `Odds Monitor test ${randomUUID()}`
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('./problems-keychain.fixture.ts', import.meta.url)),
        freshDir(),
        service,
      ],
      { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(busDir, 'bus')}`, DISPLAY: '' } },
    )
    running.push({ close: async () => void child.kill() })
    const reports = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
    const nextReport = async () =>
      JSON.parse((await reports.next()).value as string) as { mode: string; problems: Problem[] }

    const before = await nextReport()
    expect(before.mode).toBe('demo')
    expect(before.problems).toHaveLength(1)
    expect(before.problems[0]).toMatchObject({
      id: 'keychain-unreachable',
      severity: 'warning',
      happened:
        'The keychain cannot be reached (no D-Bus session): API keys cannot be read or saved, so the demo feed is used.',
    })
    expect(before.problems[0]?.toDo).toMatch(/^Unlock your keyring .*then open Settings → Keys/)

    // The trader unlocks the keychain, which holds a key: this test session's bus appears at the child's address.
    const keychain = new KeytarSecretStore(service)
    await keychain.set('odds-feed', 'a-key-stored-before')
    running.push({ close: async () => void (await keychain.delete('odds-feed')) })
    symlinkSync(sessionBusPath(), join(busDir, 'bus'))
    child.stdin.write('look again\n')
    expect(await nextReport()).toEqual({ mode: 'real', problems: [] })
  })

  it('that works raises nothing', async () => {
    const { core } = await startIn(freshDir())
    expect((await invoke<{ keychain: boolean }>(core, 'keys:status')).keychain).toBe(true)
    expect(await problems(core)).toEqual([])
  })
})

describe('the clock skew between this machine and the feed', () => {
  /** Some REST answers of a simulator whose clock is `offsetMs` off, read as the core's HTTP client reads them. */
  async function skewAfterAnswers(offsetMs: number): Promise<{ estimate: ClockOffsetEstimate; heard: ClockSkew[] }> {
    const sim = await startSimulator({ port: 0, rate: 0, liveMatches: 1, faults: { clockOffsetMs: offsetMs } })
    running.push(sim)
    const estimate = new ClockOffsetEstimate()
    const heard: ClockSkew[] = []
    const watch = new ClockSkewWatch((skew) => skew && heard.push(skew))
    const http = new HttpClient({
      service: 'odds-feed',
      getKey: async () => sim.apiKey,
      onAnswerClock: (answer) => {
        estimate.add(answer)
        watch.record('odds-feed', answer)
      },
    })
    for (let i = 0; i < 5; i++) {
      const answer = await http.send({
        url: new URL(`${sim.oddsBaseUrl}/bookmaker/${sim.bookmakerId}`),
        scope: 'bookmaker',
        subject: 'the bookmaker',
      })
      expect(answer.ok).toBe(true)
    }
    return { estimate, heard }
  }

  it('3 s: the interval the answers agree on holds the true offset and lies beyond a second', async () => {
    const { estimate, heard } = await skewAfterAnswers(3000)
    const bounds = estimate.bounds()
    expect(bounds?.lo).toBeGreaterThan(1000)
    expect(bounds?.lo).toBeLessThanOrEqual(3000)
    expect(bounds?.hi).toBeGreaterThanOrEqual(3000)
    expect(estimate.certainSkewMs()).not.toBeNull()
    expect(heard.at(-1)?.service).toBe('odds-feed')
  })

  it('0.3 s: within what a one-second Date allows, so no skew', async () => {
    const { estimate, heard } = await skewAfterAnswers(300)
    const bounds = estimate.bounds()
    expect(bounds?.lo).toBeLessThanOrEqual(300)
    expect(bounds?.hi).toBeGreaterThanOrEqual(300)
    expect(estimate.certainSkewMs()).toBeNull()
    expect(heard).toEqual([])
  })

  it('-3 s: this machine is ahead', async () => {
    const { estimate } = await skewAfterAnswers(-3000)
    expect(estimate.bounds()?.hi).toBeLessThan(-1000)
    expect(estimate.certainSkewMs()).toBeLessThan(0)
  })

  it('the core on a demo feed 3 s ahead: a banner that cannot be dismissed; on one 0.3 s ahead none', async () => {
    const { core } = await startIn(freshDir(), { faults: { clockOffsetMs: 3000 } })
    await invoke(core, 'discover:matches', { mode: 'live', sport: 'badminton' })
    const [skew] = await eventually(
      () => problems(core),
      (list) => list.length > 0,
    )
    expect(skew).toMatchObject({ id: 'clock-skew', severity: 'warning', dismissible: false })
    expect(skew?.happened).toMatch(
      /^This computer’s clock is \d+\.\d s behind the (odds feed|data service): price ages and lags are off by that much\.$/,
    )
    expect(skew?.toDo).toMatch(/^Turn on automatic time sync/)
    const refused = await core.router.dispatch('problems:dismiss', { id: 'clock-skew' }, TEST_APP)
    expect(refused).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'this problem cannot be dismissed' },
    })

    const near = await startIn(freshDir(), { faults: { clockOffsetMs: 300 } })
    // The answer has come back, so its Date has been read (the HTTP client hands it on before it answers).
    await invoke(near.core, 'discover:matches', { mode: 'live', sport: 'badminton' })
    expect(await problems(near.core)).toEqual([])
  })
})

describe('ClockOffsetEstimate', () => {
  const at = (sentAt: number, receivedAt: number, serverMs: number, age: string | null = null) => ({
    sentAt,
    receivedAt,
    date: new Date(Math.floor(serverMs / 1000) * 1000).toUTCString(),
    age,
  })

  it('narrows the interval with answers stamped at other sub-second phases', () => {
    const estimate = new ClockOffsetEstimate(wallOnly)
    // The server is 1,500 ms ahead; each round trip takes 20 ms and the server stamps at its middle.
    const stamped = (local: number) => at(local, local + 20, local + 10 + 1500)
    estimate.add(stamped(10_000)) // the server read 11.510 s: the Date says 11 s
    expect(estimate.bounds()).toEqual({ lo: 980, hi: 2000 })
    estimate.add(stamped(9_495)) // just after a second began (11.005 s): a tight lower bound
    estimate.add(stamped(10_480)) // just before one ended (11.990 s): a tight upper bound
    expect(estimate.bounds()).toEqual({ lo: 1485, hi: 1520 })
    expect(estimate.certainSkewMs()).toBe(1502.5)
  })

  it('forgets older answers that disagree with the newest (the local clock was stepped)', () => {
    const estimate = new ClockOffsetEstimate(wallOnly)
    for (const local of [10_000, 10_300, 10_650]) estimate.add(at(local, local + 20, local + 10 + 5000))
    expect(estimate.certainSkewMs()).not.toBeNull()
    estimate.add(at(20_000, 20_020, 20_010))
    expect(estimate.bounds()).toEqual({ lo: -20, hi: 1000 })
    expect(estimate.certainSkewMs()).toBeNull()
  })

  it("follows a step of this machine's wall clock with no new answer (the trader turned on time sync)", () => {
    let shift = 0
    const heard: Array<ClockSkew | null> = []
    const watch = new ClockSkewWatch(
      (skew) => heard.push(skew),
      () => shift,
    )
    // This machine is 5 s behind the feed…
    for (const local of [10_000, 10_300, 10_650]) watch.record('odds-feed', at(local, local + 20, local + 10 + 5000))
    expect(heard.at(-1)).toMatchObject({ service: 'odds-feed' })
    // …until its wall clock is stepped 5 s forward: what the answers said was of the clock before.
    shift = 5000
    watch.recheck()
    expect(heard.at(-1)).toBeNull()
    // The next answer, read on the clock set right, finds no skew.
    watch.record('odds-feed', at(15_000, 15_020, 15_010))
    expect(heard.at(-1)).toBeNull()
  })

  it('never shows a skew a machine waking from sleep does not have', () => {
    // The monotonic clock stands still in sleep, the wall clock does not: the same shift as a clock step.
    let shift = 0
    const estimate = new ClockOffsetEstimate(() => shift)
    for (const local of [10_000, 10_300, 10_650]) estimate.add(at(local, local + 20, local + 10))
    expect(estimate.bounds()).not.toBeNull()
    shift = 3_600_000
    expect(estimate.bounds()).toBeNull()
    expect(estimate.certainSkewMs()).toBeNull()
  })

  it('skips an answer from a cache (Age), without a Date, or with one that is not a date', () => {
    const estimate = new ClockOffsetEstimate(wallOnly)
    expect(estimate.add(at(10_000, 10_020, 60_000, '120'))).toBe(false)
    expect(estimate.add({ sentAt: 10_000, receivedAt: 10_020, date: null, age: null })).toBe(false)
    expect(estimate.add({ sentAt: 10_000, receivedAt: 10_020, date: 'yesterday-ish', age: null })).toBe(false)
    expect(estimate.bounds()).toBeNull()
    expect(estimate.add(at(10_000, 10_020, 10_010, '0'))).toBe(true)
  })
})

describe('a cache that cannot save', () => {
  it('locked by another program: a banner and one fault while prices are held, both gone once they are saved', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-core-'))
    const { core } = await startTestCore(dataDir)
    running.push({ close: () => core.stop() })
    const matchId = await watchFirstLive(core)
    const problems = () => invoke<Problem[]>(core, 'problems:get')
    const savedTicks = () =>
      invoke<{ total: number }>(core, 'history:ticks', { matchId, from: 0, to: Date.now(), limit: 1 }).then(
        (page) => page.total,
      )
    await eventually(savedTicks, (n) => n > 0)

    const other = new Database(join(dataDir, 'cache.sqlite'))
    try {
      other.exec('BEGIN IMMEDIATE')
      const [banner] = await eventually(problems, (list) => list.some((p) => p.id === 'cache-writes-failing'))
      expect(banner).toMatchObject({ title: 'Price cache cannot save' })
      expect(banner?.happened).toMatch(
        /^Saving to the price cache fails \(database is locked\) since .+: [\d,]+ prices are held in memory/,
      )
      expect(banner?.toDo).toContain('Close any other program that has')
      // Prices keep arriving and reads keep answering from the file meanwhile.
      const before = await savedTicks()
      const health = await invoke<{ faults: { byKind: Record<string, number> } }>(core, 'feed:health')
      expect(health.faults.byKind['cache-write-failed']).toBe(1)
      other.exec('ROLLBACK')
      await eventually(problems, (list) => list.every((p) => p.id !== 'cache-writes-failing'), 40_000)
      expect(await savedTicks()).toBeGreaterThan(before)
    } finally {
      other.close()
    }
  }, 60_000)

  it('counts each outage once at its start, and once more at its end if prices were given up', () => {
    const board = new ProblemBoard()
    const faults: string[] = []
    const follow = watchCacheWrites(board, '/data/cache.sqlite', {
      started: (reason) => faults.push(`started: ${reason}`),
      ended: (dropped) => faults.push(`ended: ${dropped} dropped`),
    })
    const failing = (since: number, held: number, dropped: number) =>
      follow({
        failing: true,
        reason: 'database or disk is full',
        heldTicks: held,
        droppedTicks: dropped,
        failingSince: since,
      })
    failing(1000, 10, 0)
    failing(1000, 20_000, 0)
    failing(1000, 200_000, 1234)
    expect(board.list().map((p) => [p.id, p.happened, p.toDo])).toEqual([
      [
        'cache-writes-failing',
        expect.stringMatching(
          /\(database or disk is full\) since .*: 200,000 prices are held in memory and will be saved when it works again; 1,234 older ones could not be kept\.$/,
        ),
        'Free space on the disk that holds /data/cache.sqlite; the app tries again by itself.',
      ],
    ])
    follow({ failing: false, reason: null, heldTicks: 0, droppedTicks: 1234, failingSince: null })
    failing(9000, 5, 0)
    follow({ failing: false, reason: null, heldTicks: 0, droppedTicks: 0, failingSince: null })
    expect(faults).toEqual([
      'started: database or disk is full',
      'ended: 1234 dropped',
      'started: database or disk is full',
    ])
    expect(board.list()).toEqual([])
  })
})

describe('ProblemBoard', () => {
  const problem = { id: 'p', severity: 'info', title: 't', happened: 'h', toDo: 'd', dismissible: true } as const

  it('tells its listeners of a change only, keeps a dismissed problem hidden until it is raised anew', () => {
    const board = new ProblemBoard(() => 5)
    const heard: string[][] = []
    board.onChange((list) => heard.push(list.map((p) => `${p.id}:${p.happened}`)))
    board.raise(problem)
    board.raise(problem)
    board.raise({ ...problem, id: 'q', severity: 'error', dismissible: false })
    expect(board.dismiss('q')).toBe(false)
    expect(board.dismiss('p')).toBe(true)
    board.raise({ ...problem, happened: 'h2' })
    board.clear('p')
    board.raise(problem)
    expect(heard).toEqual([['p:h'], ['q:h', 'p:h'], ['q:h'], ['q:h', 'p:h']])
    expect(board.list()[1]).toEqual({ ...problem, since: 5 })
  })
})
