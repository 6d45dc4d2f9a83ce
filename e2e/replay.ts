/** The desk replay as the specs drive it. */

/** `HH:MM:SS` local time, as the picker's time fields take it. */
export function clockTime(at: number): string {
  const d = new Date(at)
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':')
}
