/**
 * The cache while its file cannot be written: another program holds the write lock on the real
 * SQLite file (as an SQLite browser or a backup tool can). Writing must not stop the app, reads
 * must go on answering from the file, memory must stay bounded, and nothing held is lost once the
 * lock goes. Record writes (overrides, alerts, Discover pages) through the live path's view are
 * reported and skipped instead of stopping their caller.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openCache, type Cache } from './index'
import { feedScoped } from './feed-scoped'
import { overrideEvent, tempDir, tick } from './test-helpers'
import { tolerantWrites } from './tolerant-writes'
import type { CacheWriteState } from './write-pacer'

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0)

let tmp: ReturnType<typeof tempDir>
let cache: Cache
let other: Database.Database
let clock: number
let states: CacheWriteState[]

beforeEach(() => {
  tmp = tempDir()
  const file = path.join(tmp.dir, 'cache.sqlite')
  clock = T0
  states = []
  cache = openCache(file, {
    // No timer turns during the test: every attempt below is one the test causes.
    flushIntervalMs: 3_600_000,
    flushBatchSize: 100,
    maxHeldTicks: 1000,
    now: () => clock,
    onWriteState: (state) => states.push(state),
  })
  other = new Database(file)
})
afterEach(() => {
  other.close()
  cache.close()
  tmp.remove()
})

/** `n` ticks of the helper's outcome (match 7), one ms apart from `from`, priced by their number. */
function ticks(from: number, n: number) {
  return Array.from({ length: n }, (_, i) => tick(T0 + from + i, 1 + (from + i) / 1000))
}

it('holds ticks while another program locks the file, answers reads from the file, and saves them when it can', () => {
  cache.recordTicks('demo', ticks(0, 10))
  cache.flush()
  other.exec('BEGIN IMMEDIATE')

  // A full batch tries to write, fails on the lock, and the caller carries on.
  expect(cache.recordTicks('demo', ticks(10, 100))).toEqual([])
  expect(states).toEqual([
    { failing: true, reason: 'database is locked', heldTicks: 100, droppedTicks: 0, failingSince: T0 },
  ])
  // Until the retry time, neither batches nor reads try again (each try would wait on the lock).
  for (let at = 110; at < 510; at += 100) cache.recordTicks('demo', ticks(at, 100))
  expect(cache.latestPrices('demo', 7)).toEqual([tick(T0 + 9, 1 + 9 / 1000)])
  expect(states).toHaveLength(1)
  expect(cache.pendingTicks).toBe(500)

  other.exec('ROLLBACK')
  clock += 1000
  // The first read after the retry time writes everything held before it answers.
  expect(cache.latestPrices('demo', 7)).toEqual([tick(T0 + 509, 1 + 509 / 1000)])
  expect(states.at(-1)).toEqual({ failing: false, reason: null, heldTicks: 0, droppedTicks: 0, failingSince: null })
  expect(cache.ticks('demo', 7, T0, T0 + 1000, { limit: 1000 })).toHaveLength(510)
})

it('gives up the oldest held ticks beyond its bound, counted, and backs off between attempts', () => {
  other.exec('BEGIN IMMEDIATE')
  for (let at = 0; at < 1500; at += 100) {
    cache.recordTicks('demo', ticks(at, 100))
    clock += 400
  }
  // Attempts at 0, then 1 s and 2 s later (backing off): three failures in 6 s of ticks.
  expect(states.map((s) => s.failing)).toEqual([true, true, true])
  expect(cache.pendingTicks).toBeLessThanOrEqual(1000)
  const held = cache.pendingTicks
  const dropped = 1500 - held
  expect(dropped).toBeGreaterThan(0)

  other.exec('ROLLBACK')
  clock += 30_000
  cache.recordTicks('demo', ticks(1500, 100))
  expect(states.at(-1)).toMatchObject({ failing: false, heldTicks: 0, droppedTicks: dropped })
  // What was kept is the newest: the file holds the last `held + 100` ticks, in order.
  const stored = cache.ticks('demo', 7, T0, T0 + 2000, { limit: 2000 })
  expect(stored).toHaveLength(held + 100)
  expect(stored[0]).toEqual(tick(T0 + dropped, 1 + dropped / 1000))
  expect(stored.at(-1)).toEqual(tick(T0 + 1599, 1 + 1599 / 1000))
})

it('an explicit flush still says the file cannot be written', () => {
  cache.recordTicks('demo', ticks(0, 5))
  other.exec('BEGIN IMMEDIATE')
  expect(() => cache.flush()).toThrow('database is locked')
  other.exec('ROLLBACK')
  expect(cache.flush()).toMatchObject({ written: 5 })
})

it('a record the locked file cannot keep is reported, and its caller goes on', () => {
  const failed: string[] = []
  const archive = tolerantWrites(
    feedScoped(cache, () => 'demo'),
    (write, error) => failed.push(`${write}: ${(error as Error).message}`),
  )
  other.exec('BEGIN IMMEDIATE')
  expect(() => archive.recordOverrideEvents([overrideEvent(T0)])).not.toThrow()
  expect(() => archive.upsertMatches('badminton', [{ id: 7 }])).not.toThrow()
  expect(failed).toEqual(['recordOverrideEvents: database is locked', 'upsertMatches: database is locked'])
  other.exec('ROLLBACK')
  archive.recordOverrideEvents([overrideEvent(T0)])
  expect(archive.overrideEvents(7)).toHaveLength(1)
  expect(failed).toHaveLength(2)
})
