/** Number and time formats shared by the board, the tape and the alerts. */
import type { Direction } from '../../../shared/domain'

export { formatPrice } from '../../../shared/price-format'

export function formatPct(pct: number): string {
  return `${pct > 0 ? '+' : ''}${pct.toFixed(1)}%`
}

const ARROWS: Record<Direction, string> = { up: '▲', down: '▼', flat: '' }

/** The arrow of a move's direction; nothing for no move. */
export function arrowOf(direction: Direction): string {
  return ARROWS[direction]
}

/**
 * A price cell's last move: `▲2.5%`, `▼0.7%`; the arrow carries the sign. Nothing for no move. From
 * 100 % on in whole per cent (`▲1240%`): a tenth of a per cent says nothing there, and the figure
 * stays short enough for a grid cell (`▲98911%` from 1.01 to 1000).
 */
export function formatMove(direction: Direction, pct: number): string {
  if (direction === 'flat') return ''
  const size = Math.abs(pct)
  // 99.95 and up would read "100.0" in tenths.
  return `${arrowOf(direction)}${size.toFixed(size < 99.95 ? 1 : 0)}%`
}

/** Compact age: `4s`, `12m`, `3h`, `2d`; `—` for no time. */
export function formatAge(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—'
  const s = Math.max(0, Math.floor(ms / 1000))
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m`
  if (s < 86_400) return `${Math.floor(s / 3600)}h`
  return `${Math.floor(s / 86_400)}d`
}

/**
 * Two latencies in the unit of the larger: `3/12 ms`, `0.9/2.6 s` (a second and up in seconds).
 * Whole ms below a second: the figures are read from 9 %-wide bins, a decimal would be noise.
 */
export function formatLatencyPair(ms: number, largerMs: number): string {
  if (largerMs >= 1000) return `${(ms / 1000).toFixed(1)}/${(largerMs / 1000).toFixed(1)} s`
  return `${Math.round(ms)}/${Math.round(largerMs)} ms`
}

/** Countdown `m:ss` (or `h:mm:ss`), never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

// Formatter objects are built once: toLocaleTimeString builds one per call, which shows up in the tape's profile.
const clockTime = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })
const startTime = new Intl.DateTimeFormat([], {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
})

export function formatClockTime(epochMs: number): string {
  return clockTime.format(epochMs)
}

/** A clock time with milliseconds, for raw frames that arrive many to a second. */
export function formatClockTimeMs(epochMs: number): string {
  return `${clockTime.format(epochMs)}.${String(Math.floor(epochMs % 1000)).padStart(3, '0')}`
}

export function formatStart(epochMs: number | null): string {
  return epochMs === null ? '' : startTime.format(epochMs)
}
