/**
 * What every feed call answers: a value, or a typed error in plain words. Errors are data, never
 * throws, so a caller (the watch engine, a bridge handler) can show them without a try/catch and
 * without ever seeing a stack trace or a key.
 */
export type FeedErrorKind =
  | 'key_rejected'
  | 'no_access'
  | 'not_available'
  | 'rate_limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'bad_request'
  | 'bad_response'
  | 'aborted'

export interface FeedError {
  kind: FeedErrorKind
  /** HTTP status when the server answered. */
  status?: number
  message: string
}

export type FeedResult<T> = { ok: true; value: T } | { ok: false; error: FeedError }

export function succeed<T>(value: T): FeedResult<T> {
  return { ok: true, value }
}

export function failWith<T = never>(kind: FeedErrorKind, message: string, status?: number): FeedResult<T> {
  return { ok: false, error: status === undefined ? { kind, message } : { kind, status, message } }
}
