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

/**
 * Words around a countdown, carried on the element as `data-prefix` / `data-done`: a countdown
 * that has run out says so (`expired`) instead of standing at 0:00 for ever.
 */
export interface UntilWords {
  prefix?: string
  done?: string
}

export function untilLabel(until: number, words: UntilWords = {}): string {
  const left = until - Date.now()
  if (left <= 0 && words.done !== undefined) return words.done
  return `${words.prefix ?? ''}${formatCountdown(left)}`
}

/** An override in force reads `expires in 4:32`, then `expired` once its time is up. */
export const OVERRIDE_COUNTDOWN: UntilWords = { prefix: 'expires in ', done: 'expired' }

/** The attributes of a live countdown element (startLiveTime keeps its label moving). */
export function untilAttributes(until: number, words: UntilWords = {}) {
  return {
    'data-until': until,
    'data-prefix': words.prefix,
    'data-done': words.done,
    'data-label': untilLabel(until, words),
  }
}

export function startLiveTime(root: ParentNode = document, everyMs = 1000): () => void {
  const timer = setInterval(() => {
    for (const el of root.querySelectorAll<HTMLElement>('[data-since],[data-until]')) {
      const since = el.dataset['since']
      const until = el.dataset['until']
      const words = { prefix: el.dataset['prefix'], done: el.dataset['done'] }
      const label = since !== undefined ? sinceLabel(Number(since)) : untilLabel(Number(until), words)
      // An unchanged label is not written: every write invalidates the element's style.
      if (el.dataset['label'] !== label) el.dataset['label'] = label
    }
  }, everyMs)
  return () => clearInterval(timer)
}
