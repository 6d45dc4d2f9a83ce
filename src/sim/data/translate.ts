/**
 * `lang`: translated names where the world has them (country and class names, also inside the
 * league/tournament names built from them). Applies to every `name` and `*_name` field, nested too.
 */
import { TRANSLATIONS } from '../world/names'

function translateText(text: string, dictionary: Record<string, string>): string {
  return text.replace(/[A-Za-z]+/g, (word) => dictionary[word] ?? word)
}

function translateValue(value: unknown, dictionary: Record<string, string>, isName: boolean): unknown {
  if (typeof value === 'string') return isName ? translateText(value, dictionary) : value
  if (Array.isArray(value)) return value.map((v) => translateValue(v, dictionary, isName))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value))
      out[k] = translateValue(v, dictionary, k === 'name' || k.endsWith('_name'))
    return out
  }
  return value
}

/** Rows unchanged for no `lang` or a language the world has no translations in. */
export function translateRows(rows: Record<string, unknown>[], lang: string | null): Record<string, unknown>[] {
  const dictionary = lang ? TRANSLATIONS[lang.toLowerCase()] : undefined
  if (!dictionary) return rows
  return rows.map((row) => translateValue(row, dictionary, false) as Record<string, unknown>)
}
