/**
 * Per-service state and the gate every request passes. It is what stops a retry storm: once the
 * server rejects the key (401), every further call fails at once without touching the network,
 * and a 403 does the same for that scope (a sport, a bookmaker), until the key changes. A 429
 * closes the gate for the whole service until its Retry-After has passed, so concurrent callers
 * wait together instead of each hitting the limit. The state is observable for the health model.
 *
 * The gate recognises "the key changed" by a SHA-256 fingerprint, so the state never holds the key.
 * The key's style is part of what it fingerprints: a key rejected as a Bearer key may be a marketplace
 * key, so changing the style lifts the rejection as a new key does.
 * Nothing the server says locks the trader out for long: the client honours a Retry-After for at
 * most MAX_IMPOSED_WAIT_MS, and `reopen` (a key set again, a settings change, "Retry now") clears
 * every refusal, since a 401 may have been a glitch and the trader is the judge of that.
 */
import { createHash } from 'node:crypto'
import type { KeyStyle } from '../../../../shared/wire/keys'
import type { FeedError } from './result'

export type ServiceName = 'data-service' | 'odds-feed'

export type ServiceStatus = 'idle' | 'ok' | 'no_key' | 'key_rejected' | 'no_access' | 'backing_off' | 'failing'

export interface ServiceState {
  service: ServiceName
  status: ServiceStatus
  /** Plain words for the trader ("key rejected", "no access to this sport"). */
  message: string
  /** Scopes (sports, the bookmaker) this key was refused for; cleared when the key changes. */
  noAccess: string[]
  /** Epoch ms before which no request is sent (429), or null. */
  retryAt: number | null
  lastOkAt: number | null
}

export type ServiceStateListener = (state: ServiceState) => void

const SERVICE_WORDS: Record<ServiceName, string> = { 'data-service': 'the data service', 'odds-feed': 'the odds feed' }

export function serviceWords(service: ServiceName): string {
  return SERVICE_WORDS[service]
}

/** A key as the gate judges it: the key and how it is sent. */
export interface GateCredential {
  key: string
  style: KeyStyle
}

function fingerprint(credential: GateCredential | null): string {
  return credential === null ? '' : createHash('sha256').update(`${credential.style}\n${credential.key}`).digest('hex')
}

/**
 * The longest wait a 429's Retry-After may impose. A server (or anything between) answering
 * `Retry-After: 3600` kept both services refused for the hour; past this the next call asks again,
 * and a server still overloaded answers 429 again.
 */
export const MAX_IMPOSED_WAIT_MS = 5 * 60_000

export class ServiceGate {
  private current: ServiceState
  private keyPrint = ''
  private keyRejected = false
  private readonly refusedScopes = new Map<string, string>()
  private readonly listeners = new Set<ServiceStateListener>()

  constructor(
    readonly service: ServiceName,
    private readonly now: () => number = Date.now,
  ) {
    this.current = { service, status: 'idle', message: 'not used yet', noAccess: [], retryAt: null, lastOkAt: null }
  }

  state(): ServiceState {
    return { ...this.current, noAccess: [...this.current.noAccess] }
  }

  onChange(listener: ServiceStateListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * The error to answer without a network call, or null to go ahead. A new key lifts every
   * rejection recorded against the old one; so does a new style.
   */
  refusal(scope: string, credential: GateCredential | null): FeedError | null {
    const print = fingerprint(credential)
    if (print !== this.keyPrint) {
      this.keyPrint = print
      this.keyRejected = false
      this.refusedScopes.clear()
      this.update({ status: 'idle', message: 'key changed', noAccess: [] })
    }
    if (credential === null) {
      const message = `no key set for ${serviceWords(this.service)}`
      if (this.current.status !== 'no_key') this.update({ status: 'no_key', message })
      return { kind: 'key_rejected', message }
    }
    if (this.keyRejected) return { kind: 'key_rejected', status: 401, message: 'key rejected' }
    const refused = this.refusedScopes.get(scope)
    if (refused !== undefined) return { kind: 'no_access', status: 403, message: refused }
    return null
  }

  /** Milliseconds the caller must still wait before sending (0 when the gate is open). */
  waitMs(): number {
    const retryAt = this.current.retryAt
    return retryAt === null ? 0 : Math.max(0, retryAt - this.now())
  }

  recordOk(): void {
    if (this.current.status === 'ok' && this.current.retryAt === null) {
      this.current.lastOkAt = this.now()
      return
    }
    // A response that was already in flight must not reopen a gate another caller's 429 closed.
    const retryAt = this.waitMs() > 0 ? this.current.retryAt : null
    const status = retryAt === null ? 'ok' : 'backing_off'
    this.update({ status, message: status === 'ok' ? 'ok' : this.current.message, retryAt, lastOkAt: this.now() })
  }

  recordKeyRejected(): void {
    this.keyRejected = true
    this.update({ status: 'key_rejected', message: 'key rejected' })
  }

  recordNoAccess(scope: string, message: string): void {
    this.refusedScopes.set(scope, message)
    this.update({ status: 'no_access', message, noAccess: [...this.refusedScopes.keys()] })
  }

  recordBackoff(untilMs: number, message: string): void {
    this.update({ status: 'backing_off', message, retryAt: Math.max(untilMs, this.current.retryAt ?? 0) })
  }

  /** Lifts every refusal and wait: the next call goes to the server, whatever it said before. */
  reopen(reason: string): void {
    this.keyRejected = false
    this.refusedScopes.clear()
    this.update({ status: 'idle', message: reason, noAccess: [], retryAt: null })
  }

  recordFailure(message: string): void {
    this.update({ status: 'failing', message, retryAt: null })
  }

  private update(patch: Partial<ServiceState>): void {
    this.current = { ...this.current, ...patch }
    const snapshot = this.state()
    for (const listener of this.listeners) listener(snapshot)
  }
}
