/**
 * JSON from outside (a feed, a REST answer, a settings file edited by hand, a page) parsed so that
 * no key can reach an object's prototype: `__proto__`, `constructor` and `prototype` keys are
 * refused, wherever they sit. JSON.parse alone keeps `__proto__` as an own key, which a later
 * copy or merge (a zod loose object, a spread, Object.assign) turns into a prototype.
 */

export type SafeJson =
  /** `proven`: the caller's `provenSafe` passed the value (see parseJsonSafely). */
  { ok: true; value: unknown; proven?: true } | { ok: false; reason: 'not-json' | 'forbidden-key'; detail: string }

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

class ForbiddenKey extends Error {}

function refuseForbidden(key: string, value: unknown): unknown {
  if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey(key)
  return value
}

/**
 * A key can only be forbidden if the text names it, or hides it behind a `\u` escape: every other
 * text takes the plain (fast) parse. Feeds send thousands of messages a second.
 */
function mayHoldForbiddenKey(text: string): boolean {
  return text.includes('proto') || text.includes('constructor') || text.includes('\\u')
}

/**
 * `provenSafe`, when given, looks at the plainly parsed value first and returns true only when
 * that alone proves it holds no forbidden key (a flat object whose keys are exactly a known set,
 * say): such a value skips the text scan, which costs a fifth of the parse on a feed message.
 * Anything it does not prove gets the scan, and a text the scan suspects is parsed again with
 * the guard. A proven value says so (`proven`), so a caller whose proof is also its decoder's
 * fast path need not ask again.
 */
export function parseJsonSafely(text: string, provenSafe?: (value: unknown) => boolean): SafeJson {
  try {
    if (!provenSafe)
      return {
        ok: true,
        value: mayHoldForbiddenKey(text)
          ? (JSON.parse(text, refuseForbidden) as unknown)
          : (JSON.parse(text) as unknown),
      }
    const value = JSON.parse(text) as unknown
    if (provenSafe(value)) return { ok: true, value, proven: true }
    if (!mayHoldForbiddenKey(text)) return { ok: true, value }
    return { ok: true, value: JSON.parse(text, refuseForbidden) as unknown }
  } catch (error) {
    if (error instanceof ForbiddenKey) return { ok: false, reason: 'forbidden-key', detail: `key "${error.message}"` }
    return { ok: false, reason: 'not-json', detail: 'not JSON (truncated or garbled)' }
  }
}
