/**
 * One match's price state: groups, markets and outcomes in the bookmaker's order, suspension,
 * and the active overrides. It applies a REST snapshot or a single stream delta and tells its
 * listener what that did (ticks, changes, which cells and whether the layout moved), so the
 * engine can batch without scanning the book. Prices are the served prices (A5: the stream and
 * the snapshot both carry an override's value while it is in force).
 *
 * A snapshot is what the server holds after a gap (a new book, a reconnect, a lost delta): a price
 * in it that differs from the book's is not a move anyone saw, so it goes out as a resync
 * (`PriceChange.resync`): recorded as a tick, never on the tape, in the alert windows or as a flash.
 * The deltas held back while the snapshot was fetched are part of the same resync (`partOfResync`):
 * they arrived before the snapshot was applied, so their ticks carry earlier times than the
 * snapshot's and no comparison of them (with the snapshot or with the price before the gap) is a
 * move anyone saw. Each is recorded as a resync tick, even one that repeats the book's price.
 */
import type { BoardCell, CellOverride, LayoutGroup, MatchLayout } from '../../../shared/board'
import {
  outcomeId,
  priceChange,
  resyncOf,
  type Direction,
  type OverrideEvent,
  type PriceChange,
  type PriceTick,
} from '../../../shared/domain'
import {
  makeOddKey,
  oddTypeOfMember,
  splitOddKey,
  type MatchPricesWire,
  type PriceMessage,
} from '../../../shared/wire/odds'

export interface OutcomeState {
  readonly id: string
  readonly matchId: number
  readonly oddType: string
  readonly oddKey: string
  readonly key: string
  label: string
  price: number
  /** As served for the outcome (the feed folds market and override suspension into it). */
  suspended: boolean
  direction: Direction
  delta: number
  deltaPct: number
  changedAt: number
  /** The price is the first after a gap: no move is known (the cell shows none and does not flash). */
  resync: boolean
}

interface MarketState {
  name: string
  label: string
  line: number | null
  suspended: boolean
  outcomes: OutcomeState[]
}

interface Located {
  outcome: OutcomeState
  market: MarketState
}

export interface BookListener {
  tick(tick: PriceTick): void
  change(change: PriceChange): void
  cell(matchId: number, outcome: OutcomeState): void
  layout(matchId: number): void
}

export class PriceBook {
  /** oddType → market name → market, both in display order. */
  private groups = new Map<string, Map<string, MarketState>>()
  /** oddType → oddKey → outcome: the hot-path lookup for a delta (no string building). */
  private index = new Map<string, Map<string, Located>>()
  /** outcomeId → active override (with its outcome's address, to find the cell on expiry). */
  private readonly overrides = new Map<string, { oddType: string; oddKey: string; override: CellOverride }>()

  constructor(
    readonly matchId: number,
    private readonly out: BookListener,
  ) {}

  /** Replaces the book with the server's; a tick and a resync for every outcome new or different in it. */
  applySnapshot(wire: MatchPricesWire, receivedTs: number): void {
    const previous = this.index
    this.groups = new Map()
    this.index = new Map()
    for (const [member, markets] of Object.entries(wire.odds)) {
      const oddType = oddTypeOfMember(member)
      for (const m of markets) {
        const market = this.market(oddType, m.name, m.label ?? m.name, m.line ?? null)
        market.suspended = m.suspended ?? false
        for (const o of m.outcomes) {
          const oddKey = makeOddKey(m.name, o.key)
          const before = previous.get(oddType)?.get(oddKey)?.outcome
          const outcome = this.outcome(market, oddType, oddKey, o.key, o.label ?? o.key, before)
          const price = o.price
          const suspended = o.suspended ?? false
          if (!before || before.price !== price || before.suspended !== suspended) {
            this.resync(outcome, this.tickOf(oddType, oddKey, price, suspended, receivedTs, receivedTs))
          }
        }
      }
    }
    this.overrides.clear()
    for (const e of wire.override) {
      const expiresAt = Date.parse(e.expiresAt)
      if (Number.isNaN(expiresAt) || expiresAt <= receivedTs) continue
      this.overrides.set(outcomeId({ matchId: this.matchId, oddType: e.oddType, oddKey: e.oddKey }), {
        oddType: e.oddType,
        oddKey: e.oddKey,
        override: { value: e.oddValue, expiresAt, suspended: e.suspended },
      })
    }
  }

  /**
   * The commonest call of all (nearly every feed message). A price that moved goes out as one
   * object, the change, which is also the tick (a change is a tick plus its comparison); and the
   * tick names its outcome with the book's own strings, so the message's die with the message.
   */
  applyPrice(msg: PriceMessage, receivedTs: number, partOfResync = false): void {
    const price = msg.price as number
    const found = this.index.get(msg.oddType)?.get(msg.oddKey)
    if (found) {
      const o = found.outcome
      if (o.price === price && o.suspended === msg.suspended) {
        const tick = this.tickOf(o.oddType, o.oddKey, price, msg.suspended, msg.ts, receivedTs)
        this.out.tick(partOfResync ? resyncOf(tick) : tick)
        return
      }
      if (partOfResync) this.resync(o, this.tickOf(o.oddType, o.oddKey, price, msg.suspended, msg.ts, receivedTs))
      else this.set(o, priceChange(o, price, msg.suspended, msg.ts, receivedTs, o))
      return
    }
    // A market the snapshot did not have: it joins the layout at the end of its group.
    const split = splitOddKey(msg.oddKey) ?? { market: msg.oddKey, outcome: msg.oddKey }
    const market = this.market(msg.oddType, split.market, split.market, null)
    const outcome = this.outcome(market, msg.oddType, msg.oddKey, split.outcome, split.outcome, undefined)
    this.resync(outcome, this.tickOf(msg.oddType, msg.oddKey, price, msg.suspended, msg.ts, receivedTs))
    this.out.layout(this.matchId)
  }

  /** A market-wide status sets every outcome of the market (a reopened market reopens them all). */
  applyMarketStatus(
    oddType: string,
    marketName: string,
    suspended: boolean,
    serverTs: number,
    receivedTs: number,
    partOfResync = false,
  ): void {
    const market = this.groups.get(oddType)?.get(marketName)
    if (!market || market.suspended === suspended) return
    market.suspended = suspended
    for (const o of market.outcomes) {
      if (o.suspended === suspended) continue
      if (partOfResync) this.resync(o, this.tickOf(o.oddType, o.oddKey, o.price, suspended, serverTs, receivedTs))
      else this.set(o, priceChange(o, o.price, suspended, serverTs, receivedTs, o))
    }
    this.out.layout(this.matchId)
  }

  applyOverride(event: OverrideEvent): void {
    const id = outcomeId(event)
    if (event.action === 'set' || event.action === 'changed') {
      const override = { value: event.oddValue, expiresAt: event.expiresAt, suspended: event.suspended }
      this.overrides.set(id, { oddType: event.oddType, oddKey: event.oddKey, override })
    } else if (!this.overrides.delete(id)) return
    const found = this.index.get(event.oddType)?.get(event.oddKey)
    if (found) this.out.cell(this.matchId, found.outcome)
  }

  /** Drops overrides past their expiry even if the feed's `expired` message was lost. */
  expireOverrides(now: number): void {
    for (const [id, { oddType, oddKey, override }] of this.overrides) {
      if (override.expiresAt > now) continue
      this.overrides.delete(id)
      const found = this.index.get(oddType)?.get(oddKey)
      if (found) this.out.cell(this.matchId, found.outcome)
    }
  }

  get hasOverrides(): boolean {
    return this.overrides.size > 0
  }

  cell(o: OutcomeState): BoardCell {
    const override = this.overrides.get(o.id)?.override ?? null
    const market = this.index.get(o.oddType)?.get(o.oddKey)?.market
    return {
      outcomeId: o.id,
      matchId: this.matchId,
      oddType: o.oddType,
      oddKey: o.oddKey,
      price: o.price,
      suspended: o.suspended || (market?.suspended ?? false) || (override?.suspended ?? false),
      direction: o.direction,
      delta: o.delta,
      deltaPct: o.deltaPct,
      changedAt: o.changedAt,
      override,
      ...(o.resync && { resync: true }),
    }
  }

  cells(): BoardCell[] {
    const out: BoardCell[] = []
    for (const byKey of this.index.values()) for (const { outcome } of byKey.values()) out.push(this.cell(outcome))
    return out
  }

  layout(): MatchLayout {
    const groups: LayoutGroup[] = []
    for (const [oddType, markets] of this.groups) {
      groups.push({
        oddType,
        markets: [...markets.values()].map((m) => ({
          name: m.name,
          label: m.label,
          line: m.line,
          suspended: m.suspended,
          outcomes: m.outcomes.map((o) => ({ outcomeId: o.id, key: o.key, label: o.label })),
        })),
      })
    }
    return { matchId: this.matchId, groups }
  }

  private market(oddType: string, name: string, label: string, line: number | null): MarketState {
    let markets = this.groups.get(oddType)
    if (!markets) this.groups.set(oddType, (markets = new Map()))
    let market = markets.get(name)
    if (!market) markets.set(name, (market = { name, label, line, suspended: false, outcomes: [] }))
    return market
  }

  /** A new outcome state, carrying over the last move of the outcome it replaces. */
  private outcome(
    market: MarketState,
    oddType: string,
    oddKey: string,
    key: string,
    label: string,
    before: OutcomeState | undefined,
  ): OutcomeState {
    const outcome: OutcomeState = before
      ? { ...before, label }
      : {
          id: outcomeId({ matchId: this.matchId, oddType, oddKey }),
          matchId: this.matchId,
          oddType,
          oddKey,
          key,
          label,
          price: 0,
          suspended: false,
          direction: 'flat',
          delta: 0,
          deltaPct: 0,
          changedAt: 0,
          resync: false,
        }
    market.outcomes.push(outcome)
    let byKey = this.index.get(oddType)
    if (!byKey) this.index.set(oddType, (byKey = new Map()))
    byKey.set(oddKey, { outcome, market })
    return outcome
  }

  /** The first price after a gap (the outcome's first ever, or a snapshot's): a resync, not a move. */
  private resync(o: OutcomeState, tick: PriceTick): void {
    this.set(o, resyncOf(tick))
  }

  /**
   * Moves an outcome to the change's price. The change is also its tick (one object per moved
   * price); a resync shows no move (flat, 0) until the next real one.
   */
  private set(o: OutcomeState, change: PriceChange): void {
    this.out.tick(change)
    if (change.resync) {
      o.direction = 'flat'
      o.delta = 0
      o.deltaPct = 0
      o.resync = true
    } else {
      if (change.delta !== 0) {
        o.direction = change.direction
        o.delta = change.delta
        o.deltaPct = change.deltaPct
      }
      o.resync = false
    }
    this.out.change(change)
    o.price = change.price
    o.suspended = change.suspended
    o.changedAt = change.receivedTs
    this.out.cell(this.matchId, o)
  }

  private tickOf(
    oddType: string,
    oddKey: string,
    price: number,
    suspended: boolean,
    serverTs: number,
    receivedTs: number,
  ): PriceTick {
    return { matchId: this.matchId, oddType, oddKey, price, suspended, serverTs, receivedTs }
  }
}
