/**
 * The board's match headers as they changed (schema.ts 8), buffered and written inside the tick
 * writer's flush transaction: a header change costs no commit of its own, and a failed flush keeps
 * them with the ticks for the next one. Rows are numbered (`seq`) within one match and millisecond,
 * continuing after what the file holds, as the tick writer numbers `tie`.
 */
import type Database from 'better-sqlite3'
import type { MatchHeader, MatchHeaderPatch } from '../../../shared/board'

/** One change of a match's header: what the board was sent, and the whole header after it. */
export interface HeaderChange {
  /** Epoch ms the board patch carrying it was sent (the `at` of a BoardPatch). */
  at: number
  patch: MatchHeaderPatch
  header: MatchHeader
}

/** What the tick writer's flush also writes in its transaction (tick-writer.ts). */
export interface FlushCompanion {
  readonly pending: number
  /** Writes what is held; runs inside the flush transaction. */
  write(): void
  /** Forgets what was written once committed; keeps it for the next flush otherwise. */
  endTransaction(committed: boolean): void
}

/** Changes held while the file cannot be written; beyond it the oldest are given up (headers are few). */
const MAX_HELD_CHANGES = 20_000

export class HeaderLog implements FlushCompanion {
  private held: Array<{ feedId: number; change: HeaderChange }> = []
  private written = 0
  private readonly insert: Database.Statement

  constructor(db: Database.Database) {
    this.insert = db.prepare(`INSERT INTO header_change (feed_id, match_id, t, seq, patch, header)
      VALUES (@feed, @match, @t, (SELECT coalesce(max(seq) + 1, 0) FROM header_change WHERE feed_id = @feed AND match_id = @match AND t = @t),
      @patch, @header)`)
  }

  get pending(): number {
    return this.held.length
  }

  record(feedId: number, changes: readonly HeaderChange[]): void {
    for (const change of changes) this.held.push({ feedId, change })
    if (this.held.length > MAX_HELD_CHANGES) this.held.splice(0, this.held.length - MAX_HELD_CHANGES)
  }

  write(): void {
    for (const { feedId, change } of this.held) {
      this.insert.run({
        feed: feedId,
        match: change.header.matchId,
        t: Math.round(change.at),
        patch: JSON.stringify(change.patch),
        header: JSON.stringify(change.header),
      })
    }
    this.written = this.held.length
  }

  endTransaction(committed: boolean): void {
    if (committed) this.held.splice(0, this.written)
    this.written = 0
  }
}
