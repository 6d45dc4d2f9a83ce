/**
 * The replay bench's cache: a 6-hour recording of a 50-match desk (30 outcomes a match) at 2,000
 * price updates a second over the desk (about 43 million ticks), with each match's header changes
 * (a clock reading a minute, a point every ~20 s), override events and alerts. Made once into the
 * temp folder and reused. The file is created by the app's own `openCache` (schema, pragmas) and
 * filled by a bulk writer, outcome by outcome in key order with its rollups and resync marks, in
 * large transactions with syncing off: the rows the app's writer would leave, minutes sooner.
 */
import Database from 'better-sqlite3'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openCache } from '../src/main/core/cache'
import { openBulkCache } from './bulk-cache'
import { RollupBatch, UPSERT_ROLLUP_SQL } from '../src/main/core/cache/rollup'
import { blankHeader, type MatchHeader } from '../src/shared/board'

export interface ReplayDesk {
  file: string
  matchIds: number[]
  from: number
  to: number
  ticks: number
  updatesPerSec: number
}

const BENCH_DIR = join(tmpdir(), 'odds-monitor-bench')
/** Bumped when the file's content changes, so a file made by an older bench is made again. */
const LAYOUT = 1
const HOUR_MS = 3_600_000
const MARKETS_PER_MATCH = 10
const OUTCOME_KEYS = ['home', 'draw', 'away']
/** Fixed, so every run replays the same recording. */
export const FIXED_START = Date.UTC(2025, 5, 1, 12, 0, 0)

/** A deterministic generator (the same file every time it is made). */
function randomFrom(seed: number): () => number {
  let s = seed
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648
}

export interface DeskShape {
  matches: number
  hours: number
  updatesPerSec: number
  /** Epoch ms the recording starts. */
  start: number
  /** Its folder in the temp folder's bench folder (also a data folder for a host: replay-page.ts). */
  name: string
}

export function ensureReplayDesk({ matches, hours, updatesPerSec, start, name }: DeskShape): ReplayDesk {
  const dir = join(BENCH_DIR, name)
  const done = join(dir, 'complete')
  const file = join(dir, 'cache.sqlite')
  const matchIds = Array.from({ length: matches }, (_, i) => 9001 + i)
  const desk = { file, matchIds, from: start, to: start + hours * HOUR_MS, updatesPerSec }
  const wanted = { layout: LAYOUT, matches, hours, updatesPerSec, start }
  if (existsSync(done)) {
    const { ticks, ...made } = JSON.parse(readFileSync(done, 'utf8')) as typeof wanted & { ticks: number }
    if (JSON.stringify(made) === JSON.stringify(wanted)) return { ...desk, ticks }
  }
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const ticks = bulkWrite(desk)
  writeFileSync(done, JSON.stringify({ ...wanted, ticks }))
  return { ...desk, ticks }
}

function bulkWrite({ file, matchIds, from, to, updatesPerSec }: Omit<ReplayDesk, 'ticks'>): number {
  const { db, feedId, insertOutcome, insertTick } = openBulkCache(file, 'demo')
  const insertResync = db.prepare('INSERT INTO resync_tick (outcome_id, t, tie) VALUES (?, ?, 0)')
  const upsertRollup = db.prepare(UPSERT_ROLLUP_SQL)
  const outcomesPerMatch = MARKETS_PER_MATCH * OUTCOME_KEYS.length
  // Each outcome's mean gap, so the desk as a whole sees `updatesPerSec`.
  const meanGapMs = (matchIds.length * outcomesPerMatch * 1000) / updatesPerSec
  const random = randomFrom(42)
  let ticks = 0
  for (const matchId of matchIds) {
    for (let m = 0; m < MARKETS_PER_MATCH; m++) {
      for (const key of OUTCOME_KEYS) {
        db.transaction(() => {
          const oddType = m < 5 ? 'full-time' : 'period-time'
          const id = Number(insertOutcome.run(feedId, matchId, oddType, `market_${m}#${key}`).lastInsertRowid)
          const rollups = new RollupBatch()
          let price = 1500 + Math.floor(random() * 3000)
          let suspendedUntil = 0
          let t = from + Math.floor(random() * meanGapMs)
          insertResync.run(id, t)
          for (; t <= to; t += 1 + Math.floor(random() * 2 * meanGapMs)) {
            price = Math.min(50_000, Math.max(1010, price + Math.floor(random() * 41) - 20))
            if (random() < 0.001) suspendedUntil = t + 30_000
            const suspended = t < suspendedUntil ? 1 : 0
            insertTick.run(id, t, price, suspended, -20 - Math.floor(random() * 30))
            rollups.add(id, t, price, suspended)
            ticks++
          }
          rollups.write(upsertRollup)
        })()
      }
    }
  }
  db.transaction(() => writeRecords(db, feedId, matchIds, from, to, random))()
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  // Opened and closed once by the app, as after any clean run.
  openCache(file).close()
  return ticks
}

/** Per match: a header change every ~20 s (points, and the clock each minute), 10 overrides, 5 alerts. */
function writeRecords(
  db: Database.Database,
  feedId: number,
  matchIds: readonly number[],
  from: number,
  to: number,
  random: () => number,
): void {
  const insertHeader = db.prepare(
    'INSERT INTO header_change (feed_id, match_id, t, seq, patch, header) VALUES (?, ?, ?, 0, ?, ?)',
  )
  const insertOverride = db.prepare(`INSERT INTO override_event (feed_id, match_id, odd_type, odd_key, action,
    odd_value, previous_value, suspended, duration_seconds, set_at, expires_at, server_ts, received_ts)
    VALUES (?, ?, 'full-time', 'market_0#home', 'set', 7.5, 2.1, 0, 600, ?, ?, ?, ?)`)
  const insertAlert = db.prepare(
    'INSERT INTO alert (feed_id, id, rule_id, match_id, created_at, payload) VALUES (?, ?, ?, ?, ?, ?)',
  )
  for (const matchId of matchIds) {
    let header: MatchHeader = {
      ...blankHeader(matchId, 'badminton'),
      status: 'live',
      score: { home: { current: 0, periods: [0] }, away: { current: 0, periods: [0] } },
      clock: { elapsedSeconds: 0, period: '1', at: from },
      synced: true,
    }
    insertHeader.run(feedId, matchId, from, JSON.stringify(header), JSON.stringify(header))
    let lastClock = from
    for (let t = from + 20_000; t <= to; t += 10_000 + Math.floor(random() * 20_000)) {
      const patch =
        t - lastClock >= 60_000
          ? { matchId, clock: { elapsedSeconds: Math.round((t - from) / 1000), period: '1', at: t } }
          : { matchId, score: scored(header, random() < 0.5 ? 'home' : 'away') }
      if (patch.clock) lastClock = t
      header = { ...header, ...patch }
      insertHeader.run(feedId, matchId, t, JSON.stringify(patch), JSON.stringify(header))
    }
    for (let i = 0; i < 10; i++) {
      const at = from + Math.floor(random() * (to - from))
      insertOverride.run(feedId, matchId, at, at + 600_000, at - 5, at)
    }
    for (let i = 0; i < 5; i++) {
      const at = from + Math.floor(random() * (to - from))
      const id = `bench-${matchId}-${i}`
      const alert = {
        id,
        ruleId: 'bench-rule',
        ruleName: 'Moves of 5 %',
        kind: 'move',
        matchId,
        oddType: 'full-time',
        oddKey: 'market_0#home',
        title: `Match ${matchId}: Market 0 · Home moved 5.2 %`,
        body: 'from 2.10 to 2.21 in 60 s',
        createdAt: at,
        read: false,
      }
      insertAlert.run(feedId, id, 'bench-rule', matchId, at, JSON.stringify(alert))
    }
  }
}

function scored(header: MatchHeader, side: 'home' | 'away'): NonNullable<MatchHeader['score']> {
  const score = header.score as NonNullable<MatchHeader['score']>
  const current = (score[side].current ?? 0) + 1
  return { ...score, [side]: { current, periods: [current] } }
}
