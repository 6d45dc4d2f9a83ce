/**
 * Issue 25.4, disks that say no, against the whole core as a host runs it (startTestCore: a real
 * conf settings file, a real SQLite cache, the real keychain, the demo simulator) on real mounts:
 * a read-only bind mount of a data folder, a small tmpfs filled up, folders where config.json and
 * cache.sqlite should be, a cache held by another copy of the app (a child process with it open)
 * and one locked by another program. The core starts, says in a banner what is not saved and why,
 * and keeps every edit. Mounting needs root, as these tests run here.
 */
import Database from 'better-sqlite3'
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Problem } from '../../shared/problems'
import type { WatchlistState } from '../../shared/watchlists'
import type { Core } from './app'
import { eventually, invoke, startTestCore, TEST_APP, watchFirstLive } from './test-support'

const running: Core[] = []
const mounts: string[] = []
const children: ChildProcess[] = []
afterEach(async () => {
  for (const core of running.splice(0)) await core.stop()
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const dir of mounts.splice(0).reverse()) execFileSync('umount', [dir])
})

const freshDir = () => mkdtempSync(join(tmpdir(), 'odds-disks-'))

async function startIn(dataDir: string) {
  const started = await startTestCore(dataDir, { demo: { rate: 20, liveMatches: 2 } })
  running.push(started.core)
  return started
}

async function stop(core: Core) {
  running.splice(running.indexOf(core), 1)
  await core.stop()
}

function mount(args: string[], dir: string): string {
  execFileSync('mount', [...args, dir])
  mounts.push(dir)
  return dir
}

/** The part of a `history:ticks` answer these tests read. */
type TickPage = { rows: unknown[] }

const problemsOf = (core: Core) => invoke<Problem[]>(core, 'problems:get')
const problem = async (core: Core, id: string) => (await problemsOf(core)).find((p) => p.id === id)
const listNames = async (core: Core) => (await invoke<WatchlistState>(core, 'watchlists:get')).lists.map((l) => l.name)

describe('a data folder on a read-only disk', () => {
  it('starts the core with banners saying the cache and the settings are not saved, and keeps edits in memory', async () => {
    const dataDir = freshDir()
    const before = await startIn(dataDir)
    await invoke(before.core, 'watchlists:command', { op: 'create', name: 'Evening' })
    await stop(before.core)
    const readOnly = mount(['--bind', dataDir], freshDir())
    execFileSync('mount', ['-o', 'remount,bind,ro', readOnly])

    const { core } = await startIn(readOnly)
    expect((await problem(core, 'cache-not-saved'))?.happened).toContain('the data folder is on a read-only disk')
    expect((await problem(core, 'settings-not-saved'))?.title).toBe(
      'Settings not saved: the data folder is on a read-only disk',
    )
    expect(await listNames(core)).toEqual(['My matches', 'Evening'])
    await invoke(core, 'watchlists:command', { op: 'create', name: 'Weekend' })
    expect(await listNames(core)).toEqual(['My matches', 'Evening', 'Weekend'])
    // Recording goes on (in this session's file).
    const matchId = await watchFirstLive(core)
    await eventually(
      () => invoke<TickPage>(core, 'history:ticks', { matchId, from: 0, to: Date.now() + 60_000, limit: 10 }),
      (page) => page.rows.length > 0,
    )
  })
})

describe('a full disk', () => {
  it('says "disk full — not saved", keeps the edit, and saves it when space returns', async () => {
    const dataDir = mount(['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs'], freshDir())
    const { core } = await startIn(dataDir)
    const filler = join(dataDir, 'filler')
    try {
      writeFileSync(filler, Buffer.alloc(4 * 1024 * 1024))
    } catch {
      // ENOSPC: the disk is full now, which is what the filler is for.
    }
    const result = await core.router.dispatch('watchlists:command', { op: 'create', name: 'Evening' }, TEST_APP)
    expect(result.ok).toBe(true)
    expect(await listNames(core)).toContain('Evening')
    const full = await problem(core, 'settings-not-saved')
    expect(full?.title).toBe('Settings not saved: disk full')
    expect(full?.happened).toContain('disk full — not saved')

    rmSync(filler)
    await eventually(
      () => problem(core, 'settings-not-saved'),
      (p) => p === undefined,
    )
    const saved = JSON.parse(readFileSync(join(dataDir, 'config.json'), 'utf8')) as { watchlists: WatchlistState }
    expect(saved.watchlists.lists.map((l) => l.name)).toContain('Evening')
  })
})

describe('folders where the files should be', () => {
  it('start the core with banners, and settings edits are answered', async () => {
    const dataDir = freshDir()
    mkdirSync(join(dataDir, 'config.json'))
    mkdirSync(join(dataDir, 'cache.sqlite'))
    const { core } = await startIn(dataDir)
    expect((await problem(core, 'cache-not-saved'))?.happened).toContain('a folder is where cache.sqlite should be')
    expect((await problem(core, 'settings-not-saved'))?.title).toBe(
      'Settings not saved: a folder is where config.json should be',
    )
    expect((await invoke<{ theme: string }>(core, 'settings:update', { theme: 'light' })).theme).toBe('light')
  })
})

describe('a cache another process has', () => {
  it('held by another copy of the app: names it, records meanwhile, and moves into the file once it has gone', async () => {
    const dataDir = freshDir()
    const file = join(dataDir, 'cache.sqlite')
    // The other copy: a process with the cache open through the same openCache, writing ticks.
    const other = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'cache/crash-writer.fixture.ts'), file, '500'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    children.push(other)
    await new Promise<void>((resolve) => other.stdout?.once('data', () => resolve()))

    const { core } = await startIn(dataDir)
    const held = await problem(core, 'cache-not-saved')
    expect(held?.happened).toContain(`another copy of Odds Monitor (process ${other.pid}) is using it`)
    const matchId = await watchFirstLive(core)
    await eventually(
      () => invoke<TickPage>(core, 'history:ticks', { matchId, from: 0, to: Date.now() + 60_000, limit: 5 }),
      (page) => page.rows.length > 0,
    )

    other.kill('SIGKILL')
    await eventually(
      () => problem(core, 'cache-not-saved'),
      (p) => p === undefined,
    )
    const inFile = new Database(file, { readonly: true })
    const own = inFile.prepare('SELECT count(*) AS n FROM outcome WHERE match_id = ?').get(matchId) as { n: number }
    inFile.close()
    expect(own.n).toBeGreaterThan(0)
  })

  it('locked by another program at start: the core starts and says so', async () => {
    const dataDir = freshDir()
    await stop((await startIn(dataDir)).core)
    const locker = new Database(join(dataDir, 'cache.sqlite'))
    locker.pragma('locking_mode = EXCLUSIVE')
    locker.exec('BEGIN EXCLUSIVE')
    try {
      const { core } = await startIn(dataDir)
      expect((await problem(core, 'cache-not-saved'))?.happened).toContain('another program has it locked')
    } finally {
      locker.exec('COMMIT')
      locker.close()
    }
  })
})
