/** Review times: to the millisecond, because ticks of one second are told apart by it. */

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
  return day(from) === day(to) ? `${day(from)} ${time(from)} – ${time(to)}` : `${day(from)} ${time(from)} – ${day(to)} ${time(to)}`
}
