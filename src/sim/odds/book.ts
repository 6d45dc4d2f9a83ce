/**
 * One match's prices: markets whose outcome probabilities move as seeded random walks (on the
 * logit scale, pulled towards what the score says) and are priced with a bookmaker margin.
 * The walk of a match draws only from the match's own generator, so the k-th move of a match
 * is the same whatever the other matches do: that is what makes the streams reproducible.
 */
import type { MarketWire } from '../../shared/wire/odds'
import { groupMemberName, makeOddKey } from '../../shared/wire/odds'
import type { Rng } from '../rng'
import type { MarketTemplate } from './markets'

/** Implied probabilities of a market sum to this (a 5 % overround). */
export const MARGIN = 1.05
const MIN_PRICE = 1.01
const MAX_PRICE = 101
// Per-step noise in logit space: ≈1–3 % price moves, what a trader sees tick to tick in-play.
const STEP_SIGMA = 0.025
const PULL = 0.05

export interface Market {
  oddType: string
  name: string
  label: string
  line: number | undefined
  keys: string[]
  labels: string[]
  /** `"<market>#<outcome>"` per outcome, and its JSON-quoted form for fast message building. */
  oddKeys: string[]
  quotedOddKeys: string[]
  quotedOddType: string
  scoreSigns: number[]
  baseLogits: number[]
  logits: number[]
  prices: number[]
  suspended: boolean
}

function roundPrice(p: number): number {
  const price = 1 / (p * MARGIN)
  return Math.min(MAX_PRICE, Math.max(MIN_PRICE, Math.round(price * 100) / 100))
}

function priceAll(market: Market): void {
  let max = -Infinity
  for (const l of market.logits) max = Math.max(max, l)
  let total = 0
  const exps = market.logits.map((l) => {
    const e = Math.exp(l - max)
    total += e
    return e
  })
  for (let i = 0; i < exps.length; i++) market.prices[i] = roundPrice((exps[i] as number) / total)
}

export class MatchBook {
  seq = 0
  readonly markets: Market[]
  /** Settled books (finished matches) never move again. */
  settled = false

  constructor(
    readonly matchId: number,
    templates: readonly MarketTemplate[],
    private readonly rng: Rng,
  ) {
    this.markets = templates.map((t) => {
      const market: Market = {
        oddType: t.oddType,
        name: t.name,
        label: t.label,
        line: t.line,
        keys: t.outcomes.map((o) => o.key),
        labels: t.outcomes.map((o) => o.label),
        oddKeys: t.outcomes.map((o) => makeOddKey(t.name, o.key)),
        quotedOddKeys: t.outcomes.map((o) => JSON.stringify(makeOddKey(t.name, o.key))),
        quotedOddType: JSON.stringify(t.oddType),
        scoreSigns: t.outcomes.map((o) => o.scoreSign),
        baseLogits: t.outcomes.map((o) => o.logit),
        logits: t.outcomes.map((o) => o.logit),
        prices: t.outcomes.map(() => 0),
        suspended: false,
      }
      priceAll(market)
      return market
    })
  }

  get totalOdds(): number {
    let n = 0
    for (const m of this.markets) n += m.keys.length
    return n
  }

  findOutcome(oddType: string, oddKey: string): { market: Market; index: number } | undefined {
    for (const market of this.markets) {
      if (market.oddType !== oddType) continue
      const index = market.oddKeys.indexOf(oddKey)
      if (index >= 0) return { market, index }
    }
    return undefined
  }

  hasOddType(oddType: string): boolean {
    return this.markets.some((m) => m.oddType === oddType)
  }

  /**
   * Moves one open market one step. `bias` > 0 when the score favours home. Returns the market
   * and the outcome indexes whose rounded price changed, or undefined when every market is shut.
   */
  step(bias: number): { market: Market; changed: number[] } | undefined {
    const open = this.markets.filter((m) => !m.suspended)
    if (open.length === 0) return undefined
    const market = open[Math.floor(this.rng.next() * open.length)] as Market
    const before = market.prices.slice()
    for (let i = 0; i < market.logits.length; i++) {
      const target = (market.baseLogits[i] as number) + (market.scoreSigns[i] as number) * bias
      const logit = market.logits[i] as number
      market.logits[i] = logit + PULL * (target - logit) + STEP_SIGMA * this.rng.normal()
    }
    priceAll(market)
    const changed: number[] = []
    for (let i = 0; i < before.length; i++) if (before[i] !== market.prices[i]) changed.push(i)
    return { market, changed }
  }

  /** The groups as the REST answer serves them (`odds.fullTime`, …), with served prices. */
  groups(
    served: (market: Market, index: number) => { price: number; suspended: boolean },
  ): Record<string, MarketWire[]> {
    const groups: Record<string, MarketWire[]> = {}
    for (const market of this.markets) {
      const member = groupMemberName(market.oddType)
      const list = (groups[member] ??= [])
      list.push({
        name: market.name,
        label: market.label,
        ...(market.line === undefined ? {} : { line: market.line }),
        suspended: market.suspended,
        outcomes: market.keys.map((key, i) => {
          const s = served(market, i)
          return { key, label: market.labels[i] as string, price: s.price, suspended: s.suspended }
        }),
      })
    }
    return groups
  }
}
