/** Integer ids for (feed, matchId, oddType, oddKey): ticks store 1–3 bytes instead of the strings. */
import type Database from 'better-sqlite3'
import type { OutcomeRef } from '../../../shared/domain'

export interface StoredOutcome extends OutcomeRef {
  id: number
  feedId: number
}

/** The writer's per-outcome state: the last (t, tie) written, to number same-millisecond ticks without a read. */
export interface OutcomeSlot {
  readonly outcome: StoredOutcome
  lastT: number
  lastTie: number
}

/**
 * Nested maps rather than one map keyed by `outcomeId(ref)`: the lookup runs for every tick and
 * building the joined key string was a visible share of the write time.
 */
const COLUMNS = 'id, feed_id AS feedId, match_id AS matchId, odd_type AS oddType, odd_key AS oddKey'

type SlotIndex = Map<number, Map<number, Map<string, Map<string, OutcomeSlot>>>>

export class OutcomeRegistry {
  private readonly slots: SlotIndex = new Map()
  /** Created inside the open write transaction; forgotten again if it rolls back. */
  private uncommitted: OutcomeSlot[] = []
  private readonly insert: Database.Statement
  private readonly selectOfMatch: Database.Statement

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT INTO outcome (feed_id, match_id, odd_type, odd_key) VALUES (?, ?, ?, ?)')
    this.selectOfMatch = db.prepare(`SELECT ${COLUMNS} FROM outcome WHERE feed_id = ? AND match_id = ? ORDER BY id`)
    for (const row of db.prepare(`SELECT ${COLUMNS} FROM outcome`).all() as StoredOutcome[]) {
      this.remember(row)
    }
  }

  private lookup(feedId: number, ref: OutcomeRef): OutcomeSlot | undefined {
    return this.slots.get(feedId)?.get(ref.matchId)?.get(ref.oddType)?.get(ref.oddKey)
  }

  private remember(outcome: StoredOutcome): OutcomeSlot {
    let byMatch = this.slots.get(outcome.feedId)
    if (!byMatch) this.slots.set(outcome.feedId, (byMatch = new Map()))
    let byType = byMatch.get(outcome.matchId)
    if (!byType) byMatch.set(outcome.matchId, (byType = new Map()))
    let byKey = byType.get(outcome.oddType)
    if (!byKey) byType.set(outcome.oddType, (byKey = new Map()))
    const slot: OutcomeSlot = { outcome, lastT: -1, lastTie: 0 }
    byKey.set(outcome.oddKey, slot)
    return slot
  }

  /** The outcome's slot, creating the outcome if new (call inside the write transaction). */
  slotFor(feedId: number, ref: OutcomeRef): OutcomeSlot {
    const known = this.lookup(feedId, ref)
    if (known) return known
    const id = Number(this.insert.run(feedId, ref.matchId, ref.oddType, ref.oddKey).lastInsertRowid)
    const created = this.remember({ id, feedId, matchId: ref.matchId, oddType: ref.oddType, oddKey: ref.oddKey })
    this.uncommitted.push(created)
    return created
  }

  ofMatch(feedId: number, matchId: number): StoredOutcome[] {
    return this.selectOfMatch.all(feedId, matchId) as StoredOutcome[]
  }

  forget(ids: readonly number[]): void {
    const gone = new Set(ids)
    for (const byMatch of this.slots.values()) {
      for (const byType of byMatch.values()) {
        for (const byKey of byType.values()) {
          for (const [key, slot] of byKey) if (gone.has(slot.outcome.id)) byKey.delete(key)
        }
      }
    }
  }

  /** This connection is the only writer, so memory stays the truth once the transaction ends. */
  endTransaction(committed: boolean): void {
    if (!committed) this.forget(this.uncommitted.map((slot) => slot.outcome.id))
    this.uncommitted = []
  }
}
