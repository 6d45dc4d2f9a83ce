/**
 * The recent change tape rebuilt from recorded ticks, so a restarted app shows what moved before it
 * stopped. Each tick is compared with the tick before it of the same outcome (one primary-key seek),
 * the way the price book compares a live tick with the outcome's state. As live, a tick that moved
 * neither the price nor the suspension, an outcome's very first tick, and the first price after a
 * gap (a resync: restart, reconnect, resync snapshot; `resync_tick`) are not changes.
 */
import type Database from 'better-sqlite3'
import type { PriceChange } from '../../../shared/domain'
import { storedChange } from './range-changes'

/** The newest ticks first (a top-N sort), then one seek each for the tick before it. */
const RECENT_SQL = `
WITH recent AS (
  SELECT o.match_id, o.odd_type, o.odd_key, k.outcome_id, k.t, k.tie, k.server_delta, k.price, k.suspended
  FROM outcome o JOIN tick k ON k.outcome_id = o.id
  WHERE o.feed_id = ? AND o.match_id IN (SELECT value FROM json_each(?)) AND k.t >= ?
  ORDER BY k.t DESC, k.outcome_id DESC, k.tie DESC
  LIMIT ?
)
SELECT r.match_id, r.odd_type, r.odd_key, r.t, r.server_delta, r.price, r.suspended, (
  SELECT p.price * 2 + p.suspended FROM tick p
  WHERE p.outcome_id = r.outcome_id AND (p.t, p.tie) < (r.t, r.tie)
  ORDER BY p.t DESC, p.tie DESC LIMIT 1
) AS previous
FROM recent r
WHERE NOT EXISTS (SELECT 1 FROM resync_tick s WHERE s.outcome_id = r.outcome_id AND s.t = r.t AND s.tie = r.tie)
ORDER BY r.t, r.outcome_id, r.tie`

type Row = [
  matchId: number,
  oddType: string,
  oddKey: string,
  t: number,
  serverDelta: number,
  price: number,
  suspended: number,
  /** The previous tick's price × 2 + suspended (one subquery for both); null for an outcome's first tick. */
  previous: number | null,
]

export class RecentChanges {
  private readonly select: Database.Statement

  constructor(db: Database.Database) {
    this.select = db.prepare(RECENT_SQL).raw()
  }

  /** The newest `limit` changes of these matches received at or after `since`, oldest first. */
  changes(feedId: number, matchIds: readonly number[], since: number, limit: number): PriceChange[] {
    if (matchIds.length === 0) return []
    const rows = this.select.all(feedId, JSON.stringify(matchIds), since, limit) as Row[]
    return rows.flatMap(([matchId, oddType, oddKey, t, delta, price, suspended, previous]) => {
      // An outcome's first tick comes back as a resync: no change on the tape either.
      const change = storedChange({ matchId, oddType, oddKey }, t, delta, price, suspended, previous, false)
      return change && !change.resync ? [change] : []
    })
  }
}
