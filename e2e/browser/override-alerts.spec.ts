/**
 * The override alert list through the real host and its simulator: a countdown that runs out says
 * "expired" rather than standing at 0:00, and the acknowledge-all button names the key that works
 * (Shift+A), which acknowledges every alert.
 */
import { expect, test } from '../fixtures'
import { watchLiveMatches, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

test('an override that ran out reads "expired", and Shift+A acknowledges every override alert', async ({ page }) => {
  await page.goto(host.url)
  await watchLiveMatches(page, 1)
  const cell = page.getByTestId('price-cell').first()
  await expect(cell).toBeVisible()
  const outcome = (await cell.getAttribute('data-outcome')) ?? ''
  const [matchId, oddType, oddKey] = outcome.split('|')
  const shortOne = await page.evaluate(
    (command) => (globalThis as unknown as PageScope).oddsMonitor.invoke('overrides:set', command),
    {
      matchId: Number(matchId),
      oddType: oddType ?? '',
      oddKey: oddKey ?? '',
      oddValue: 3.33,
      durationSeconds: 2,
      suspended: false,
    },
  )
  expect(shortOne).toMatchObject({ ok: true })

  const set = page.locator('[data-testid="override-alert"][data-action="set"]').filter({ hasText: '3.33' })
  await expect(set.getByTestId('override-countdown')).toHaveAttribute('data-label', 'expired')

  const ackAll = page.getByRole('button', { name: 'Acknowledge all (Shift+A)' })
  await expect(ackAll).toBeEnabled()
  await expect(page.getByTestId('override-unread')).toBeVisible()
  await page.locator('body').press('Shift+A')
  await expect(page.getByTestId('override-unread')).toHaveCount(0)
  await expect(ackAll).toBeDisabled()
})
