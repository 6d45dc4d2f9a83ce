/**
 * SecretStore over keytar (macOS Keychain, Windows Credential Vault, the Secret Service on Linux).
 * keytar is a native module: it is loaded on first use, so a machine without it (or without a
 * D-Bus Secret Service) still starts, and the trader is told "no keychain available" in words.
 * There is deliberately no clear-text fallback.
 */
import { KEYCHAIN_SERVICE, SecretStoreError, type KeyAccount, type SecretStore } from '../core/secrets/secret-store'

type Keytar = Pick<typeof import('keytar'), 'getPassword' | 'setPassword' | 'deletePassword'>

const NO_KEYCHAIN = 'no keychain available'

export class KeytarSecretStore implements SecretStore {
  private keytar: Promise<Keytar> | undefined

  /** `service` is overridable so tests never touch a real user's "Odds Monitor" entries. */
  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  get(account: KeyAccount): Promise<string | null> {
    return this.call((k) => k.getPassword(this.service, account))
  }

  set(account: KeyAccount, secret: string): Promise<void> {
    return this.call((k) => k.setPassword(this.service, account, secret), secret)
  }

  delete(account: KeyAccount): Promise<boolean> {
    return this.call((k) => k.deletePassword(this.service, account))
  }

  private async call<T>(operation: (keytar: Keytar) => Promise<T>, secret?: string): Promise<T> {
    const keytar = await this.load()
    try {
      return await operation(keytar)
    } catch (error) {
      throw new SecretStoreError(`${NO_KEYCHAIN} (${reason(error, secret)})`)
    }
  }

  private load(): Promise<Keytar> {
    this.keytar ??= import('keytar').then(
      (module) => (module as { default?: Keytar }).default ?? module,
      () => {
        this.keytar = undefined // a later call may succeed, e.g. after the package is repaired
        throw new SecretStoreError(`${NO_KEYCHAIN} (the keychain module could not be loaded)`)
      },
    )
    return this.keytar
  }
}

/** keytar's errors are libsecret/D-Bus sentences; keep them short, and never let the secret through. */
function reason(error: unknown, secret: string | undefined): string {
  const text = error instanceof Error ? error.message : String(error)
  if (/could not connect/i.test(text)) return 'no D-Bus session'
  if (/d-?bus|secrets|secret service|collection/i.test(text)) return 'no Secret Service on D-Bus'
  const short = text.split('\n')[0]?.slice(0, 160) ?? 'unknown error'
  return secret ? short.split(secret).join('[key]') : short
}
