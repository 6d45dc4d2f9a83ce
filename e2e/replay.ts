/** The desk replay as the specs drive it. */
import type { Page } from './fixtures'

/** `HH:MM:SS` local time, as the picker's time fields take it. */
export function clockTime(at: number): string {
  const d = new Date(at)
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':')
}

/**
 * Opens the replay picker, sets its range `from`–`to` (epoch ms, to the second) and, when given, the
 * speed it starts at, and starts the replay.
 */
export async function openReplay(page: Page, from: number, to: number, speed?: 1 | 10 | 60): Promise<void> {
  await page.getByTestId('replay-open').click()
  const picker = page.getByTestId('replay-picker')
  await picker.getByTestId('replay-from').fill(clockTime(from))
  await picker.getByTestId('replay-to').fill(clockTime(to))
  if (speed !== undefined) await picker.getByTestId(`replay-start-speed-${speed}`).click()
  await picker.getByTestId('replay-go').click()
}
