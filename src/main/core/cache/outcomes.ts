/** Integer ids for (matchId, oddType, oddKey): ticks store 1–3 bytes instead of the strings. */
import type Database from 'better-sqlite3'
import { outcomeId, type OutcomeRef } from '../../../shared/domain'

export interface StoredOutcome extends OutcomeRef {
  id: number
}

export class OutcomeRegistry {
  private readonly byKey = new Map<string, StoredOutcome>()
  private readonly byId = new Map<number, StoredOutcome>()
  private readonly insert: Database.Statement
  /** Created inside the open write transaction; forgotten again if it rolls back. */
  private uncommitted: StoredOutcome[] = []
  private readonly selectOfMatch: Database.Statement

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT INTO outcome (match_id, odd_type, odd_key) VALUES (?, ?, ?)')
    this.selectOfMatch = db.prepare('SELECT id, match_id AS matchId, odd_type AS oddType, odd_key AS oddKey FROM outcome WHERE match_id = ? ORDER BY id')
    for (const row of db.prepare('SELECT id, match_id AS matchId, odd_type AS oddType, odd_key AS oddKey FROM outcome').all() as StoredOutcome[]) {
      this.remember(row)
    }
  }

  private remember(o: StoredOutcome): StoredOutcome {
    this.byKey.set(outcomeId(o), o)
    this.byId.set(o.id, o)
    return o
  }

  /** The id of an outcome, creating it if new (call inside the write transaction). */
  idFor(ref: OutcomeRef): number {
    const known = this.byKey.get(outcomeId(ref))
    if (known) return known.id
    const id = Number(this.insert.run(ref.matchId, ref.oddType, ref.oddKey).lastInsertRowid)
    const created = this.remember({ id, matchId: ref.matchId, oddType: ref.oddType, oddKey: ref.oddKey })
    this.uncommitted.push(created)
    return id
  }

  /** An existing outcome's id, or null when the cache has never seen it. */
  find(ref: OutcomeRef): number | null {
    return this.byKey.get(outcomeId(ref))?.id ?? null
  }

  ofMatch(matchId: number): StoredOutcome[] {
    return this.selectOfMatch.all(matchId) as StoredOutcome[]
  }

  ref(id: number): StoredOutcome | undefined {
    return this.byId.get(id)
  }

  /** This connection is the only writer, so memory stays the truth once the transaction ends. */
  endTransaction(committed: boolean): void {
    if (!committed) {
      for (const o of this.uncommitted) {
        this.byId.delete(o.id)
        this.byKey.delete(outcomeId(o))
      }
    }
    this.uncommitted = []
  }
}
