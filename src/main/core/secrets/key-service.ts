/**
 * The keys as the rest of the app sees them. The renderer learns only "set / not set" and the last
 * test result; the feed clients get the key itself through `getKey` (main only). Listeners hear
 * every change, which is how the app switches between the demo feed and the real feeds.
 */
import type { FeedResult } from '../clients/http/result'
import { SecretStoreError, type KeyAccount, type SecretStore, KEY_ACCOUNTS } from './secret-store'

export interface KeyTestResult {
  ok: boolean
  message: string
  /** Epoch ms. */
  at: number
}

export interface KeyStatus {
  set: boolean
  lastTest: KeyTestResult | null
}

export type KeysStatus = Record<KeyAccount, KeyStatus>

export type KeyErrorCode = 'no_keychain' | 'invalid_key'
export type KeyResult<T> = { ok: true; value: T } | { ok: false; error: { code: KeyErrorCode; message: string } }

/** A cheap real call with the stored key (data service `/classes?limit=1`, odds `/bookmaker/{id}`). */
export type KeyTester = (signal?: AbortSignal) => Promise<FeedResult<unknown>>

export interface KeyChange {
  account: KeyAccount
  reason: 'set' | 'removed' | 'tested'
  status: KeyStatus
}

/** Whether the last keychain call went through; `reason` says why not, in the adapter's words. */
export type KeychainState = { reachable: true } | { reachable: false; reason: string }

export interface KeyServiceOptions {
  store: SecretStore
  testers: Record<KeyAccount, KeyTester>
  now?: () => number
}

/** Keys go into an HTTP header: visible ASCII only, so no header injection and no stray whitespace. */
const KEY_PATTERN = /^[\x21-\x7e]{1,4096}$/

export class KeyService {
  /** Keys read once from the keychain, so a request does not cost a D-Bus round trip. */
  private readonly cache = new Map<KeyAccount, string | null>()
  private readonly lastTests = new Map<KeyAccount, KeyTestResult>()
  private readonly listeners = new Set<(change: KeyChange) => void>()
  private readonly keychainListeners = new Set<(state: KeychainState) => void>()
  private keychain: KeychainState | null = null
  private readonly now: () => number

  constructor(private readonly options: KeyServiceOptions) {
    this.now = options.now ?? Date.now
  }

  onChange(listener: (change: KeyChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Hears when the keychain becomes unreachable or reachable again (on the next call that tells). */
  onKeychainChange(listener: (state: KeychainState) => void): () => void {
    this.keychainListeners.add(listener)
    return () => this.keychainListeners.delete(listener)
  }

  async status(): Promise<KeyResult<KeysStatus>> {
    // Every account at once: each read is a round trip to the keychain (D-Bus on Linux), and the
    // app's start waits for this answer to choose its feed.
    const keys = await Promise.all(KEY_ACCOUNTS.map((account) => this.read(account)))
    const entries: [KeyAccount, KeyStatus][] = []
    for (const [i, account] of KEY_ACCOUNTS.entries()) {
      const key = keys[i]!
      if (!key.ok) return key
      entries.push([account, this.statusOf(account, key.value !== null)])
    }
    return { ok: true, value: Object.fromEntries(entries) as KeysStatus }
  }

  /** For the feed clients (HttpClient `getKey`); throws SecretStoreError when there is no keychain. */
  async getKey(account: KeyAccount): Promise<string | null> {
    const key = await this.read(account)
    if (!key.ok) throw new SecretStoreError(key.error.message)
    return key.value
  }

  async setKey(account: KeyAccount, secret: string): Promise<KeyResult<KeyStatus>> {
    const key = secret.trim()
    if (!KEY_PATTERN.test(key)) {
      return {
        ok: false,
        error: { code: 'invalid_key', message: 'a key must be 1 to 4096 visible characters, without spaces' },
      }
    }
    const stored = await this.guard(() => this.options.store.set(account, key))
    if (!stored.ok) return stored
    this.cache.set(account, key)
    this.lastTests.delete(account)
    return { ok: true, value: this.changed(account, 'set', true) }
  }

  async removeKey(account: KeyAccount): Promise<KeyResult<KeyStatus>> {
    const removed = await this.guard(() => this.options.store.delete(account))
    if (!removed.ok) return removed
    this.cache.set(account, null)
    this.lastTests.delete(account)
    return { ok: true, value: this.changed(account, 'removed', false) }
  }

  async testKey(account: KeyAccount, signal?: AbortSignal): Promise<KeyResult<KeyTestResult>> {
    const key = await this.read(account)
    if (!key.ok) return key
    let result: KeyTestResult
    if (key.value === null) {
      result = { ok: false, message: 'no key set', at: this.now() }
    } else {
      const answer = await this.options.testers[account](signal)
      result = { ok: answer.ok, message: answer.ok ? 'key works' : answer.error.message, at: this.now() }
    }
    this.lastTests.set(account, result)
    this.changed(account, 'tested', key.value !== null)
    return { ok: true, value: result }
  }

  private async read(account: KeyAccount): Promise<KeyResult<string | null>> {
    if (this.cache.has(account)) return { ok: true, value: this.cache.get(account) ?? null }
    const key = await this.guard(() => this.options.store.get(account))
    if (key.ok) this.cache.set(account, key.value)
    return key
  }

  private async guard<T>(operation: () => Promise<T>): Promise<KeyResult<T>> {
    try {
      const value = await operation()
      this.keychainSeen({ reachable: true })
      return { ok: true, value }
    } catch (error) {
      // Only the adapter's own words cross; any other error text could carry anything.
      const message = error instanceof SecretStoreError ? error.message : 'no keychain available'
      this.keychainSeen({ reachable: false, reason: message })
      return { ok: false, error: { code: 'no_keychain', message } }
    }
  }

  private keychainSeen(state: KeychainState): void {
    const before = this.keychain
    this.keychain = state
    const same =
      before !== null && (before.reachable ? state.reachable : !state.reachable && before.reason === state.reason)
    if (same) return
    for (const listener of this.keychainListeners) listener(state)
  }

  private statusOf(account: KeyAccount, set: boolean): KeyStatus {
    return { set, lastTest: this.lastTests.get(account) ?? null }
  }

  private changed(account: KeyAccount, reason: KeyChange['reason'], set: boolean): KeyStatus {
    const status = this.statusOf(account, set)
    for (const listener of this.listeners) listener({ account, reason, status })
    return status
  }
}
