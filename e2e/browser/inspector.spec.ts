/**
 * The raw frame inspector through the real headless host and its simulator, which tears some
 * stream frames (`--sim-faults malformed=…`): it opens from the palette and with `I`, shows frames
 * as they arrive, holds still when paused while frames keep arriving, filters by type and match,
 * shows a torn frame with the reason it was refused, copies a frame, and never shows a key or the
 * host's token.
 */
import { expect, test, type Page } from '../fixtures'
import { openApp } from '../app'
import { watchLiveMatches, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

/** The demo simulator's key (src/sim/index.ts): the streams' token on the demo feed. */
const DEMO_KEY = 'demo-key'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost({ args: ['--sim-rate', '600', '--sim-faults', 'malformed=0.03'] })
})
test.afterAll(async () => {
  await host.stop()
})

const count = async (page: Page, testId: string) => Number(await page.getByTestId(testId).getAttribute('data-count'))

/** What each shown row says of itself, read in one go (rows come and go four times a second). */
function shownRows(page: Page, attribute: 'data-seq' | 'data-type' | 'data-match' | 'data-refused') {
  return page
    .getByTestId('frame-row')
    .evaluateAll((rows, name) => rows.map((row) => row.getAttribute(name) ?? ''), attribute)
}

test('the inspector shows raw frames, pauses, filters, explains a refused frame, and shows no token', async ({
  page,
}, testInfo) => {
  await openApp(page, host.url)
  const matchIds = await watchLiveMatches(page, 3)
  const inspector = page.getByTestId('frame-inspector')

  // Its key is off while the trader types: an `i` typed into a field stays in the field.
  const market = page.getByLabel('Market')
  await market.pressSequentially('i')
  await expect(market).toHaveValue('i')
  await expect(inspector).toHaveCount(0)
  await market.fill('')
  await market.blur()

  // Opened from the palette, closed and opened again with its key.
  await page.keyboard.press('Control+K')
  await page.getByRole('textbox', { name: 'Command' }).fill('frame inspector')
  await page.keyboard.press('Enter')
  await expect(inspector).toBeVisible()
  await expect(page.getByTestId('frame-row').first()).toBeVisible()
  await page.keyboard.press('i')
  await expect(inspector).toHaveCount(0)
  await page.keyboard.press('i')
  await expect(inspector).toBeVisible()
  await expect.poll(() => count(page, 'frames-received')).toBeGreaterThan(50)
  const firstRow = page.getByTestId('frame-row').first()
  await expect(firstRow).toContainText(/^\d\d:\d\d:\d\d\.\d{3}(odds|data):\d+:\w+\d+ B/)

  // Paused: the list holds still while frames keep arriving behind it.
  await page.getByTestId('frames-pause').click()
  const held = await shownRows(page, 'data-seq')
  const shown = await count(page, 'frames-shown')
  const received = await count(page, 'frames-received')
  await expect.poll(() => count(page, 'frames-received')).toBeGreaterThan(received + 100)
  expect(await shownRows(page, 'data-seq')).toEqual(held)
  expect(await count(page, 'frames-shown')).toBe(shown)
  await page.getByTestId('frames-pause').click()
  await expect.poll(() => count(page, 'frames-shown')).toBeGreaterThan(shown)

  // By message type, then by match as well.
  await page.getByLabel('Frame type').selectOption('type:price')
  await expect.poll(async () => new Set(await shownRows(page, 'data-type'))).toEqual(new Set(['price']))
  const picked = String(matchIds[1])
  await page.getByLabel('Frame match').selectOption(picked)
  await expect.poll(async () => new Set(await shownRows(page, 'data-match'))).toEqual(new Set([picked]))
  expect(new Set(await shownRows(page, 'data-type'))).toEqual(new Set(['price']))

  // A torn frame, with the reason it was refused.
  await page.getByLabel('Frame match').selectOption('all')
  await page.getByLabel('Frame type').selectOption('refused')
  await expect(firstRow).toBeVisible({ timeout: 30_000 })
  expect(new Set(await shownRows(page, 'data-refused'))).toEqual(new Set(['malformed']))
  await expect(firstRow).toContainText('malformed: not JSON (truncated or garbled)')
  await firstRow.click()
  await expect(page.getByTestId('frame-refusal')).toHaveText('Refused (malformed): not JSON (truncated or garbled)')
  await expect(page.getByTestId('frame-url')).toContainText(/\/live\/.*\?token=\[redacted\]$/)

  // Copy one: what lands on the clipboard is the frame's text.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin })
  const text = await page.getByTestId('frame-text').textContent()
  expect(text?.length).toBeGreaterThan(0)
  await page.getByTestId('frame-copy').click()
  await expect(page.getByTestId('frame-copy')).toHaveText('Copied')
  const clipboard = () =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText()
  expect(await page.evaluate(clipboard)).toBe(text)

  await page.screenshot({ path: testInfo.outputPath('inspector.png') })
  const pageText = await page.locator('body').innerText()
  expect(pageText).toContain('token=[redacted]')
  expect(pageText).not.toContain(DEMO_KEY)
  expect(pageText).not.toContain(host.token)
  expect(pageText).not.toMatch(/token=(?!\[redacted\])/)

  // A lease outside the contract is refused in words before any handler sees it.
  const refused = await page.evaluate(() =>
    (globalThis as unknown as PageScope).oddsMonitor.invoke('inspector:open', { lease: '../../etc' }),
  )
  expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
})
