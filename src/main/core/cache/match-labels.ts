/**
 * The words for each match's outcomes as last seen live (teams, the feed's layout), one JSON row per
 * match, so review and the CSV can name what the cache holds after the match has left the board.
 */
import type Database from 'better-sqlite3'
import { MatchLabels } from '../../../shared/labels'
import { CacheInputError } from './errors'
import { storedJson } from './stored-json'

export class MatchLabelStore {
  private readonly upsert: Database.Statement
  private readonly select: Database.Statement

  constructor(db: Database.Database) {
    this.upsert = db.prepare(`INSERT INTO match_labels (feed_id, match_id, updated_at, labels) VALUES (?, ?, ?, ?)
      ON CONFLICT (feed_id, match_id) DO UPDATE SET updated_at = excluded.updated_at, labels = excluded.labels`)
    this.select = db.prepare('SELECT labels FROM match_labels WHERE feed_id = ? AND match_id = ?').pluck()
  }

  put(feedId: number, matchId: number, labels: MatchLabels, now: number): void {
    if (!Number.isSafeInteger(matchId)) throw new CacheInputError(`match labels: matchId must be an integer`)
    const parsed = MatchLabels.safeParse(labels)
    if (!parsed.success) throw new CacheInputError(`match labels of ${matchId} are not labels`)
    this.upsert.run(feedId, matchId, now, JSON.stringify(parsed.data))
  }

  /** null when never recorded, or when the row no longer parses (written by another version). */
  get(feedId: number, matchId: number): MatchLabels | null {
    return storedJson(MatchLabels, this.select.get(feedId, matchId) as string | undefined)
  }
}
