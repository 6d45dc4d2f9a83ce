/**
 * Faults as the trader meets them, through the real browser host: a dropped board patch the page
 * recovers from, the fault count and list, the last crash file (of any run) in Settings → About.
 */
import { expect, test } from '../fixtures'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { watchLiveMatches, type PageScope } from '../bridge'
import { launchHost } from '../host'

test('a board patch main had to drop: the page resyncs, the board converges, the fault is counted', async ({
  page,
}) => {
  // Every board patch from the first whole board on is dropped in main, and no ticks move the
  // prices: only the page's resync on `bridge:dropped` can bring the board to the page.
  const host = await launchHost({ args: ['--test-faults', 'drop-board-patches', '--sim-rate', '0'] })
  try {
    await page.goto(host.url)
    const [matchId] = await watchLiveMatches(page, 1)
    const card = page.locator(`[data-testid="match-card"][data-match="${matchId}"]`)
    await expect(card.getByTestId('cell-price').first()).toBeVisible()
    await expect(page.getByTestId('faults-count')).toHaveText(/^\d+ faults?$/)
    await page.getByTestId('faults-count').click()
    await expect(page.getByTestId('health-panel')).toContainText('emit-dropped')
    await expect(page.getByTestId('fault-list')).toContainText('a board:patch event was dropped')
  } finally {
    await host.stop()
  }
})

test('one match that cannot be drawn shows an error card, the rest of the app goes on, and it reloads', async ({
  page,
}) => {
  // The fault is injected on the page's side: the bridge's imageUrl throws for one team's image
  // hash, so that match's card throws while rendering (the page cannot be handed bad data by main:
  // every payload is validated there).
  await page.addInitScript(() => {
    const define = Object.defineProperty
    Object.defineProperty = function <T>(target: T, key: PropertyKey, descriptor: PropertyDescriptor): T {
      if ((target as unknown) === globalThis && key === 'oddsMonitor' && descriptor.value) {
        const api = descriptor.value as { imageUrl(hash: string): string }
        const imageUrl = (hash: string) => {
          if (hash === (globalThis as { failImageHash?: string }).failImageHash) {
            throw new Error('test fault: this match cannot be drawn')
          }
          return api.imageUrl(hash)
        }
        return define(target, key, { ...descriptor, value: Object.freeze({ ...api, imageUrl }) })
      }
      return define(target, key, descriptor)
    }
  })
  const host = await launchHost()
  try {
    await page.goto(host.url)
    const failing = await page.evaluate(async () => {
      const api = (globalThis as unknown as PageScope).oddsMonitor
      const live = await api.invoke('discover:matches', { mode: 'live', sport: 'badminton', limit: 2 })
      if (!live.ok) throw new Error(live.error.message)
      const hash = live.value.matches[0]?.home.hashImage
      if (!hash) throw new Error('the first live match has no team image')
      ;(globalThis as { failImageHash?: string }).failImageHash = hash
      return live.value.matches[0]?.matchId
    })
    const [first, second] = await watchLiveMatches(page, 2)
    expect(first).toBe(failing)
    const errorCard = page.locator(`[data-testid="match-error"][data-match="${first}"]`)
    await expect(errorCard).toContainText('test fault: this match cannot be drawn')
    await expect(
      page.locator(`[data-testid="match-card"][data-match="${second}"]`).getByTestId('cell-price').first(),
    ).toBeVisible()
    await expect(page.getByTestId('faults-count')).toBeVisible()
    await page.getByTestId('faults-count').click()
    await expect(page.getByTestId('fault-list')).toContainText('render-error')
    await expect(page.getByTestId('fault-list')).toContainText('test fault: this match cannot be drawn')

    await page.evaluate(() => delete (globalThis as { failImageHash?: string }).failImageHash)
    await errorCard.getByRole('button', { name: 'Reload this match' }).click()
    await expect(
      page.locator(`[data-testid="match-card"][data-match="${first}"]`).getByTestId('cell-price').first(),
    ).toBeVisible()
    await expect(errorCard).toHaveCount(0)
  } finally {
    await host.stop()
  }
})

test("errors nothing on the page caught are reported to main and counted as the renderer's", async ({ page }) => {
  const host = await launchHost()
  try {
    await page.goto(host.url)
    await expect(page.getByTestId('host-info')).toContainText('browser')
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('test fault: thrown in a page timer')
      }, 0)
      void Promise.reject(new Error('test fault: a page promise nobody awaited'))
    })
    await expect
      .poll(async () => {
        const health = await page.evaluate(() => (globalThis as unknown as PageScope).oddsMonitor.invoke('feed:health'))
        return health.ok ? health.value.faults.byKind : null
      })
      .toEqual({ 'uncaught-exception': 1, 'unhandled-rejection': 1 })
    await page.getByTestId('faults-count').click()
    await expect(page.getByTestId('fault-list')).toContainText('test fault: thrown in a page timer')
    await expect(page.getByTestId('fault-list')).toContainText('renderer')
  } finally {
    await host.stop()
  }
})

test('Settings → About shows the last crash an earlier run left, newest of several', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'odds-e2e-'))
  const crashes = join(dataDir, 'crashes')
  mkdirSync(crashes)
  const crash = (time: string, kind: string, message: string) =>
    writeFileSync(
      join(crashes, `${time.replace(/[:.]/g, '-')}-main.json`),
      JSON.stringify({ time, at: Date.parse(time), process: 'main', kind, message, appVersion: '0.1.0' }),
    )
  crash('2026-01-02T08:00:00.000Z', 'uncaught-exception', 'an older crash')
  crash('2026-01-03T09:30:00.000Z', 'render-process-gone', 'the renderer was killed')
  const host = await launchHost({ dataDir })
  try {
    await page.goto(host.url)
    await page.getByTestId('nav-settings').click()
    const about = page.getByTestId('about')
    await expect(about).toContainText(dataDir)
    await expect(about.getByTestId('last-crash')).toContainText('render-process-gone')
    await expect(about.getByTestId('last-crash')).toContainText('the renderer was killed')
    await expect(about.getByTestId('open-crash-folder')).toBeVisible()
  } finally {
    await host.stop()
  }
})
