/**
 * Ages ("12s"), countdowns ("4:32") and match clocks ("2 14′") that move every second without
 * re-rendering React: one timer rewrites a `data-label` attribute (shown by CSS
 * `content: attr(data-label)`) on every element carrying `data-since`, `data-until` or
 * `data-clock-from`. A React re-render per cell per second would defeat the board's
 * one-change-one-render discipline. "Now" is the replayed instant while a desk replay shows
 * (setLiveNow), so a replayed card's ages, countdowns and match clock read as they did then.
 */
import { formatAge, formatCountdown } from './format'

let now: () => number = () => Date.now()

/** The instant labels are measured from: the wall clock, or (while replaying) the replay's clock. */
export function liveNow(): number {
  return now()
}

/** Measures labels from `source` (a replay's clock); null goes back to the wall clock. */
export function setLiveNow(source: (() => number) | null): void {
  now = source ?? (() => Date.now())
}

export function sinceLabel(since: number): string {
  return formatAge(now() - since)
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
  const left = until - now()
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

/** A running match clock: `prefix` (the period) and the whole minutes since the clock read 0. */
function clockLabel(zero: number, prefix = ''): string {
  return `${prefix}${Math.max(0, Math.floor((now() - zero) / 60_000))}′`
}

/** The attributes of a running match clock (startLiveTime keeps it running). */
export function clockAttributes(zero: number, prefix: string) {
  return { 'data-clock-from': zero, 'data-prefix': prefix, 'data-label': clockLabel(zero, prefix) }
}

function labelOf(el: HTMLElement): string {
  const { since, until, clockFrom, prefix, done } = el.dataset
  if (since !== undefined) return sinceLabel(Number(since))
  if (clockFrom !== undefined) return clockLabel(Number(clockFrom), prefix)
  return untilLabel(Number(until), { prefix, done })
}

/** Every moving label: ages, countdowns and match clocks. */
const MOVING_LABELS = '[data-since],[data-until],[data-clock-from]'

/** The labels a fast replay keeps moving with its clock: countdowns and match clocks (not ages). */
export const COUNTING_LABELS = '[data-until],[data-clock-from]'

/**
 * Rewrites the moving labels under `root` (those `selector` picks) from the current "now". The
 * wall-clock timer calls it every second; a replay calls it whenever its clock moves.
 */
export function refreshLiveLabels(root: ParentNode = document, selector = MOVING_LABELS): void {
  for (const el of root.querySelectorAll<HTMLElement>(selector)) {
    const label = labelOf(el)
    // An unchanged label is not written: every write invalidates the element's style.
    if (el.dataset['label'] !== label) el.dataset['label'] = label
  }
}

/** Set while the owner of "now" (a fast replay) rewrites the labels itself, at every move of its clock. */
let timerHeld = false

/** Holds (or lets go of) the one-second timer: a fast replay's labels move with its steps instead. */
export function holdLabelTimer(held: boolean): void {
  timerHeld = held
}

export function startLiveTime(root: ParentNode = document, everyMs = 1000): () => void {
  const timer = setInterval(() => timerHeld || refreshLiveLabels(root), everyMs)
  return () => clearInterval(timer)
}
