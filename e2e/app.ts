import type { SimulatorInfo } from '../src/sim/types'
import { pointAppAtFeed } from './bridge'
import { expect, type Locator, type Page } from './fixtures'

/**
 * Opens the app and waits until it is ready for the trader: the host line shows the app's first
 * bridge answer, which is asked for once the shell has mounted, so its hotkeys are bound. A key
 * pressed before that would be lost.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.getByTestId('host-info')).toContainText(/ · (browser|electron) · /)
}

/**
 * Points the app at `feed` with `key` (`pointAppAtFeed`; end the test with `endFeedSession`) and
 * waits until it has left the demo feed: the demo badge goes once the configured services are used.
 */
export async function switchToFeed(page: Page, feed: SimulatorInfo, key: string): Promise<void> {
  await pointAppAtFeed(page, feed, key)
  await expect(page.getByTestId('demo-badge')).toHaveCount(0)
}

/**
 * Drags across the middle of Review's chart from `from` to `to` (fractions of the plot's width),
 * as a trader picks a range to zoom into.
 */
export async function dragAcrossChart(page: Page, from: number, to: number): Promise<void> {
  const box = await page.getByTestId('review-chart').locator('.u-over').boundingBox()
  if (!box) throw new Error('the chart has no plot area')
  await page.mouse.move(box.x + box.width * from, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * to, box.y + box.height / 2, { steps: 5 })
  await page.mouse.up()
}

/** The one DOM property `showTheme` flips in the page (the Node-side types have no DOM). */
interface ThemeScope {
  document: { documentElement: { dataset: Record<string, string | undefined> } }
}

/** Shows the page in `theme` for a screenshot, without saving it in the settings. */
export function showTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  return page.evaluate((theme) => {
    ;(globalThis as unknown as ThemeScope).document.documentElement.dataset['theme'] = theme
  }, theme)
}

/**
 * After the override editor's first confirm: answers its second ask when there is one (the live
 * price is random, and a jump above the default limit is asked about again; override-sanity.spec.ts
 * tests that step itself), waits for "Done" and closes the editor.
 */
export async function finishOverrideSet(page: Page, editor: Locator): Promise<void> {
  const secondAsk = editor.getByRole('button', { name: 'Yes, set it' })
  await expect(page.getByTestId('override-answer').or(secondAsk)).toBeVisible()
  if (await secondAsk.isVisible()) await secondAsk.click()
  await expect(page.getByTestId('override-answer')).toContainText('Done')
  await editor.getByRole('button', { name: 'Close' }).click()
}
