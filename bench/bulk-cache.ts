/**
 * What the benches' bulk cache writers share (startup-data.ts, replay-data.ts): a file the app's own
 * `openCache` created (schema, pragmas), opened for writing with syncing off, and the statements
 * that put outcomes and ticks into it in key order, minutes faster than the app's per-flush writer.
 */
import Database from 'better-sqlite3'
import { openCache } from '../src/main/core/cache'
import { FeedIds } from '../src/main/core/cache/feed-ids'

export interface BulkCache {
  db: Database.Database
  feedId: number
  /** (feedId, matchId, oddType, oddKey) → the new outcome's id in `lastInsertRowid`. */
  insertOutcome: Database.Statement
  /** (outcomeId, t, milliPrice, suspended 0/1, serverDelta), tie 0. */
  insertTick: Database.Statement
}

export function openBulkCache(file: string, feed: string): BulkCache {
  openCache(file).close()
  const db = new Database(file)
  db.pragma('synchronous = OFF')
  return {
    db,
    feedId: new FeedIds(db).idOf(feed),
    insertOutcome: db.prepare('INSERT INTO outcome (feed_id, match_id, odd_type, odd_key) VALUES (?, ?, ?, ?)'),
    insertTick: db.prepare(
      'INSERT INTO tick (outcome_id, t, tie, price, suspended, server_delta) VALUES (?, ?, 0, ?, ?, ?)',
    ),
  }
}
