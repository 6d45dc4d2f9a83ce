/**
 * Keeps keys out of everything the fault path writes (the health model, log lines, crash files).
 * Two nets: every key value that passed through the keychain port in this run is replaced exactly,
 * whatever its shape, and so are the forms a hostile server was seen to echo it back in (reversed,
 * lower- or upper-cased, base64, also inside a longer base64 text); and anything shaped like a credential (a `token=`/`key=`/`Authorization`
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
  /** Every known key's forms in one pattern, longest first (one pass over the text, not one per form). */
  private knownPattern: RegExp | null = null

  /** Remembers a key value so it is replaced wherever it shows up, in any of its echoed forms. */
  remember(secret: string | null | undefined): void {
    if (!secret || secret.length < MIN_KNOWN_LENGTH || this.known.has(secret)) return
    this.known.add(secret)
    const forms = [...new Set([...this.known].flatMap(echoedForms))].sort((a, b) => b.length - a.length)
    this.knownPattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g')
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
    const out = this.knownPattern ? text.replace(this.knownPattern, REDACTED) : text
    return out
      .replace(NAMED_SECRET, (_all, name: string, separator: string) => `${name}${separator}${REDACTED}`)
      .replace(BEARER, `Bearer ${REDACTED}`)
      .replace(RANDOM_LOOKING, REDACTED)
  }
}

/** A key as sent, reversed, and each in either case; each of those also as base64 text. */
function echoedForms(secret: string): string[] {
  const reversed = [...secret].reverse().join('')
  const cased = [secret, reversed].flatMap((form) => [form, form.toLowerCase(), form.toUpperCase()])
  return [...cased, ...cased.flatMap(base64Forms)]
}

/**
 * The base64 (and base64url) characters that stand for these bytes wherever they sit in a longer
 * encoded text: at each of the three alignments, only the characters no neighbouring byte touches.
 */
function base64Forms(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8')
  return [0, 1, 2].flatMap((offset) => {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes])
    const first = Math.ceil((offset * 8) / 6)
    const last = Math.floor((shifted.length * 8) / 6)
    const standard = shifted.toString('base64').slice(first, last)
    return [standard, standard.replaceAll('+', '-').replaceAll('/', '_')]
  })
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
