/**
 * The override editor's form: the typed text → a command the bridge accepts, or field errors in
 * the trader's words before anything is confirmed ("2,5" is refused as "use . for decimals", never
 * sent as NaN to come back as "expected number, received null"); and the size of the jump the
 * override makes, which decides whether the confirm step asks twice.
 */
import { validate, type FieldErrors, type Validated } from '../../../../shared/alerts'
import { OverrideCommand } from '../../../../shared/keys'
import { numberField, withNumberErrors } from '../../lib/form-number'

export interface OverrideForm {
  price: string
  duration: string
  suspended: boolean
}

export interface OutcomeRef {
  matchId: number
  oddType: string
  oddKey: string
}

export function validateOverrideForm(form: OverrideForm, outcome: OutcomeRef): Validated<OverrideCommand> {
  const numbers: FieldErrors = {}
  const input = {
    matchId: outcome.matchId,
    oddType: outcome.oddType,
    oddKey: outcome.oddKey,
    oddValue: numberField(numbers, 'oddValue', form.price, true),
    durationSeconds: numberField(numbers, 'durationSeconds', form.duration, true),
    suspended: form.suspended,
  }
  return withNumberErrors(validate(OverrideCommand, input), numbers)
}

export interface PriceJump {
  from: number
  to: number
  /** Signed percentage of `from`: 4.93 → 7.77 is +57.6. */
  pct: number
  /** Larger, either way, than the trader's limit: the confirm step asks a second time. */
  aboveLimit: boolean
}

/** The jump from the served price to the override's; null when nothing is served (suspended). */
export function priceJump(from: number | null, to: number, limitPct: number): PriceJump | null {
  if (from === null || !(from > 0)) return null
  const pct = ((to - from) / from) * 100
  return { from, to, pct, aboveLimit: Math.abs(pct) > limitPct }
}
