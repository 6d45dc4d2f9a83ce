/**
 * Alert rules, delivery settings and fired alerts: the contract between the rule editor (renderer),
 * the rule store and the rule engine (main). Every schema is strict so a form field the engine does not
 * know is a field error instead of a silently ignored setting.
 */
import { z } from 'zod'
import { OverrideEventKind } from './domain'
import { issueInWords } from './issue-words'

const decimalPrice = z.number().gt(1, 'Must be a decimal price above 1')

/** A price moves by at least minPct % or minAbs in price within windowSeconds (either reached fires). */
const MoveCondition = z
  .strictObject({
    kind: z.literal('move'),
    minPct: z.number().positive('Must be above 0 %').max(1000, 'Must be at most 1000 %').optional(),
    minAbs: z.number().positive('Must be above 0').optional(),
    windowSeconds: z
      .number()
      .int('Must be whole seconds')
      .min(1, 'Must be at least 1 second')
      .max(3600, 'Must be at most 3600 seconds'),
  })
  .refine((c) => c.minPct !== undefined || c.minAbs !== undefined, {
    message: 'Set a minimum % or a minimum price change',
    path: ['minPct'],
  })

/** A price crosses `price` (touching it without passing through does not count). */
const ThresholdCondition = z.strictObject({
  kind: z.literal('threshold'),
  price: decimalPrice,
  direction: z.enum(['up', 'down', 'either']),
})

const SuspensionCondition = z.strictObject({
  kind: z.literal('suspension'),
  on: z.enum(['suspended', 'unsuspended', 'either']),
})

const OverrideCondition = z.strictObject({
  kind: z.literal('override'),
  actions: z
    .array(OverrideEventKind)
    .min(1, 'Pick at least one override action')
    .refine((a) => new Set(a).size === a.length, 'Each action at most once'),
})

const MatchStatusCondition = z.strictObject({
  kind: z.literal('match_status'),
  on: z.enum(['live', 'finished', 'either']),
})

export const AlertCondition = z.discriminatedUnion('kind', [
  MoveCondition,
  ThresholdCondition,
  SuspensionCondition,
  OverrideCondition,
  MatchStatusCondition,
])
export type AlertCondition = z.infer<typeof AlertCondition>
export type AlertKind = AlertCondition['kind']
export const ALERT_KINDS = [
  'move',
  'threshold',
  'suspension',
  'override',
  'match_status',
] as const satisfies readonly AlertKind[]
const AlertKindSchema = z.enum(ALERT_KINDS)

const matchId = z.number().int('Must be a match id').positive('Must be a match id')
const nonEmpty = (what: string) => z.string().trim().min(1, `${what} is required`)

/**
 * Where a rule looks. `market` narrows a match to an odd group, a market name (the part of oddKey before
 * `#`), or both; `outcome` is one (matchId, oddType, oddKey).
 */
export const AlertScope = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('all') }),
  z.strictObject({ type: z.literal('watchlist'), watchlistId: nonEmpty('Watchlist') }),
  z.strictObject({ type: z.literal('match'), matchId }),
  z
    .strictObject({
      type: z.literal('market'),
      matchId,
      oddType: nonEmpty('Odd type').optional(),
      market: nonEmpty('Market').optional(),
    })
    .refine((s) => s.oddType !== undefined || s.market !== undefined, {
      message: 'Pick an odd type or a market',
      path: ['market'],
    }),
  z.strictObject({ type: z.literal('outcome'), matchId, oddType: nonEmpty('Odd type'), oddKey: nonEmpty('Outcome') }),
])
export type AlertScope = z.infer<typeof AlertScope>

export const CooldownPer = z.enum(['outcome', 'match'])
export type CooldownPer = z.infer<typeof CooldownPer>

const ruleShape = {
  name: z.string().trim().min(1, 'Name is required').max(80, 'At most 80 characters'),
  enabled: z.boolean(),
  scope: AlertScope,
  condition: AlertCondition,
  /**
   * After a rule fires, its further firings for the same outcome (or match, `cooldownPer`) within this
   * many seconds are held back: counted and listed on the alert that started the cooldown.
   */
  cooldownSeconds: z
    .number()
    .int('Must be whole seconds')
    .min(0, 'Must be 0 or more')
    .max(86_400, 'Must be at most one day'),
  /** Fire at most once per outcome (or match, `cooldownPer`) until the rule is edited. */
  doNotRepeat: z.boolean(),
  /**
   * What the cooldown and do-not-repeat are kept for: each outcome (default), or each match (one
   * alert per match however many of its outcomes move). Match-status firings are a match's either way.
   */
  cooldownPer: CooldownPer.default('outcome'),
}

/** Match status is a property of a match, so a rule about it cannot be narrowed to a market. */
function scopeFitsCondition(r: { scope: AlertScope; condition: AlertCondition }): boolean {
  return r.condition.kind !== 'match_status' || (r.scope.type !== 'market' && r.scope.type !== 'outcome')
}
const scopeFitsConditionError = {
  message: 'A match status rule applies to all matches, a watchlist or one match',
  path: ['scope', 'type'],
}

/** A rule as the editor submits it (no id yet). */
export const AlertRuleDraft = z.strictObject(ruleShape).refine(scopeFitsCondition, scopeFitsConditionError)
export type AlertRuleDraft = z.infer<typeof AlertRuleDraft>

/** A stored rule. */
export const AlertRule = z
  .strictObject({ id: z.string().min(1, 'Rule id is required'), ...ruleShape })
  .refine(scopeFitsCondition, scopeFitsConditionError)
export type AlertRule = z.infer<typeof AlertRule>

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (00:00–23:59)')

/** Local-time window in which notifications are held back; start > end spans midnight. */
export const QuietHours = z
  .strictObject({ start: hhmm, end: hhmm })
  .refine((q) => q.start !== q.end, { message: 'End must differ from start', path: ['end'] })
export type QuietHours = z.infer<typeof QuietHours>

export const AlertDeliverySettings = z.strictObject({
  /** Firings within this many seconds are announced in one notification; 0 = one per firing. */
  coalesceSeconds: z.number().int('Must be whole seconds').min(0, 'Must be 0 or more').max(600, 'At most 600 seconds'),
  quietHours: QuietHours.nullable(),
  /** Silences every notification; in-app entries are still recorded. */
  muted: z.boolean(),
})
export type AlertDeliverySettings = z.infer<typeof AlertDeliverySettings>

export const DEFAULT_ALERT_DELIVERY_SETTINGS: AlertDeliverySettings = {
  coalesceSeconds: 5,
  quietHours: null,
  muted: false,
}

/** A firing a cooldown held back, as listed on the alert that started the cooldown. */
const HeldFiring = z.strictObject({ at: z.number(), title: z.string(), body: z.string() })
export type HeldFiring = z.infer<typeof HeldFiring>

/**
 * What the cooldown of an alert held back: how many firings (all of them), within the rule's
 * cooldown of how many seconds, and the first of them in words (a bounded list).
 */
export const HeldBack = z.strictObject({
  count: z.number().int().positive(),
  cooldownSeconds: z.number().int(),
  firings: z.array(HeldFiring),
})
export type HeldBack = z.infer<typeof HeldBack>

/** One firing as the in-app alert list shows it. Times are epoch milliseconds. */
export const AlertEntry = z.strictObject({
  id: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  kind: AlertKindSchema,
  matchId: z.number().int(),
  oddType: z.string().optional(),
  oddKey: z.string().optional(),
  title: z.string(),
  body: z.string(),
  createdAt: z.number(),
  read: z.boolean(),
  held: HeldBack.optional(),
})
export type AlertEntry = z.infer<typeof AlertEntry>

/** Form errors keyed by dotted field path (`condition.minPct`, `scope.matchId`); root errors under ''. */
export type FieldErrors = Record<string, string>

/** The first message per field, which is what a form shows next to the input. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.')
    out[key] ??= issue.message
  }
  return out
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors }

/** Parse form input; a bad value comes back as field errors, never as a thrown error. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validated<z.infer<S>> {
  const result = schema.safeParse(input, { error: issueInWords })
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrors(result.error) }
}
