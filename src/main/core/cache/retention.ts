/**
 * Retention: drops everything recorded before the cutoff, then gives the freed pages back to the
 * file system a slice at a time (auto_vacuum = INCREMENTAL), so no full VACUUM ever rewrites the file.
 * Ticks are deleted outcome by outcome: the clustered key makes each a range delete, and a
 * transaction per slice keeps the WAL small.
 */
import type Database from 'better-sqlite3'
import { ROLLUP_LEVELS_MS } from './rollup'

const OUTCOMES_PER_TRANSACTION = 200
const PAGES_PER_VACUUM_STEP = 2000
const DAY_MS = 86_400_000

export interface CompactResult {
  cutoff: number
  ticksDeleted: number
  overrideEventsDeleted: number
  alertsDeleted: number
  matchesDeleted: number
  labelsDeleted: number
  headerChangesDeleted: number
  /** Outcome ids with nothing left, removed from the outcome table. */
  outcomesDeleted: number[]
  pagesFreed: number
}

export function compact(db: Database.Database, retentionDays: number, now: number): CompactResult {
  const cutoff = now - retentionDays * DAY_MS
  const deleteTicks = db.prepare('DELETE FROM tick WHERE outcome_id = ? AND t < ?')
  const deleteResyncMarks = db.prepare('DELETE FROM resync_tick WHERE outcome_id = ? AND t < ?')
  // A rollup bucket goes only once all of it is older than the cutoff; one straddling it stays.
  const deleteRollups = db.prepare('DELETE FROM tick_rollup WHERE outcome_id = ? AND level = ? AND bucket <= ?')
  const deleteEmptyOutcome = db.prepare(`DELETE FROM outcome WHERE id = ?
    AND NOT EXISTS (SELECT 1 FROM tick WHERE outcome_id = ?) AND NOT EXISTS (SELECT 1 FROM tick_rollup WHERE outcome_id = ?)`)
  const outcomeIds = db.prepare('SELECT id FROM outcome ORDER BY id').pluck().all() as number[]
  let ticksDeleted = 0
  const outcomesDeleted: number[] = []
  for (let i = 0; i < outcomeIds.length; i += OUTCOMES_PER_TRANSACTION) {
    db.transaction(() => {
      for (const id of outcomeIds.slice(i, i + OUTCOMES_PER_TRANSACTION)) {
        ticksDeleted += deleteTicks.run(id, cutoff).changes
        deleteResyncMarks.run(id, cutoff)
        ROLLUP_LEVELS_MS.forEach((width, level) => deleteRollups.run(id, level, cutoff - width))
        if (deleteEmptyOutcome.run(id, id, id).changes > 0) outcomesDeleted.push(id)
      }
    })()
  }
  const others = db.transaction(() => ({
    overrideEventsDeleted: db.prepare('DELETE FROM override_event WHERE received_ts < ?').run(cutoff).changes,
    alertsDeleted: db.prepare('DELETE FROM alert WHERE created_at < ?').run(cutoff).changes,
    // Headers go with the ticks of the same time: a replay before the cutoff has neither.
    headerChangesDeleted: db.prepare('DELETE FROM header_change WHERE t < ?').run(cutoff).changes,
    matchesDeleted: db.prepare('DELETE FROM match WHERE updated_at < ?').run(cutoff).changes,
    // Labels stay as long as ticks they name do.
    labelsDeleted: db
      .prepare(
        `DELETE FROM match_labels WHERE updated_at < ?
        AND NOT EXISTS (SELECT 1 FROM outcome o WHERE o.feed_id = match_labels.feed_id AND o.match_id = match_labels.match_id)`,
      )
      .run(cutoff).changes,
  }))()
  return { cutoff, ticksDeleted, outcomesDeleted, ...others, pagesFreed: vacuumIncrementally(db) }
}

function vacuumIncrementally(db: Database.Database): number {
  const freePages = () => db.pragma('freelist_count', { simple: true }) as number
  const autoVacuum = db.pragma('auto_vacuum', { simple: true }) as number
  const before = freePages()
  // 2 = INCREMENTAL; a file created before that setting keeps its free pages for reuse instead.
  if (autoVacuum === 2) {
    let left = before
    while (left > 0) {
      db.pragma(`incremental_vacuum(${PAGES_PER_VACUUM_STEP})`)
      const now = freePages()
      if (now >= left) break
      left = now
    }
  }
  // The file only shrinks once the WAL is written back into it.
  db.pragma('wal_checkpoint(TRUNCATE)')
  return before - freePages()
}
