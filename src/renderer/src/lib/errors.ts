/** Bridge failures in words a trader can act on. */
import { BridgeCallError } from '../bridge'

export function describeError(error: unknown): string {
  if (error instanceof BridgeCallError) {
    // Main says what is not available and why ("nothing was recorded of these matches between …"):
    // a bare "not available yet" would promise it is only a matter of waiting.
    if (error.error.code === 'not_available') return error.error.message || 'not available'
    return error.error.message || error.error.code
  }
  return error instanceof Error ? error.message : String(error)
}

/**
 * Field errors from a typed invalid_input answer. Main words them as `field: message` joined by
 * `; ` (zod's path and message); anything else is kept whole under `''`.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof BridgeCallError) || error.error.code !== 'invalid_input') return { '': describeError(error) }
  const out: Record<string, string> = {}
  for (const part of error.error.message.split(/;\s*/)) {
    const match = /^([\w.]+):\s*(.+)$/.exec(part)
    if (match?.[1] && match[2]) out[match[1]] = match[2]
    else out[''] = out[''] ? `${out['']}; ${part}` : part
  }
  return out
}
