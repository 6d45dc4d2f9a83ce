/**
 * Buffers price ticks in memory and writes them, with their rollups, in one transaction per flush
 * (or per part of one: `flushPart`). Why buffer: one transaction per tick would cost a WAL commit
 * each; per flush it is one, and a crash loses at most the ticks still buffered (≤ one flush
 * interval or one full batch).
 * A failed flush keeps its ticks for the next one; while the file keeps failing (a full disk),
 * it holds at most `maxHeld` ticks and gives up the oldest beyond that (those not already in the
 * round being written), counted: the app's memory must not grow with the length of the outage.
 */
import type Database from 'better-sqlite3'
import type { OutcomeRef, PriceChange, PriceTick } from '../../../shared/domain'
import type { FlushCompanion } from './header-log'
import type { OutcomeRegistry } from './outcomes'
import { RollupBatch, UPSERT_ROLLUP_SQL } from './rollup'

/** Prices are stored as integer thousandths; beyond this they would not fit the packing we rely on. */
const MAX_PRICE = 1_000_000

function priceToMilli(price: number): number {
  return Math.round(price * 1000)
}

export function milliToPrice(milli: number): number {
  return milli / 1000
}

/** A stored tick's columns (receive time, server-time delta, thousandths, 0/1) as the tick it was. */
export function storedTick(outcome: OutcomeRef, t: number, delta: number, milli: number, suspended: number): PriceTick {
  return {
    matchId: outcome.matchId,
    oddType: outcome.oddType,
    oddKey: outcome.oddKey,
    price: milliToPrice(milli),
    suspended: suspended === 1,
    serverTs: t + delta,
    receivedTs: t,
  }
}

/** Which part of a tick the cache could not store: `price` is the one a feed (or an override) can cause. */
export type TickField = 'match' | 'outcome' | 'price' | 'suspended' | 'time'

/** A tick the cache did not keep, and why (in words, for the log and the fault count). */
export interface RefusedTick {
  tick: PriceTick
  field: TickField
  problem: string
}

function tickProblem(t: PriceTick): Omit<RefusedTick, 'tick'> | null {
  if (!Number.isSafeInteger(t.matchId)) return { field: 'match', problem: 'matchId must be an integer' }
  if (typeof t.oddType !== 'string' || typeof t.oddKey !== 'string')
    return { field: 'outcome', problem: 'oddType and oddKey must be strings' }
  if (!Number.isFinite(t.price) || t.price < 0 || t.price > MAX_PRICE)
    return { field: 'price', problem: `price ${t.price} is not a storable price` }
  if (typeof t.suspended !== 'boolean') return { field: 'suspended', problem: 'suspended must be a boolean' }
  if (!Number.isFinite(t.receivedTs) || t.receivedTs < 0)
    return { field: 'time', problem: 'receivedTs must be epoch milliseconds' }
  if (!Number.isFinite(t.serverTs) || t.serverTs < 0)
    return { field: 'time', problem: 'serverTs must be epoch milliseconds' }
  return null
}

export interface FlushResult {
  /** Ticks written by this flush. */
  written: number
  /** Ticks committed since the cache was opened. */
  totalWritten: number
}

export interface PartResult extends FlushResult {
  /** The round (flushPart) has parts still to write. */
  more: boolean
}

/** A tick as the watch engine hands it over: a change is also a tick, and a resync is marked (schema.ts 6). */
type RecordedTick = PriceTick & Pick<PriceChange, 'resync'>

/** Ticks with the feed id of each (parallel arrays). */
interface HeldTicks {
  ticks: RecordedTick[]
  feeds: number[]
}

export class TickWriter {
  private buffer: RecordedTick[] = []
  /** The feed id of each buffered tick (a parallel array: no wrapper object per tick). */
  private bufferFeeds: number[] = []
  private totalWritten = 0
  private droppedTotal = 0
  /**
   * The round flushPart is writing: what was buffered when its first part began, by match (in the
   * order each match's first tick came), less the matches written since. Ticks recorded meanwhile
   * go to the buffer and wait for the next round.
   */
  private round = new Map<number, HeldTicks>()
  private roundTicks = 0
  private readonly insertTick: Database.Statement
  private readonly maxTie: Database.Statement
  private readonly insertResync: Database.Statement
  private readonly upsertRollup: Database.Statement

  constructor(
    private readonly db: Database.Database,
    private readonly outcomes: OutcomeRegistry,
    private readonly batchSize: number,
    private readonly maxHeld: number,
    /** Rows written in the same transaction as the ticks (the header changes: header-log.ts). */
    private readonly companion: FlushCompanion,
  ) {
    this.insertTick = db.prepare(
      'INSERT INTO tick (outcome_id, t, tie, price, suspended, server_delta) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    )
    this.maxTie = db.prepare('SELECT max(tie) FROM tick WHERE outcome_id = ? AND t = ?').pluck()
    this.insertResync = db.prepare('INSERT OR IGNORE INTO resync_tick (outcome_id, t, tie) VALUES (?, ?, ?)')
    this.upsertRollup = db.prepare(UPSERT_ROLLUP_SQL)
  }

  get pending(): number {
    return this.roundTicks + this.buffer.length
  }

  /** Nothing is held, neither ticks nor the companion's rows. */
  get idle(): boolean {
    return this.pending === 0 && this.companion.pending === 0
  }

  /** Hands over every tick not yet written, with its feed's id, and holds none (the file is being left). */
  takeHeld(): Array<{ feedId: number; tick: RecordedTick }> {
    const held = this.heldBatches().flatMap(({ ticks, feeds }) =>
      ticks.map((tick, i) => ({ feedId: feeds[i] as number, tick })),
    )
    this.forgetHeld()
    return held
  }

  /** Ticks given up since the cache was opened because the buffer was at its bound. */
  get dropped(): number {
    return this.droppedTotal
  }

  /**
   * Buffers every storable tick and returns the others: one tick the cache cannot hold (a price
   * above MAX_PRICE from an override, say) must not cost the rest of the batch.
   */
  record(feedId: number, ticks: readonly RecordedTick[]): RefusedTick[] {
    const refused: RefusedTick[] = []
    for (const tick of ticks) {
      const problem = tickProblem(tick)
      if (problem) refused.push({ tick, ...problem })
      else {
        this.buffer.push(tick)
        this.bufferFeeds.push(feedId)
      }
    }
    if (this.pending > this.maxHeld) this.dropOldest()
    return refused
  }

  /** Down to 90 % of the bound at once, so a long outage pays the copy once per tenth, not per batch. */
  private dropOldest(): void {
    const excess = Math.min(this.buffer.length, this.pending - Math.floor(this.maxHeld * 0.9))
    this.buffer.splice(0, excess)
    this.bufferFeeds.splice(0, excess)
    this.droppedTotal += excess
  }

  /** A full batch is written at once: that bounds memory and what a crash can lose. */
  get full(): boolean {
    return this.buffer.length >= this.batchSize
  }

  /** Writes everything held in one transaction. On failure the ticks stay held for the next try. */
  flush(): FlushResult {
    if (this.idle) return { written: 0, totalWritten: this.totalWritten }
    const held = this.pending
    const written = this.commit(() => {
      for (const { ticks, feeds } of this.heldBatches()) this.writeBatch(ticks, feeds)
      return held
    })
    this.forgetHeld()
    return { written, totalWritten: this.totalWritten }
  }

  /**
   * Writes one part of the round, in its own transaction: its matches in order, whole, until writing
   * them has taken `budgetMs` (at least one match). A round begins with what is buffered when its
   * first part is written. Why parts: at 10,000 updates/s a quarter second of ticks and their
   * rollups is a 20–40 ms transaction, and the event loop that reads the feed and ships the board
   * waits for all of it; a part takes about the budget, on a slow machine as on a fast one, and the
   * caller lets the loop turn between parts. Whole matches, and the round's ticks only, so each
   * outcome's ticks still meet in one rollup write per round. `more` says the round has parts left.
   * On failure nothing is taken: the round goes on at the next try.
   */
  flushPart(budgetMs: number): PartResult {
    if (this.idle) return { written: 0, totalWritten: this.totalWritten, more: false }
    if (this.round.size === 0) this.startRound()
    const done: number[] = []
    const written = this.commit(() => {
      const started = performance.now()
      let count = 0
      for (const [matchId, { ticks, feeds }] of this.round) {
        this.writeBatch(ticks, feeds)
        count += ticks.length
        done.push(matchId)
        if (performance.now() - started >= budgetMs) break
      }
      return count
    })
    for (const matchId of done) this.round.delete(matchId)
    this.roundTicks -= written
    return { written, totalWritten: this.totalWritten, more: this.round.size > 0 }
  }

  /** The buffer becomes the round, by match, each match's ticks in the order they came. */
  private startRound(): void {
    for (let i = 0; i < this.buffer.length; i++) {
      const tick = this.buffer[i]!
      let match = this.round.get(tick.matchId)
      if (!match) this.round.set(tick.matchId, (match = { ticks: [], feeds: [] }))
      match.ticks.push(tick)
      match.feeds.push(this.bufferFeeds[i]!)
    }
    this.roundTicks = this.buffer.length
    this.buffer = []
    this.bufferFeeds = []
  }

  /** Every tick held, oldest first: the round's matches, then the buffer. */
  private heldBatches(): HeldTicks[] {
    return [...this.round.values(), { ticks: this.buffer, feeds: this.bufferFeeds }]
  }

  private forgetHeld(): void {
    this.round = new Map()
    this.roundTicks = 0
    this.buffer = []
    this.bufferFeeds = []
  }

  /** Runs `write` (which answers how many ticks it wrote) with the companion's rows in one transaction, or nothing. */
  private commit(write: () => number): number {
    let committed = false
    let written = 0
    try {
      this.db.transaction(() => {
        written = write()
        this.companion.write()
      })()
      committed = true
    } finally {
      // On failure, same-ms numbering may now be ahead of the file: gaps in `tie` are harmless, reuse is not.
      this.outcomes.endTransaction(committed)
      this.companion.endTransaction(committed)
    }
    this.totalWritten += written
    return written
  }

  private writeBatch(batch: readonly RecordedTick[], feeds: readonly number[]): void {
    const rollups = new RollupBatch()
    for (let i = 0; i < batch.length; i++) {
      const tick = batch[i]!
      const slot = this.outcomes.slotFor(feeds[i]!, tick)
      const oid = slot.outcome.id
      const t = Math.round(tick.receivedTs)
      const p = priceToMilli(tick.price)
      const s = tick.suspended ? 1 : 0
      const delta = Math.round(tick.serverTs) - t
      let tie = slot.lastT === t ? slot.lastTie + 1 : 0
      if (this.insertTick.run(oid, t, tie, p, s, delta).changes === 0) {
        // Same outcome and millisecond as a tick written before this session (or a clock step back).
        tie = (this.maxTie.get(oid, t) as number) + 1
        this.insertTick.run(oid, t, tie, p, s, delta)
      }
      if (tick.resync) this.insertResync.run(oid, t, tie)
      slot.lastT = t
      slot.lastTie = tie
      rollups.add(oid, t, p, s)
    }
    rollups.write(this.upsertRollup)
  }
}
