/**
 * The domain model every process shares: what a price tick, a price change and an override event
 * are once the feed edge has normalised them. Plain types + zod schemas (they cross the bridge).
 */
import { z } from 'zod'

/** One outcome of one match: (matchId, oddType, oddKey). */
export const OutcomeRef = z.object({
  matchId: z.number().int(),
  oddType: z.string(),
  oddKey: z.string(),
})
export type OutcomeRef = z.infer<typeof OutcomeRef>

/** Stable string id of an outcome, used as a map key in the store and the cache. */
export function outcomeId(ref: OutcomeRef): string {
  return `${ref.matchId}|${ref.oddType}|${ref.oddKey}`
}

/** A price as the feed sent it, after normalisation. Times are epoch milliseconds. */
export const PriceTick = OutcomeRef.extend({
  price: z.number(),
  suspended: z.boolean(),
  serverTs: z.number(),
  receivedTs: z.number(),
})
export type PriceTick = z.infer<typeof PriceTick>

export const Direction = z.enum(['up', 'down', 'flat'])
export type Direction = z.infer<typeof Direction>

/** A tick compared with the outcome's previous state: what changed, by how much. */
export const PriceChange = PriceTick.extend({
  previousPrice: z.number().nullable(),
  previousSuspended: z.boolean().nullable(),
  direction: Direction,
  /** price − previousPrice (0 when there was no previous price). */
  delta: z.number(),
  /** delta / previousPrice × 100 (0 when there was no previous price). */
  deltaPct: z.number(),
  /**
   * The first price after a gap (a new book, a reconnect's or a resync's snapshot): what moved while
   * nothing was seen is unknown, so it is no move: not on the tape, not an alert, no flash. Its tick
   * is recorded all the same. Comparison fields read as for a first price (null, flat, 0).
   */
  resync: z.literal(true).optional(),
})
export type PriceChange = z.infer<typeof PriceChange>

/** `tick` as the first price after a gap: a change that is no move (see `resync`). */
export function resyncOf(tick: PriceTick): PriceChange {
  return { ...priceChange(tick, tick.price, tick.suspended, tick.serverTs, tick.receivedTs, undefined), resync: true }
}

export function comparePrice(
  tick: PriceTick,
  previous: { price: number; suspended: boolean } | undefined,
): PriceChange {
  return priceChange(tick, tick.price, tick.suspended, tick.serverTs, tick.receivedTs, previous)
}

/**
 * `ref` at `price`/`suspended`, compared with its `previous` state (undefined: its first price).
 * Built field by field from loose values: it runs for nearly every feed message, and a tick built
 * only to be compared would be one more object per message.
 */
export function priceChange(
  ref: OutcomeRef,
  price: number,
  suspended: boolean,
  serverTs: number,
  receivedTs: number,
  previous: { price: number; suspended: boolean } | undefined,
): PriceChange {
  const previousPrice = previous?.price ?? null
  const delta = previousPrice === null ? 0 : price - previousPrice
  return {
    matchId: ref.matchId,
    oddType: ref.oddType,
    oddKey: ref.oddKey,
    price,
    suspended,
    serverTs,
    receivedTs,
    previousPrice,
    previousSuspended: previous?.suspended ?? null,
    direction: delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat',
    delta,
    deltaPct: previousPrice ? (delta / previousPrice) * 100 : 0,
  }
}

export const OverrideEventKind = z.enum(['set', 'changed', 'expired', 'lifted'])
export type OverrideEventKind = z.infer<typeof OverrideEventKind>

/** The feed a match id belongs to: the demo simulator and the real services number matches independently. */
export const FeedName = z.enum(['demo', 'real'])
export type FeedName = z.infer<typeof FeedName>

export const OverrideEvent = OutcomeRef.extend({
  feed: FeedName,
  action: OverrideEventKind,
  oddValue: z.number(),
  previousValue: z.number().nullable(),
  suspended: z.boolean(),
  durationSeconds: z.number().int(),
  setAt: z.number(),
  expiresAt: z.number(),
  serverTs: z.number(),
  receivedTs: z.number(),
  /** Set or lifted from this app (the feed does not say who acted: see core/watch/own-overrides.ts). */
  own: z.boolean(),
})
export type OverrideEvent = z.infer<typeof OverrideEvent>

/** What names one override event among the recorded ones (events carry no id of their own). */
export const OverrideEventKey = OutcomeRef.extend({ action: OverrideEventKind, receivedTs: z.number() })
export type OverrideEventKey = z.infer<typeof OverrideEventKey>

/** An override event as the cache recorded it, with whether the trader has acknowledged it. */
export const RecordedOverrideEvent = OverrideEvent.extend({ acknowledged: z.boolean() })
export type RecordedOverrideEvent = z.infer<typeof RecordedOverrideEvent>

/** Match status values seen in the data service (field-notes.md). */
export const MatchStatusType = z.enum([
  'upcoming',
  'live',
  'finished',
  'canceled',
  'postponed',
  'interrupted',
  'delayed',
])
export type MatchStatusType = z.infer<typeof MatchStatusType>
