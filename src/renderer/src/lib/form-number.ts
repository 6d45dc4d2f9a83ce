/** Number inputs of the trader's forms: the typed text → a number, or a field error in the trader's words. */
import type { FieldErrors, Validated } from '../../../shared/alerts'

/**
 * Parses `text` for the field at `path`. Blank is "not set" (undefined), which is an error only for a
 * required field; anything that is not a plain decimal number is recorded in `errors`.
 */
export function numberField(errors: FieldErrors, path: string, text: string, required: boolean): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') {
    if (required) errors[path] = 'Required'
    return undefined
  }
  // Number('') and Number('0x10') are numbers too; a trader's input is a plain decimal or nothing.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) {
    errors[path] = 'Must be a number (use . for decimals)'
    return undefined
  }
  return Number(trimmed)
}

/** A number that did not parse explains its field better than the schema's "expected number": it wins. */
export function withNumberErrors<T>(result: Validated<T>, numbers: FieldErrors): Validated<T> {
  if (Object.keys(numbers).length === 0) return result
  return { ok: false, errors: { ...(result.ok ? {} : result.errors), ...numbers } }
}
