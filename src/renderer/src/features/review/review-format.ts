/** Review's number and time formats: times to the millisecond, because ticks of one second are told apart by it. */

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

/** `14:03:07.250` local time. */
export function formatTickTime(epochMs: number): string {
  const d = new Date(epochMs)
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
}

/** `May 3 14:03:07 – 14:10:00`: a range, with the day once when both ends share it. */
export function formatRange(from: number, to: number): string {
  const day = (t: number) => new Date(t).toLocaleDateString([], { month: 'short', day: 'numeric' })
  const time = (t: number) => formatTickTime(t).slice(0, 8)
  return day(from) === day(to)
    ? `${day(from)} ${time(from)} – ${time(to)}`
    : `${day(from)} ${time(from)} – ${day(to)} ${time(to)}`
}

/** Two decimals like the board, more when the axis steps are finer (a zoomed range), so no two labels read alike. */
export function priceAxisLabels(values: readonly number[]): string[] {
  const step = values.length > 1 ? Math.abs((values[1] as number) - (values[0] as number)) : 1
  const decimals = step > 0 ? Math.min(4, Math.max(2, Math.ceil(-Math.log10(step) - 1e-9))) : 2
  return values.map((v) => v.toFixed(decimals))
}

/** Room beside the labels: the tick marks (10 px) and uPlot's gap (5 px), and a little air. */
const PRICE_AXIS_GAP = 20

/**
 * The price axis as wide as its widest label, so a spike to 1000.00 is not cut to "000.00" by a
 * width that suited 1.85. `measure` is the text width in CSS pixels in the axis font.
 */
export function priceAxisWidth(labels: readonly string[], measure: (text: string) => number): number {
  let widest = 0
  for (const label of labels) widest = Math.max(widest, measure(label))
  return Math.ceil(widest) + PRICE_AXIS_GAP
}

/** `45 s`, `12 min`, `2 h 5 min`: how long a replay range is. */
export function formatSpan(from: number, to: number): string {
  const seconds = Math.max(1, Math.round((to - from) / 1000))
  if (seconds < 120) return `${seconds} s`
  const minutes = Math.round(seconds / 60)
  return minutes < 120 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/**
 * The chart's time axis in 24 h, like every other time on screen: `14:03`, with seconds where the
 * labels are less than a minute apart (`14:03:20`). `values` are uPlot's, in epoch seconds.
 */
export function timeAxisLabels(values: readonly number[]): string[] {
  const step = values.length > 1 ? Math.abs((values[1] as number) - (values[0] as number)) : 60
  const length = step < 60 ? 8 : 5
  return values.map((v) => formatTickTime(v * 1000).slice(0, length))
}

/** The time under the chart's cursor: `14:03:07` (uPlot's value, in epoch seconds). */
export function cursorTimeLabel(value: number | null): string {
  return value === null ? '—' : formatTickTime(value * 1000).slice(0, 8)
}
