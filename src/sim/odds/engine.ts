/**
 * The price engine: owns every priced match's book, moves live books at the configured total
 * rate in a timer tick loop, follows the match clock (suspend at decisive points, settle at the
 * end) and publishes the canonical stream messages of src/shared/wire/odds.ts (A5).
 */
import type { MatchPricesWire, OverrideMessage } from '../../shared/wire/odds'
import type { MatchStatusType } from '../../shared/domain'
import type { Hub } from '../http/hub'
import { deriveSeed, Rng } from '../rng'
import type { WorldClock } from '../world/clock'
import { momentOf } from '../world/clock'
import type { SportLookup } from '../world/lookup'
import type { WorldMatch } from '../world/model'
import type { SimSport } from '../world/sports'
import { SPORT_RULES } from '../world/sports'
import { MatchBook, type Market } from './book'
import { marketTemplates } from './markets'
import { OverrideStore, type OverrideTransition } from './overrides'

/** Walk steps per live match a tick may spend without sending anything before it gives up. */
const IDLE_STEPS_PER_MATCH = 8
const TICK_MS = 10
const STATUS_EVERY_MS = 100
const HEARTBEAT_EVERY_MS = 5_000
/** Keeps a stalled event loop from releasing one giant burst afterwards. */
const MAX_BUDGET_S = 0.25

export function updatesChannel(sport: string, matchId: number): string {
  return `odds:${sport}:${matchId}:updates`
}

export function overridesChannel(sport: string, matchId: number): string {
  return `odds:${sport}:${matchId}:overrides`
}

export interface PricedMatch {
  sport: SimSport
  match: WorldMatch
  book: MatchBook
  status: MatchStatusType
  /** Bias of winner markets from the current score (> 0 favours home). */
  bias: number
}

export class OddsEngine {
  readonly overrides: OverrideStore
  private readonly priced = new Map<number, PricedMatch>()
  private live: PricedMatch[] = []
  private readonly pick: Rng
  private rate: number
  private budget = 0
  private lastTick = 0
  private lastStatus = 0
  private lastHeartbeat = 0
  private timer: NodeJS.Timeout | undefined
  priceMessagesSent = 0

  constructor(
    private readonly lookups: Record<SimSport, SportLookup>,
    private readonly clock: WorldClock,
    private readonly hub: Hub,
    seed: number,
    rate: number,
  ) {
    this.rate = rate
    this.pick = new Rng(deriveSeed(seed, 'odds-pick'))
    this.overrides = new OverrideStore((t) => this.publishOverride(t))
    for (const [sport, lookup] of Object.entries(lookups) as Array<[SimSport, SportLookup]>) {
      for (const match of lookup.world.matches) {
        if (!match.priced || match.fate.kind === 'postponed' || match.fate.kind === 'canceled') continue
        const home = lookup.team(match.homeTeamId)
        const away = lookup.team(match.awayTeamId)
        const marketRng = new Rng(deriveSeed(seed, `markets-${match.id}`))
        const templates = marketTemplates(sport, {
          rng: marketRng,
          homeStrength: match.homeStrength,
          homeName: home.name,
          awayName: away.name,
          homePlayers: home.players,
          awayPlayers: away.players,
        })
        const book = new MatchBook(match.id, templates, new Rng(deriveSeed(seed, `walk-${match.id}`)))
        this.priced.set(match.id, { sport, match, book, status: 'upcoming', bias: 0 })
      }
    }
    this.followClock(false)
  }

  start(): void {
    this.lastTick = this.lastStatus = this.lastHeartbeat = this.clock.realNow()
    this.timer = setInterval(() => this.tick(), TICK_MS)
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    this.overrides.clear()
  }

  setRate(updatesPerSecond: number): void {
    this.rate = Math.max(0, updatesPerSecond)
  }

  get(matchId: number): PricedMatch | undefined {
    return this.priced.get(matchId)
  }

  pricedMatches(sport: SimSport): PricedMatch[] {
    return [...this.priced.values()].filter((p) => p.sport === sport)
  }

  liveMatchIds(sport: string): number[] {
    return this.live.filter((p) => p.sport === sport).map((p) => p.match.id)
  }

  /** The served price of one outcome: the override when one is in force, else the walk's. */
  served(matchId: number, market: Market, index: number): { price: number; suspended: boolean } {
    const price = market.prices[index] as number
    if (!this.overrides.any(matchId)) return { price, suspended: market.suspended }
    const o = this.overrides.get(matchId, market.oddType, market.oddKeys[index] as string)
    return o
      ? { price: o.oddValue, suspended: market.suspended || o.suspended }
      : { price, suspended: market.suspended }
  }

  snapshot(matchId: number): MatchPricesWire | undefined {
    const p = this.priced.get(matchId)
    if (!p) return undefined
    return {
      matchId,
      sport: p.sport,
      status: p.status,
      odds: p.book.groups((market, index) => this.served(matchId, market, index)),
      override: this.overrides.list(matchId).map(({ expiresAtMs: _omit, ...entry }) => entry),
      seq: p.book.seq,
    }
  }

  private tick(): void {
    const now = this.clock.realNow()
    const ts = this.clock.stamp(now)
    if (now - this.lastStatus >= STATUS_EVERY_MS) {
      this.lastStatus = now
      this.followClock(true)
    }
    if (now - this.lastHeartbeat >= HEARTBEAT_EVERY_MS) {
      this.lastHeartbeat = now
      this.hub.broadcast('odds:', `{"type":"heartbeat","ts":${ts}}`)
    }
    this.budget = Math.min(this.budget + (this.rate * (now - this.lastTick)) / 1000, this.rate * MAX_BUDGET_S)
    this.lastTick = now
    if (this.live.length === 0) {
      this.budget = 0
      return
    }
    // The budget counts price messages, not walk steps: a step that moves no rounded price sends
    // nothing and costs nothing, so `rate` is what subscribers receive. The idle bound stops a tick
    // when (nearly) every market is shut.
    let idle = 0
    while (this.budget >= 1 && idle < this.live.length * IDLE_STEPS_PER_MATCH) {
      const p = this.live[Math.floor(this.pick.next() * this.live.length)] as PricedMatch
      const sent = this.move(p, ts)
      if (sent === 0) idle++
      this.budget -= sent
    }
  }

  /** One walk step of one match; returns the number of price messages it produced. */
  private move(p: PricedMatch, ts: number): number {
    const moved = p.book.step(p.bias)
    if (!moved) return 0
    const { market, changed } = moved
    const channel = updatesChannel(p.sport, p.match.id)
    const listening = this.hub.has(channel)
    const overridden = this.overrides.any(p.match.id)
    let sent = 0
    for (const i of changed) {
      // An overridden outcome keeps its served price; the walk goes on underneath.
      if (overridden && this.overrides.get(p.match.id, market.oddType, market.oddKeys[i] as string)) continue
      const seq = ++p.book.seq
      sent++
      if (!listening) continue
      this.hub.publish(
        channel,
        `{"type":"price","matchId":${p.match.id},"oddType":${market.quotedOddType},"oddKey":${market.quotedOddKeys[i]},"price":${market.prices[i]},"suspended":false,"seq":${seq},"ts":${ts}}`,
      )
    }
    this.priceMessagesSent += sent
    return sent
  }

  /** Applies the match clock: status changes, suspension at decisive points, settlement. */
  private followClock(publish: boolean): void {
    const worldNow = this.clock.worldNow()
    const live: PricedMatch[] = []
    for (const p of this.priced.values()) {
      if (p.book.settled) continue
      const moment = momentOf(p.match, worldNow)
      p.bias = SPORT_RULES[p.sport].scoreBias(moment.step)
      if (moment.status === 'finished') {
        this.setSuspended(p, true, publish)
        p.book.settled = true
      }
      if (moment.status !== p.status) {
        p.status = moment.status
        this.publishUpdate(p, publish, (seq, ts) => ({
          type: 'match_status',
          matchId: p.match.id,
          status: moment.status,
          seq,
          ts,
        }))
      }
      if (p.book.settled) continue
      const shut = moment.status === 'interrupted' || (moment.status === 'live' && moment.step.decisive)
      this.setSuspended(p, shut, publish)
      if (moment.status === 'live' && !shut) live.push(p)
    }
    this.live = live
  }

  private setSuspended(p: PricedMatch, suspended: boolean, publish: boolean): void {
    for (const market of p.book.markets) {
      if (market.suspended === suspended) continue
      market.suspended = suspended
      this.publishUpdate(p, publish, (seq, ts) => ({
        type: 'market_status',
        matchId: p.match.id,
        oddType: market.oddType,
        market: market.name,
        suspended,
        seq,
        ts,
      }))
    }
  }

  /** Every updates-stream message takes the next `seq` of its match, listened to or not. */
  private publishUpdate(p: PricedMatch, publish: boolean, build: (seq: number, ts: number) => object): void {
    const seq = ++p.book.seq
    const channel = updatesChannel(p.sport, p.match.id)
    if (publish && this.hub.has(channel)) this.hub.publish(channel, JSON.stringify(build(seq, this.clock.serverNow())))
  }

  private publishOverride(t: OverrideTransition): void {
    const p = this.priced.get(t.matchId)
    if (!p) return
    const { entry } = t
    const message: OverrideMessage = {
      type: 'override',
      action: t.action,
      matchId: t.matchId,
      oddType: entry.oddType,
      oddKey: entry.oddKey,
      oddValue: entry.oddValue,
      previousValue: t.previousValue,
      suspended: entry.suspended,
      durationSeconds: entry.durationSeconds,
      setAt: entry.setAt,
      expiresAt: entry.expiresAt,
      ts: this.clock.serverNow(),
    }
    const channel = overridesChannel(p.sport, t.matchId)
    if (this.hub.has(channel)) this.hub.publish(channel, JSON.stringify(message))
    // The updates stream carries the served price too, so a client that only follows prices stays right.
    const found = p.book.findOutcome(entry.oddType, entry.oddKey)
    if (!found) return
    const served = this.served(t.matchId, found.market, found.index)
    this.publishUpdate(p, true, (seq, ts) => ({
      type: 'price',
      matchId: t.matchId,
      oddType: entry.oddType,
      oddKey: entry.oddKey,
      price: served.price,
      suspended: served.suspended,
      seq,
      ts,
    }))
  }
}
