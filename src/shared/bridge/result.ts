/** What every invoke answers: a value, or a typed error that crossed the bridge as data, never a throw. */
export type BridgeErrorCode =
  | 'invalid_input'
  | 'unknown_channel'
  | 'forbidden_sender'
  | 'invalid_output'
  | 'not_available'
  /** The page lost its connection to the app (host gone or silent); the action may not have run. */
  | 'disconnected'
  | 'key_rejected'
  | 'no_keychain'
  | 'feed_error'
  | 'internal'

export interface BridgeError {
  code: BridgeErrorCode
  message: string
}

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError }

/** Thrown by a handler to answer a specific code and message in words (e.g. "key rejected"). */
export class BridgeFailure extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'BridgeFailure'
  }
}
