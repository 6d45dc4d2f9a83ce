/**
 * Issue 25.9: a cache file with damaged pages. A real SQLite file of 30 outcomes' ticks, three of its
 * pages overwritten with garbage, and the clean-close stamp rewritten so the start trusts it (as when
 * the damage changed no file time). The first read that meets a damaged page must not throw: the
 * file is set aside untouched, a fresh one takes its place with what could still be read, and
 * recording goes on. At start (no stamp), the same salvage instead of setting everything aside.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { blankHeader } from '../../../shared/board'
import type { CacheFileError } from './errors'
import { openCache, type Cache } from './index'
import { markCleanClose } from './open-database'
import { SALVAGED_TABLES } from './salvage'
import { migrate } from './schema'
import { damageThreePages, overrideEvent, tempDir, tick } from './test-helpers'

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0)
const OUTCOMES = 30
const TICKS_EACH = 2000
const PAGE = 4096

let tmp: ReturnType<typeof tempDir>
let file: string
const opened: Cache[] = []
beforeEach(() => {
  tmp = tempDir()
  file = path.join(tmp.dir, 'cache.sqlite')
})
afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  tmp.remove()
})

const oddKey = (n: number) => `match_winner#o${n}`

/** A closed cache of 30 outcomes × 2,000 ticks (a second apart), one override event and one header change. */
function recordedFile(): void {
  const cache = openCache(file)
  for (let n = 0; n < OUTCOMES; n++)
    cache.recordTicks(
      'demo',
      Array.from({ length: TICKS_EACH }, (_, i) => tick(T0 + i * 1000, 1.5 + (i % 7) / 10, { oddKey: oddKey(n) })),
    )
  cache.recordOverrideEvents('demo', [overrideEvent(T0)])
  const header = { ...blankHeader(7, 'badminton'), status: 'live' }
  cache.recordHeaders('demo', [{ at: T0, patch: header, header }])
  cache.close()
}

/** Each outcome's history, as the review screen asks for it. */
function readEveryOutcome(cache: Cache): void {
  for (let n = 0; n < OUTCOMES; n++)
    cache.history('demo', 7, { oddType: 'full-time', oddKey: oddKey(n) }, T0, T0 + TICKS_EACH * 1000, 100)
}

it('notices damage at the first read, keeps recording in a fresh file, and salvages what is readable into it', () => {
  recordedFile()
  const damaged = damageThreePages(file)
  markCleanClose(file) // as if the app had closed it so: the start skips its page check
  const setAside: CacheFileError[] = []
  const cache = openCache(file, { onSetAside: (error) => setAside.push(error) })
  opened.push(cache)
  expect(cache.setAside).toBeNull()

  expect(() => readEveryOutcome(cache)).not.toThrow()
  expect(setAside).toHaveLength(1)
  const [found] = setAside
  expect(found?.problem).toBe('corrupt')
  // Kept as it was: every page past the header, whose change counter a connection's close may bump.
  expect(fs.readFileSync(found?.movedTo ?? '').subarray(100)).toEqual(damaged.subarray(100))
  const salvaged = found?.salvaged
  expect(salvaged?.unreadable).toBeGreaterThan(0)
  expect(salvaged?.ticks).toBeGreaterThan(OUTCOMES * TICKS_EACH * 0.8)
  expect(salvaged?.ticks).toBeLessThan(OUTCOMES * TICKS_EACH)
  expect(salvaged?.records).toBeGreaterThanOrEqual(2)
  expect(cache.overrideEvents('demo', 7)).toHaveLength(1)
  expect(cache.replayState('demo', [7], T0)[0]?.header?.status).toBe('live')

  // Recording goes on, in the new file.
  cache.recordTicks('demo', [tick(T0 + 9e6, 3.3, { oddKey: 'match_winner#new' })])
  cache.flush()
  expect(cache.latestPrices('demo', 7).find((t) => t.oddKey === 'match_winner#new')?.price).toBe(3.3)
  cache.close()
  opened.pop()
  const check = new Database(file, { readonly: true })
  expect(check.pragma('integrity_check', { simple: true })).toBe('ok')
  expect((check.prepare('SELECT count(*) AS n FROM tick').get() as { n: number }).n).toBe(salvaged!.ticks + 1)
  check.close()
})

it('a write that meets the damage keeps the ticks it held: they are written to the new file', () => {
  recordedFile()
  const bytes = fs.readFileSync(file)
  // Every page of the second half: the newest outcome's ticks and rollups go there.
  bytes.fill(0xa5, Math.ceil(bytes.length / PAGE / 2) * PAGE)
  fs.writeFileSync(file, bytes)
  markCleanClose(file)
  const cache = openCache(file, { flushIntervalMs: 3_600_000, flushBatchSize: 100_000 })
  opened.push(cache)
  const held = Array.from({ length: 50 }, (_, i) => tick(T0 + 9e6 + i, 2.5, { oddKey: oddKey(0) }))
  cache.recordTicks('demo', held)
  expect(() => cache.flush()).not.toThrow()
  expect(cache.setAside?.problem).toBe('corrupt')
  const kept = cache.ticks('demo', 7, T0 + 9e6, T0 + 9e6 + 100, { limit: 100 })
  expect(kept).toHaveLength(50)
})

it('at start, salvages a damaged file into the new one instead of setting all of it aside', () => {
  recordedFile()
  damageThreePages(file)
  fs.rmSync(`${file}.clean-close`) // no stamp: the start checks every page
  const cache = openCache(file)
  opened.push(cache)
  expect(cache.setAside?.problem).toBe('corrupt')
  expect(cache.setAside?.salvaged?.ticks).toBeGreaterThan(OUTCOMES * TICKS_EACH * 0.8)
  expect(() => readEveryOutcome(cache)).not.toThrow()
  expect(cache.outcomes('demo', 7).length).toBeGreaterThan(OUTCOMES * 0.8)
})

it('salvage copies every table the schema has', () => {
  const db = new Database(':memory:')
  migrate(db)
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()
  db.close()
  expect([...tables].sort()).toEqual([...SALVAGED_TABLES].sort())
})
