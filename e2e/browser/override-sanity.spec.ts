/**
 * Override sanity (issue 15.2) in the built app through the browser host: field errors in words
 * before any confirm step, an absurd price refused by the page and by the bridge, the jump from the
 * served price shown, a second ask above the trader's limit, and that limit set in Settings.
 */
import { expect, test } from '../fixtures'
import { setOverrideOn, watchLiveMatches } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  // No random walk: the served prices stay where the snapshot put them, so the jumps are known.
  host = await launchHost({ args: ['--sim-rate', '0'] })
})
test.afterAll(async () => {
  await host.stop()
})

test('an override is checked in words, shows its jump and asks twice above the limit', async ({ page }) => {
  await page.goto(host.url)
  await watchLiveMatches(page, 1)
  const cells = page.getByTestId('price-cell')
  await expect(cells.nth(1).getByTestId('cell-price')).toHaveText(/^\d+\.\d\d$/)
  const editor = page.getByTestId('override-editor')
  const price = editor.locator('input[name="price"]')
  const set = editor.getByRole('button', { name: 'Set override…' })

  const cell = cells.first()
  const served = Number(await cell.getByTestId('cell-price').textContent())
  await cell.click()
  await price.fill('2,5')
  await editor.locator('input[name="duration"]').fill('')
  await set.click()
  await expect(editor.getByTestId('override-error-price')).toHaveText('Must be a number (use . for decimals)')
  await expect(editor.getByTestId('override-error-duration')).toHaveText('Required')
  await price.fill('999999')
  await editor.locator('input[name="duration"]').fill('60')
  await set.click()
  await expect(editor.getByTestId('override-error-price')).toHaveText(
    'price must be at most 1000 (a price that high is a typo)',
  )
  await expect(editor.getByTestId('override-confirm')).toHaveCount(0)

  // Double the served price: +100 %, above the default 25 % limit, so it is asked twice.
  const doubled = (served * 2).toFixed(2)
  await price.fill(doubled)
  await set.click()
  const jump = `Now ${served.toFixed(2)} → ${doubled} (+${((Number(doubled) / served - 1) * 100).toFixed(1)}%)`
  await expect(editor.getByTestId('override-jump')).toHaveText(jump)
  await editor.getByRole('button', { name: 'Confirm set' }).click()
  await expect(editor.getByTestId('override-second-ask')).toContainText('more than your 25 % limit')
  // The second ask has the focus on Back: a second Enter does not send.
  await expect(editor.getByRole('button', { name: 'Back' })).toBeFocused()
  await editor.getByRole('button', { name: 'Yes, set it' }).click()
  await expect(editor.getByTestId('override-answer')).toContainText('Done')
  await editor.getByRole('button', { name: 'Close' }).click()
  await expect(cell.getByTestId('cell-price')).toHaveText(doubled)

  // The bridge refuses an absurd price too, whoever sends it.
  const outcome = (await cell.getAttribute('data-outcome')) ?? ''
  expect(await setOverrideOn(page, outcome, 999_999)).toMatchObject({ ok: false, error: { code: 'invalid_input' } })

  // The limit is the trader's: a typo is refused in words, 1000 % is kept.
  await page.getByTestId('nav-settings').click()
  const limit = page.getByLabel('overrideConfirmAbovePct')
  await expect(limit).toHaveValue('25')
  await limit.fill('lots')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByTestId('settings-error-overrideConfirmAbovePct')).toHaveText(
    'Must be a number (use . for decimals)',
  )
  await limit.fill('1000')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByTestId('settings-saved')).toContainText('override confirmation limit')

  // Now the same +100 % is confirmed once.
  await page.getByTestId('nav-board').click()
  const other = cells.nth(1)
  const otherServed = Number(await other.getByTestId('cell-price').textContent())
  await other.click()
  await price.fill((otherServed * 2).toFixed(2))
  await set.click()
  await editor.getByRole('button', { name: 'Confirm set' }).click()
  await expect(editor.getByTestId('override-answer')).toContainText('Done')
})
