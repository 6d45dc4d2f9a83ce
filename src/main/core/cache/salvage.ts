/**
 * Copies what can still be read of a damaged cache file into a new one, instead of setting all of
 * it aside: table by table, and the ticks outcome by outcome, a time range that cannot be read
 * split in halves until what is unreadable is no wider than a minute, which is skipped and counted.
 * A copy of the damaged file (with its WAL) is attached to the new file's connection, so rows move
 * in SQLite's own loops and the file kept for the trader is never touched: SQLite here takes no
 * read-only URI, and a connection to it would replay or delete its WAL. Feeds and outcomes get the new file's ids (it may already hold rows of its own), and every
 * row that hangs off them is mapped to those.
 */
import fs from 'node:fs'
import type Database from 'better-sqlite3'
import { SCHEMA_VERSION } from './schema'

export interface SalvageCounts {
  /** Price ticks copied into the new file. */
  ticks: number
  /** Override events, alerts, matches, reference pages, match labels and header changes copied. */
  records: number
  /** Time ranges of ticks, and tables or parts of tables, that could not be read and were skipped. */
  unreadable: number
}

const SOURCE = 'damaged'
/** The narrowest time range of one outcome's ticks worth splitting further. */
const NARROWEST_RANGE_MS = 60_000
/**
 * Failed reads one outcome may cost before the rest of its unreadable ranges are skipped unsplit:
 * a damaged interior page fails every range beneath it, and halving all of those is not worth it.
 */
const FAILED_READS_PER_OUTCOME = 200
const FAR_FUTURE = 8_640_000_000_000_000

/** An SQLite error that says the file is damaged (as opposed to a lock or a full disk). */
export function isCorruption(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))
}

/** What `read` answers, or undefined when a damaged page is under it. Any other error is thrown. */
function readable<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch (error) {
    if (!isCorruption(error)) throw error
    return undefined
  }
}

/**
 * Every table of the schema (schema.ts), each copied below: a migration that adds a table or a
 * column adds it here and to its copy (a test holds this list to the schema).
 */
export const SALVAGED_TABLES = [
  'feed',
  'outcome',
  'tick',
  'tick_rollup',
  'resync_tick',
  'override_event',
  'alert',
  'match_labels',
  'header_change',
  'match',
  'reference',
]

/** Small tables hanging off a feed id: copied whole, their own id left to the new file where it has one. */
const RECORD_COPIES = [
  `INSERT INTO main.override_event (feed_id, match_id, odd_type, odd_key, action, odd_value, previous_value,
     suspended, duration_seconds, set_at, expires_at, server_ts, received_ts, own, acknowledged)
   SELECT f.new, match_id, odd_type, odd_key, action, odd_value, previous_value, suspended, duration_seconds,
     set_at, expires_at, server_ts, received_ts, own, acknowledged
   FROM ${SOURCE}.override_event JOIN temp.feed_map f ON f.old = feed_id`,
  `INSERT OR IGNORE INTO main.alert (id, rule_id, match_id, created_at, payload, feed_id)
   SELECT id, rule_id, match_id, created_at, payload, f.new FROM ${SOURCE}.alert JOIN temp.feed_map f ON f.old = feed_id`,
  `INSERT OR IGNORE INTO main.match_labels (feed_id, match_id, updated_at, labels)
   SELECT f.new, match_id, updated_at, labels FROM ${SOURCE}.match_labels JOIN temp.feed_map f ON f.old = feed_id`,
  `INSERT OR IGNORE INTO main.header_change (feed_id, match_id, t, seq, patch, header)
   SELECT f.new, match_id, t, seq, patch, header FROM ${SOURCE}.header_change JOIN temp.feed_map f ON f.old = feed_id`,
  `INSERT OR IGNORE INTO main.match SELECT * FROM ${SOURCE}.match`,
  `INSERT OR IGNORE INTO main.reference SELECT * FROM ${SOURCE}.reference`,
]

/** Copies what is readable of `damagedFile` into `target` (a migrated cache); see the header. */
export function salvageInto(target: Database.Database, damagedFile: string): SalvageCounts {
  const counts: SalvageCounts = { ticks: 0, records: 0, unreadable: 0 }
  const copy = `${damagedFile}.salvaging`
  try {
    fs.copyFileSync(damagedFile, copy)
    if (fs.existsSync(`${damagedFile}-wal`)) fs.copyFileSync(`${damagedFile}-wal`, `${copy}-wal`)
    if (readable(() => target.prepare(`ATTACH DATABASE ? AS ${SOURCE}`).run(copy)) === undefined)
      return { ...counts, unreadable: 1 }
    return copyAttached(target, counts)
  } finally {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(copy + suffix, { force: true })
  }
}

function copyAttached(target: Database.Database, counts: SalvageCounts): SalvageCounts {
  try {
    // Without its version, feeds and outcomes nothing else can be placed: the file is unreadable as a whole.
    const version = readable(() => target.pragma(`${SOURCE}.user_version`, { simple: true }))
    if (version !== SCHEMA_VERSION || readable(() => mapIds(target)) === undefined) return { ...counts, unreadable: 1 }
    for (const sql of RECORD_COPIES) {
      const copied = readable(() => target.prepare(sql).run().changes)
      if (copied === undefined) counts.unreadable++
      else counts.records += copied
    }
    copyTicks(target, counts)
    return counts
  } finally {
    target.exec('DROP TABLE IF EXISTS temp.feed_map; DROP TABLE IF EXISTS temp.outcome_map')
    target.exec(`DETACH DATABASE ${SOURCE}`)
  }
}

/**
 * The damaged file's feeds and outcomes in the new file, and which new id each old one became
 * (temp tables); answers how many outcomes were placed.
 */
function mapIds(target: Database.Database): number {
  target.exec(`
    INSERT OR IGNORE INTO main.feed (name) SELECT name FROM ${SOURCE}.feed;
    CREATE TEMP TABLE feed_map AS
      SELECT d.id AS old, m.id AS new FROM ${SOURCE}.feed d JOIN main.feed m ON m.name = d.name;
    INSERT OR IGNORE INTO main.outcome (feed_id, match_id, odd_type, odd_key)
      SELECT f.new, o.match_id, o.odd_type, o.odd_key FROM ${SOURCE}.outcome o JOIN temp.feed_map f ON f.old = o.feed_id;
    CREATE TEMP TABLE outcome_map (old INTEGER PRIMARY KEY, new INTEGER NOT NULL);
    INSERT INTO temp.outcome_map
      SELECT o.id, m.id FROM ${SOURCE}.outcome o JOIN temp.feed_map f ON f.old = o.feed_id
      JOIN main.outcome m ON m.feed_id = f.new AND m.match_id = o.match_id AND m.odd_type = o.odd_type
        AND m.odd_key = o.odd_key;
  `)
  return target.prepare('SELECT count(*) FROM temp.outcome_map').pluck().get() as number
}

/** Each outcome's ticks, rollups and resync marks; a time range that cannot be read is halved down to a minute. */
function copyTicks(target: Database.Database, counts: SalvageCounts): void {
  const ticks = target.prepare(`
    INSERT OR IGNORE INTO main.tick (outcome_id, t, tie, price, suspended, server_delta)
    SELECT ?, t, tie, price, suspended, server_delta FROM ${SOURCE}.tick WHERE outcome_id = ? AND t >= ? AND t < ?`)
  const rollups = target.prepare(`
    INSERT OR IGNORE INTO main.tick_rollup SELECT ?, level, bucket, n, first_dt, first_p, first_s, last_dt, last_p,
      last_s, min_dt, min_p, min_s, max_dt, max_p, max_s, susp_changes
    FROM ${SOURCE}.tick_rollup WHERE outcome_id = ?`)
  const resyncs = target.prepare(`
    INSERT OR IGNORE INTO main.resync_tick SELECT ?, t, tie FROM ${SOURCE}.resync_tick WHERE outcome_id = ?`)
  const span = target.prepare(`SELECT min(t) AS first, max(t) AS last FROM ${SOURCE}.tick WHERE outcome_id = ?`)
  let failedReads = 0
  const copyRange = (oldId: number, newId: number, from: number, to: number): void => {
    if (failedReads >= FAILED_READS_PER_OUTCOME) return void counts.unreadable++
    const copied = readable(() => ticks.run(newId, oldId, from, to).changes)
    if (copied !== undefined) return void (counts.ticks += copied)
    failedReads++
    if (to - from <= NARROWEST_RANGE_MS) return void counts.unreadable++
    const middle = from + Math.floor((to - from) / 2)
    copyRange(oldId, newId, from, middle)
    copyRange(oldId, newId, middle, to)
  }
  const outcomes = target.prepare('SELECT old, new FROM temp.outcome_map').raw().all() as Array<[number, number]>
  for (const [oldId, newId] of outcomes) {
    failedReads = 0
    const known = readable(() => span.get(oldId) as { first: number | null; last: number | null })
    // A span that cannot be read (its first or last page is damaged) is looked for over all time.
    if (!known) copyRange(oldId, newId, 0, FAR_FUTURE)
    else if (known.first !== null && known.last !== null) copyRange(oldId, newId, known.first, known.last + 1)
    for (const perOutcome of [rollups, resyncs])
      if (readable(() => perOutcome.run(newId, oldId)) === undefined) counts.unreadable++
  }
}
