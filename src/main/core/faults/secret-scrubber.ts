/**
 * Keeps keys out of everything the fault path writes (the health model, log lines, crash files).
 * Two nets: every key value that passed through the keychain port in this run is replaced exactly,
 * whatever its shape; and anything shaped like a credential (a `token=`/`key=`/`Authorization`
 * value, a Bearer token, a long random-looking word) is replaced too, which also catches keys this
 * run never read (a URL in an error message from another component, a key typed into a field).
 */
import type { KeyAccount, SecretStore } from '../secrets/secret-store'

export const REDACTED = '[redacted]'

/** Not a value already replaced: scrubbing scrubbed text (a stream's redacted frame) changes nothing. */
const NOT_REDACTED = String.raw`(?!\[redacted\])`
const NAMED_SECRET = new RegExp(
  String.raw`\b(token|api[_-]?key|key|secret|password|authorization|x-rapidapi-key)(["']?\s*[=:]\s*["']?)(bearer\s+)?${NOT_REDACTED}[^\s&"',;)}\]]+`,
  'gi',
)
const BEARER = new RegExp(String.raw`\bbearer\s+${NOT_REDACTED}[^\s"',;)}\]]+`, 'gi')
/**
 * 20+ letters and digits in one run, with both: the random part of API keys and tokens, not words,
 * stack frames, or times and paths (those are broken up by `-`, `:`, `/`).
 */
const RANDOM_LOOKING = /(?<![A-Za-z0-9])(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{20,}(?![A-Za-z0-9])/g
/** Known values shorter than this are not matched exactly: a 3-letter "key" would redact words. */
const MIN_KNOWN_LENGTH = 6

export class SecretScrubber {
  private readonly known = new Set<string>()

  /** Remembers a key value so it is replaced wherever it shows up. */
  remember(secret: string | null | undefined): void {
    if (secret && secret.length >= MIN_KNOWN_LENGTH) this.known.add(secret)
  }

  /** The same keychain port, remembering every key that is read from it or written to it. */
  watch(store: SecretStore): SecretStore {
    return {
      get: async (account: KeyAccount) => {
        const secret = await store.get(account)
        this.remember(secret)
        return secret
      },
      set: async (account: KeyAccount, secret: string) => {
        this.remember(secret)
        await store.set(account, secret)
      },
      delete: (account: KeyAccount) => store.delete(account),
    }
  }

  scrub(text: string): string {
    let out = text
    for (const secret of this.known) out = out.split(secret).join(REDACTED)
    return out
      .replace(NAMED_SECRET, (_all, name: string, separator: string) => `${name}${separator}${REDACTED}`)
      .replace(BEARER, `Bearer ${REDACTED}`)
      .replace(RANDOM_LOOKING, REDACTED)
  }
}
