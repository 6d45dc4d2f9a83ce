import { succeed, type FeedResult } from './result'

/**
 * Reads consecutive pages until one comes back short or `maxRows` are in hand. Any failed page
 * fails the whole walk: a caller never gets (or caches) a list with a hole in the middle.
 */
export async function collectPages(
  fetchPage: (index: number, collected: number) => Promise<FeedResult<{ rows: unknown[]; requested: number }>>,
  maxRows: number,
): Promise<FeedResult<unknown[]>> {
  const rows: unknown[] = []
  for (let index = 0; rows.length < maxRows; index++) {
    const page = await fetchPage(index, rows.length)
    if (!page.ok) return page
    rows.push(...page.value.rows)
    if (page.value.rows.length < page.value.requested) break
  }
  return succeed(rows.slice(0, maxRows))
}
