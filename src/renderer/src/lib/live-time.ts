/**
 * Ages ("12s") and countdowns ("4:32") that move every second without re-rendering React: one
 * timer rewrites a `data-label` attribute (shown by CSS `content: attr(data-label)`) on every
 * element carrying `data-since` or `data-until`. A React re-render per cell per second would
 * defeat the board's one-change-one-render discipline.
 */
import { formatAge, formatCountdown } from './format'

export function sinceLabel(since: number): string {
  return formatAge(Date.now() - since)
}

export function untilLabel(until: number): string {
  return formatCountdown(until - Date.now())
}

export function startLiveTime(root: ParentNode = document, everyMs = 1000): () => void {
  const timer = setInterval(() => {
    for (const el of root.querySelectorAll<HTMLElement>('[data-since],[data-until]')) {
      const since = el.dataset['since']
      const until = el.dataset['until']
      const label = since !== undefined ? sinceLabel(Number(since)) : untilLabel(Number(until))
      // An unchanged label is not written: every write invalidates the element's style.
      if (el.dataset['label'] !== label) el.dataset['label'] = label
    }
  }, everyMs)
  return () => clearInterval(timer)
}
