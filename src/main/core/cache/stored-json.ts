/** A JSON row the cache stored, read back through its schema: rows written by another version may no longer read. */

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false }
}

/** The row as `schema` reads it; null when absent or no longer readable. */
export function storedJson<T>(schema: Schema<T>, text: string | undefined): T | null {
  if (text === undefined) return null
  try {
    const result = schema.safeParse(JSON.parse(text))
    return result.success ? result.data : null
  } catch {
    return null
  }
}
