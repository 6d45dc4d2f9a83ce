/**
 * "Try on recorded data": a rule (a draft, or a saved rule as edited) re-run over the ticks the cache
 * recorded in a range, by the live rule engine and delivery stage (main/core/alerts/backtest.ts), its
 * would-be alerts listed beside the alerts a saved rule did raise in that range.
 */
import { z } from 'zod'
import { AlertEntry, AlertRule, AlertRuleDraft, HeldBack } from './alerts'

/** At most this many would-be alerts are listed; the run stops at the next one and says so. */
export const BACKTEST_MAX_FIRINGS = 500
/** At most this many recorded ticks are read; the run stops there and says so. */
export const BACKTEST_MAX_TICKS = 2_000_000
/** A backtest covers at most this many named matches (or every match, when none are named). */
export const BACKTEST_MAX_MATCHES = 200

export const BacktestInput = z
  .strictObject({
    /** Run whatever its `enabled` says: a paused rule is exactly one being tuned. */
    rule: z.union([AlertRule, AlertRuleDraft]),
    /** The saved rule whose recorded alerts are "did fire" (by default the rule's own id, if it has one). */
    compareWith: z.string().min(1).optional(),
    from: z.number().int().nonnegative(),
    /** Inclusive. */
    to: z.number().int().nonnegative(),
    /** Only these matches; every recorded match of the feed when left out. */
    matchIds: z.array(z.number().int().positive()).min(1).max(BACKTEST_MAX_MATCHES).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'The range must end after it starts', path: ['to'] })
export type BacktestInput = z.infer<typeof BacktestInput>

/**
 * What became of the notification of a would-be alert under today's delivery settings: shown
 * alone, grouped with others in the coalescing window, or held back by quiet hours or mute (the
 * backtest lists it all the same).
 */
export const BacktestNotice = z.enum(['shown', 'grouped', 'quiet_hours', 'muted'])
export type BacktestNotice = z.infer<typeof BacktestNotice>

/** One would-be alert, worded as the live alert would be. `at` is the receive time of its tick. */
export const BacktestFiring = z.strictObject({
  at: z.number(),
  matchId: z.number().int(),
  oddType: z.string().optional(),
  oddKey: z.string().optional(),
  title: z.string(),
  body: z.string(),
  /** Later firings its cooldown would have held back. */
  held: HeldBack.optional(),
  notice: BacktestNotice,
})
export type BacktestFiring = z.infer<typeof BacktestFiring>

/** Why a run stopped before the end of its range, and the receive time it had reached. */
export const BacktestCap = z.strictObject({
  reason: z.enum(['ticks', 'firings']),
  limit: z.number().int(),
  at: z.number(),
})
export type BacktestCap = z.infer<typeof BacktestCap>

export const BacktestResult = z.strictObject({
  from: z.number(),
  to: z.number(),
  wouldFire: z.array(BacktestFiring),
  /** The compared rule's recorded alerts in the range (none for a new rule), oldest first. */
  didFire: z.array(AlertEntry),
  /** More recorded alerts than BACKTEST_MAX_FIRINGS: `didFire` holds the first of them. */
  didFireCapped: z.boolean(),
  /** Recorded ticks read, the warm-up before `from` included. */
  ticksRead: z.number().int(),
  capped: BacktestCap.nullable(),
})
export type BacktestResult = z.infer<typeof BacktestResult>
