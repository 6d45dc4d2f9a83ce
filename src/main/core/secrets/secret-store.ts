/**
 * The port to the OS keychain. The two API keys live there and nowhere else (never settings
 * files, the cache, logs or the renderer). Adapters throw SecretStoreError with a plain message
 * when no keychain can be used; they never fall back to storing a key in the clear.
 */
export const KEY_ACCOUNTS = ['data-service', 'odds-feed'] as const
export type KeyAccount = (typeof KEY_ACCOUNTS)[number]

/** The keychain "service" every key is filed under. */
export const KEYCHAIN_SERVICE = 'Odds Monitor'

export interface SecretStore {
  get(account: KeyAccount): Promise<string | null>
  set(account: KeyAccount, secret: string): Promise<void>
  /** True when a key was there to delete. */
  delete(account: KeyAccount): Promise<boolean>
}

export class SecretStoreError extends Error {
  override readonly name = 'SecretStoreError'
}
