/** Raw ticks of one match: in time order (the review tick table, the CSV export) and the last of each outcome. */
import type Database from 'better-sqlite3'
import { outcomeId, type OutcomeRef, type PriceTick } from '../../../shared/domain'
import type { OutcomeWords } from '../../../shared/labels'
import type { StoredOutcome } from './outcomes'
import { milliToPrice, storedTick } from './tick-writer'

const MATCH_TICKS_SQL = `
SELECT k.t, k.server_delta, o.odd_type, o.odd_key, k.price, k.suspended
FROM outcome o JOIN tick k ON k.outcome_id = o.id
WHERE o.feed_id = ? AND o.match_id = ? AND k.t >= ? AND k.t <= ?
ORDER BY k.t, k.outcome_id, k.tie`

type Row = [t: number, serverDelta: number, oddType: string, oddKey: string, price: number, suspended: number]

export const CSV_HEADER =
  'received_time,server_time,match_id,match,odd_type,odd_key,market,outcome,price,suspended,overridden'

/** The words the CSV carries next to the keys (shared/labels.ts), and which ticks were overrides. */
export interface CsvNames {
  match: string
  outcome(ref: OutcomeRef): OutcomeWords
  overridden(ref: OutcomeRef, receivedTs: number): boolean
}
const CSV_LINES_PER_CHUNK = 1000

/**
 * RFC 4180 quoting, plus a leading `'` on text that a spreadsheet would run as a formula
 * (= + - @ tab CR): odd keys come from the feed, and a trader opens this file in Excel.
 */
function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export class TickRows {
  private readonly page: Database.Statement
  private readonly all: Database.Statement
  private readonly last: Database.Statement

  constructor(db: Database.Database) {
    this.page = db.prepare(`${MATCH_TICKS_SQL} LIMIT ? OFFSET ?`).raw()
    this.all = db.prepare(MATCH_TICKS_SQL).raw()
    this.last = db
      .prepare(
        'SELECT t, price, suspended, server_delta FROM tick WHERE outcome_id = ? ORDER BY t DESC, tie DESC LIMIT 1',
      )
      .raw()
  }

  /** The last tick of each of these outcomes (those with none are left out). */
  latest(outcomes: readonly StoredOutcome[]): PriceTick[] {
    const latest: PriceTick[] = []
    for (const o of outcomes) {
      const row = this.last.get(o.id) as [number, number, number, number] | undefined
      if (!row) continue
      const [t, price, suspended, delta] = row
      latest.push(storedTick(o, t, delta, price, suspended))
    }
    return latest
  }

  ticks(feedId: number, matchId: number, from: number, to: number, limit: number, offset: number): PriceTick[] {
    return (this.page.all(feedId, matchId, from, to, limit, offset) as Row[]).map(
      ([t, delta, oddType, oddKey, price, suspended]) =>
        storedTick({ matchId, oddType, oddKey }, t, delta, price, suspended),
    )
  }

  /** Streams the CSV in chunks of whole lines; `write` must not call back into the cache. Returns the tick count. */
  exportCsv(
    feedId: number,
    matchId: number,
    from: number,
    to: number,
    names: CsvNames,
    write: (chunk: string) => void,
  ): number {
    write(`${CSV_HEADER}\r\n`)
    const match = csvText(names.match)
    // Named once per outcome, not once per tick.
    const words = new Map<string, string>()
    let lines: string[] = []
    let count = 0
    for (const [t, delta, oddType, oddKey, price, suspended] of this.all.iterate(
      feedId,
      matchId,
      from,
      to,
    ) as IterableIterator<Row>) {
      const ref = { matchId, oddType, oddKey }
      const id = outcomeId(ref)
      let named = words.get(id)
      if (named === undefined) {
        const { market, outcome } = names.outcome(ref)
        named = `${csvText(oddType)},${csvText(oddKey)},${csvText(market)},${csvText(outcome)}`
        words.set(id, named)
      }
      lines.push(
        `${new Date(t).toISOString()},${new Date(t + delta).toISOString()},${matchId},${match},${named},${milliToPrice(price)},${suspended === 1},${names.overridden(ref, t)}`,
      )
      count++
      if (lines.length === CSV_LINES_PER_CHUNK) {
        write(`${lines.join('\r\n')}\r\n`)
        lines = []
      }
    }
    if (lines.length > 0) write(`${lines.join('\r\n')}\r\n`)
    return count
  }
}
