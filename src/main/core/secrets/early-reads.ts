/**
 * A keychain whose first read of each key starts at once, before the core that asks for it has
 * loaded: the start waits for those reads to choose its feed (demo or real), and each is a round
 * trip to the keychain (D-Bus and gnome-keyring on Linux: 10 ms quiet, 100–250 ms on a busy
 * machine), which now overlaps the loading of the core instead of following it. Each early read is
 * used once; a key set or removed meanwhile drops it, and every later call goes to the keychain.
 */
import { KEY_ACCOUNTS, type KeyAccount, type SecretStore } from './secret-store'

export function readKeysEarly(keychain: SecretStore): SecretStore {
  const early = new Map<KeyAccount, Promise<string | null>>()
  for (const account of KEY_ACCOUNTS) {
    const read = keychain.get(account)
    read.catch(() => undefined) // a failure reaches whoever takes the read; unasked, it is nobody's
    early.set(account, read)
  }
  return {
    get(account) {
      const read = early.get(account)
      early.delete(account)
      return read ?? keychain.get(account)
    },
    set(account, secret) {
      early.delete(account)
      return keychain.set(account, secret)
    },
    delete(account) {
      early.delete(account)
      return keychain.delete(account)
    },
  }
}
