/** Keys and feed mode as the renderer may know them: whether a key is set, never the key. */
import { z } from 'zod'
import { FeedName } from './domain'

export const KeyAccount = z.enum(['data-service', 'odds-feed'])
export type KeyAccount = z.infer<typeof KeyAccount>

export const KeyTestResult = z.object({ ok: z.boolean(), message: z.string(), at: z.number() })

export const KeyStatus = z.object({ set: z.boolean(), lastTest: KeyTestResult.nullable() })
export type KeyStatus = z.infer<typeof KeyStatus>

export const KeysStatus = z.object({
  /** False when no OS keychain is reachable: keys cannot be stored (never in the clear). */
  keychain: z.boolean(),
  message: z.string().nullable(),
  accounts: z.record(KeyAccount, KeyStatus),
})
export type KeysStatus = z.infer<typeof KeysStatus>

export const SetKeyInput = z.strictObject({ account: KeyAccount, key: z.string().min(1).max(4096) })
export const AccountInput = z.strictObject({ account: KeyAccount })

export const FeedMode = z.object({
  /** demo: the built-in simulator (no keys); real: the configured services. */
  mode: FeedName,
  sport: z.string(),
  bookmakerId: z.string(),
  /** The desk's sports: the simulator's on the demo feed; else `sport` first, then the bookmaker record's. */
  sports: z.array(z.string()),
  /** Why the mode is what it is, in words ("no keys set: demo feed"). */
  reason: z.string(),
})
export type FeedMode = z.infer<typeof FeedMode>

/** No book prices above this; a larger override is a typo (999999 was once served), so it is refused. */
export const MAX_OVERRIDE_PRICE = 1000

export const OverrideCommand = z.strictObject({
  matchId: z.number().int(),
  oddType: z.string().min(1),
  oddKey: z.string().min(3),
  oddValue: z
    .number()
    .gt(1, 'price must be above 1.00')
    .max(MAX_OVERRIDE_PRICE, `price must be at most ${MAX_OVERRIDE_PRICE} (a price that high is a typo)`),
  durationSeconds: z.number().int().min(1, 'at least 1 second').max(86_400, 'at most 24 hours'),
  suspended: z.boolean(),
})
export type OverrideCommand = z.infer<typeof OverrideCommand>

export const LiftOverrideCommand = z.strictObject({
  matchId: z.number().int(),
  oddType: z.string().min(1),
  oddKey: z.string().min(3),
})

export const OverrideAnswer = z.object({ ok: z.boolean(), message: z.string() })
