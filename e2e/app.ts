import { expect, type Page } from './fixtures'

/**
 * Opens the app and waits until it is ready for the trader: the host line shows the app's first
 * bridge answer, which is asked for once the shell has mounted, so its hotkeys are bound. A key
 * pressed before that would be lost.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.getByTestId('host-info')).toContainText(/ · (browser|electron) · /)
}
