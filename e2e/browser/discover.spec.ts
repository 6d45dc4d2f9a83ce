/**
 * Discover against the real host and its simulator: every listed match says whether the
 * bookmaker prices it, from the odds feed's own match list.
 */
import { expect, test } from '@playwright/test'
import type { PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

test('Discover marks the matches the odds feed prices', async ({ page }) => {
  await page.goto(host.url)
  await page.getByTestId('nav-discover').click()
  const rows = page.getByTestId('discover-row')
  await expect(rows.first()).toBeVisible()
  const priced = await page.evaluate(async () => {
    const api = (globalThis as unknown as PageScope).oddsMonitor
    const mode = await api.invoke('feed:mode')
    if (!mode.ok) throw new Error(mode.error.message)
    const answer = await api.invoke('discover:priced', { sport: mode.value.sport })
    if (!answer.ok) throw new Error(answer.error.message)
    return answer.value
  })
  expect(priced.length).toBeGreaterThan(0)
  // Each row's mark agrees with the odds feed's list: live matches are priced in the simulator.
  await expect(rows.first()).toHaveAttribute('data-priced', /true|false/)
  const count = await rows.count()
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i)
    const matchId = Number(await row.getAttribute('data-match'))
    await expect(row).toHaveAttribute('data-priced', String(priced.includes(matchId)))
  }
  await expect(rows.first()).toContainText(/priced|no prices/)
  await expect(page.locator('[data-testid="discover-row"][data-priced="true"]').first()).toContainText('priced')
})
