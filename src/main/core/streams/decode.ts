/**
 * Decoders for `type`-tagged stream messages: a message whose `type` the client does not know is
 * an "unknown kind" (counted, shown, skipped: the server may add kinds); a known kind that fails
 * its schema, or anything without a `type`, is malformed.
 */
import type { z } from 'zod'
import type { Decoded } from './live-stream'

export function malformed(detail: string): Decoded<never> {
  return { ok: false, reason: 'malformed', detail }
}

/**
 * A stream's hand check of its commonest shape (the price fast path) runs before this, as the
 * frame's `provenSafe` proof (live-stream.ts decodeParsed): what reaches the schema here is what
 * that check did not pass.
 */
export function typedDecoder<S extends z.ZodType>(
  schema: S,
  knownTypes: readonly string[],
): (json: unknown) => Decoded<z.output<S>> {
  const known = new Set(knownTypes)
  return (json) => {
    if (typeof json !== 'object' || json === null) return malformed('not an object')
    const type = (json as { type?: unknown }).type
    if (typeof type !== 'string') return malformed('no type')
    if (!known.has(type)) return { ok: false, reason: 'unknown_kind', detail: type }
    const parsed = schema.safeParse(json)
    return parsed.success ? { ok: true, value: parsed.data } : malformed(parsed.error.issues[0]?.message ?? 'invalid')
  }
}
