/**
 * Odds feed payloads: the one place where Odds Monitor writes down what the odds feed sends.
 *
 * odds-feed.md names the routes and the outer fields (`matchId`, `sport`, `odds` by group,
 * `override`) but leaves the inside of a group, the override entries, the stream messages and
 * the `verify` answer "not shown". field-notes.md found nothing more in public material. So this
 * module defines our assumption once; the simulator sends exactly this canonical form and the
 * client accepts it plus the reasonable variants field-notes.md asks for:
 *
 * A1  A group (`odds.fullTime`, …) is an array of markets: `{name, label?, line?, suspended?,
 *     outcomes:[{key, label?, price, suspended?}]}`. Variant accepted: a map of market name to a
 *     map of outcome key to price. Why arrays: markets keep the bookmaker's display order.
 * A2  A price is a decimal number. Variant accepted: an object `{value}` (or `{price}`/`{odds}`).
 * A3  `oddKey` is `<market_name>#<outcome_key>` (the PATCH body form from odds-feed.md); an outcome
 *     is identified by (matchId, oddType, oddKey). `oddType` is the group's kebab name used in the
 *     PATCH path (`full-time`); the `odds` member is its camelCase twin (`fullTime`).
 * A4  Override entries: `{oddType, oddKey, oddValue, suspended, durationSeconds, setAt, expiresAt,
 *     originalValue?}` with ISO timestamps.
 * A5  Stream messages are JSON objects with a `type`. The updates stream sends `price`,
 *     `market_status`, `match_status` and `heartbeat`; the overrides stream sends `override`.
 *     Every price message carries a per-match `seq` (monotonic across both REST snapshot and
 *     stream) so a client can tell a gap and resync, and `ts` = server send time in epoch ms.
 *     The REST snapshot carries the `seq` it is current to (an extra field, ignored if absent).
 *     Unknown `type`s are counted and skipped by clients, never fatal.
 * A6  Unknown fields anywhere are kept (loose objects) so nothing the server adds is lost.
 */
import { z } from 'zod'

/** Odd groups per sport, as odds-feed.md lists them; badminton's are our own choice. */
export const ODD_GROUPS = {
  cricket: ['player', 'team', 'full-time'],
  hockey: ['period-time', 'full-time'],
  // Badminton: the whole match, and the game currently being played (like hockey's periods).
  badminton: ['full-time', 'game-time'],
} as const satisfies Record<string, readonly string[]>

export type OddsSport = keyof typeof ODD_GROUPS
export const ODDS_SPORTS = Object.keys(ODD_GROUPS) as OddsSport[]

/** `full-time` → `fullTime`: the member name of `odds` for a PATCH `oddType`. */
export function groupMemberName(oddType: string): string {
  return oddType.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())
}

/** `fullTime` → `full-time`. */
export function oddTypeOfMember(member: string): string {
  return member.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
}

export function makeOddKey(market: string, outcome: string): string {
  return `${market}#${outcome}`
}

export function splitOddKey(oddKey: string): { market: string; outcome: string } | null {
  const at = oddKey.indexOf('#')
  if (at <= 0 || at === oddKey.length - 1) return null
  return { market: oddKey.slice(0, at), outcome: oddKey.slice(at + 1) }
}

/**
 * A decimal price: finite (zod refuses NaN and ±Infinity) and above 1, the least a decimal price
 * can be. A price of 1 or below is a broken feed; it must not reach the board, the cache or a rule.
 */
const DecimalPrice = z.number().gt(1, 'a decimal price is above 1')

/** A2: a number, or an object carrying it. Normalised to a number at the edge. */
const PriceWire = z.union([
  DecimalPrice,
  z
    .looseObject({ value: DecimalPrice.optional(), price: DecimalPrice.optional(), odds: DecimalPrice.optional() })
    .transform((o, ctx) => {
      const v = o.value ?? o.price ?? o.odds
      if (v === undefined) {
        ctx.addIssue({ code: 'custom', message: 'price object without value' })
        return z.NEVER
      }
      return v
    }),
])

const OutcomeWire = z.looseObject({
  key: z.string().min(1),
  label: z.string().optional(),
  price: PriceWire,
  suspended: z.boolean().optional(),
})
type OutcomeWire = z.infer<typeof OutcomeWire>

export const MarketWire = z.looseObject({
  name: z.string().min(1),
  label: z.string().optional(),
  line: z.number().optional(),
  suspended: z.boolean().optional(),
  outcomes: z.array(OutcomeWire),
})
export type MarketWire = z.infer<typeof MarketWire>

/** A1 variant: `{ match_winner: { home: 1.8, away: 2.1 } }`. */
const MarketMapWire = z.record(z.string(), z.record(z.string(), PriceWire))

/** A group in either form, normalised to the canonical array of markets. */
export const OddGroupWire = z.union([
  z.array(MarketWire),
  MarketMapWire.transform((map): MarketWire[] =>
    Object.entries(map).map(([name, outcomes]) => ({
      name,
      outcomes: Object.entries(outcomes).map(([key, price]) => ({ key, price })),
    })),
  ),
])

export const OverrideEntryWire = z.looseObject({
  oddType: z.string(),
  oddKey: z.string(),
  oddValue: DecimalPrice,
  suspended: z.boolean(),
  durationSeconds: z.number().int(),
  setAt: z.string(),
  expiresAt: z.string(),
  originalValue: DecimalPrice.optional(),
})
export type OverrideEntryWire = z.infer<typeof OverrideEntryWire>

/** Route /bookmaker/{bookmakerId}/{sport}/{matchId}. */
export const MatchPricesWire = z.looseObject({
  matchId: z.number().int(),
  sport: z.string(),
  odds: z.record(z.string(), OddGroupWire),
  override: z.array(OverrideEntryWire),
  seq: z.number().int().optional(),
})
export type MatchPricesWire = z.infer<typeof MatchPricesWire>

/** PATCH body (odds-feed.md "Override request body"). */
export const OverrideRequest = z.strictObject({
  oddKey: z.string().refine((k) => splitOddKey(k) !== null, 'oddKey must be <market_name>#<outcome_key>'),
  oddValue: z.number().gt(1, 'oddValue must be a decimal price above 1'),
  durationSeconds: z.number().int().positive('durationSeconds must be a positive integer'),
  suspended: z.boolean(),
})
export type OverrideRequest = z.infer<typeof OverrideRequest>

/** Route /bookmaker/{bookmakerId}: only the sports list is documented. */
export const BookmakerWire = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  sports: z.array(z.string()),
})
export type BookmakerWire = z.infer<typeof BookmakerWire>

/** Route /bookmaker/{bookmakerId}/{sport}/matches: only `totalOdds` is documented. */
export const OddsMatchListEntryWire = z.looseObject({
  matchId: z.number().int(),
  totalOdds: z.number(),
  status: z.string().optional(),
  league: z.string().optional(),
  homeTeam: z.string().optional(),
  awayTeam: z.string().optional(),
  startTime: z.string().optional(),
})
export type OddsMatchListEntryWire = z.infer<typeof OddsMatchListEntryWire>

/** Route …/{matchId}/verify: "not shown"; we assume a small consistency report. */
export const VerifyWire = z.looseObject({
  matchId: z.number().int(),
  ok: z.boolean(),
  seq: z.number().int().optional(),
  checkedAt: z.string().optional(),
  /** Per market the book's margin: the implied probabilities' sum less 1 (0.05 = 5 %). */
  markets: z.array(z.looseObject({ oddType: z.string(), name: z.string(), margin: z.number() })).optional(),
  problems: z.array(z.string()).optional(),
})

/* ---------- stream messages (A5) ---------- */

export const PriceMessage = z.looseObject({
  type: z.literal('price'),
  matchId: z.number().int(),
  oddType: z.string(),
  oddKey: z.string(),
  price: PriceWire,
  suspended: z.boolean(),
  seq: z.number().int(),
  ts: z.number(),
})
export type PriceMessage = z.infer<typeof PriceMessage>

const isInt = Number.isSafeInteger
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
/** DecimalPrice's rule, by hand. */
const isDecimalPrice = (v: unknown): v is number => isFiniteNumber(v) && v > 1

/** The keys of the plain price message, all of which `isPlainPriceMessage` checks. */
const PRICE_KEYS = 8

/** Own enumerable keys of a plain object (its prototype has none), counted without allocating. */
function keyCount(o: object): number {
  let n = 0
  for (const _key in o) n++
  return n
}

/**
 * The plain price message (a bare number for `price`, a plain object from JSON.parse, no key
 * beyond its eight) checked by hand: nearly every frame of every live stream is one, and the
 * schema costs several times more and copies the object. It accepts only what `PriceMessage`
 * accepts (price-fast-path.test.ts holds it to that on hostile shapes) and returns false for
 * anything else, which then goes through the schema: extra keys, the variants it normalises,
 * every refusal with its reason, and an own `__proto__` key (JSON.parse makes one; the schema's
 * copy drops it, so the outputs would differ).
 *
 * Because the eight keys it reads are the only keys, a JSON.parse result it accepts holds no
 * forbidden key either: the stream skips the forbidden-key scan of such a frame (safe-json.ts).
 */
export function isPlainPriceMessage(json: unknown): json is PriceMessage {
  if (typeof json !== 'object' || json === null || Object.getPrototypeOf(json) !== Object.prototype) return false
  const m = json as Record<string, unknown>
  return (
    m.type === 'price' &&
    isInt(m.matchId) &&
    typeof m.oddType === 'string' &&
    typeof m.oddKey === 'string' &&
    isDecimalPrice(m.price) &&
    typeof m.suspended === 'boolean' &&
    isInt(m.seq) &&
    isFiniteNumber(m.ts) &&
    // Eight named keys and no other: an own `__proto__` (JSON.parse makes one) would be a ninth.
    keyCount(m) === PRICE_KEYS
  )
}

/**
 * A5: the server's send time of a stream message (`ts`, epoch ms), read from the parsed frame of a
 * message the stream accepted; null where it carries none. What the feed lag is measured from.
 */
export function oddsSendTime(json: unknown): number | null {
  const ts = typeof json === 'object' && json !== null ? (json as { ts?: unknown }).ts : undefined
  return isFiniteNumber(ts) ? ts : null
}

const MarketStatusMessage = z.looseObject({
  type: z.literal('market_status'),
  matchId: z.number().int(),
  oddType: z.string(),
  market: z.string(),
  suspended: z.boolean(),
  seq: z.number().int(),
  ts: z.number(),
})

const MatchStatusMessage = z.looseObject({
  type: z.literal('match_status'),
  matchId: z.number().int(),
  status: z.string(),
  seq: z.number().int(),
  ts: z.number(),
})

const HeartbeatMessage = z.looseObject({ type: z.literal('heartbeat'), ts: z.number() })

export const UpdatesMessage = z.discriminatedUnion('type', [
  PriceMessage,
  MarketStatusMessage,
  MatchStatusMessage,
  HeartbeatMessage,
])
export type UpdatesMessage = z.infer<typeof UpdatesMessage>
export const UPDATE_MESSAGE_TYPES = ['price', 'market_status', 'match_status', 'heartbeat'] as const

export const OverrideAction = z.enum(['set', 'changed', 'expired', 'lifted'])
export type OverrideAction = z.infer<typeof OverrideAction>

export const OverrideMessage = z.looseObject({
  type: z.literal('override'),
  action: OverrideAction,
  matchId: z.number().int(),
  oddType: z.string(),
  oddKey: z.string(),
  /** The override price (for `expired`/`lifted`: the value that was in force). */
  oddValue: DecimalPrice,
  /** The price served before this event. */
  previousValue: DecimalPrice.nullable(),
  suspended: z.boolean(),
  durationSeconds: z.number().int(),
  setAt: z.string(),
  expiresAt: z.string(),
  ts: z.number(),
})
export type OverrideMessage = z.infer<typeof OverrideMessage>

export const OverridesStreamMessage = z.discriminatedUnion('type', [OverrideMessage, HeartbeatMessage])
