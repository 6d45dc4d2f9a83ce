/**
 * A newcomer's first minutes with the browser host: a link without its token gets a page that says
 * where the right link is, a port in use ends the host with a sentence (no stack trace), and
 * notifications are asked for from the trader's click (asked without one, browsers deny them).
 */
import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { expect, test, type Page } from '../fixtures'
import { notifyOnMovesOf, watchLiveMatches, type PageScope } from '../bridge'
import { launchHost } from '../host'

test('a link without its token gets a page that says where the right link is', async ({ request }) => {
  const host = await launchHost()
  try {
    const bare = await request.get(`${host.origin}/`)
    expect(bare.status()).toBe(403)
    expect(bare.headers()['content-type']).toContain('text/html')
    const page = await bare.text()
    expect(page).toContain('npm run start:browser')
    expect(page).toContain(`ready at ${host.origin}/?token=`)
    expect(page).toContain(join(host.dataDir, 'host-token'))
    expect(page).not.toContain(host.token)
    // Another site's request is not the trader's browser: it learns nothing.
    const foreign = await request.get(`${host.origin}/`, { headers: { Origin: 'http://evil.example' } })
    expect(foreign.status()).toBe(403)
    expect(await foreign.text()).toBe('forbidden')
  } finally {
    await host.stop()
  }
})

test('a port in use ends the host with a sentence that names the port and --port', async () => {
  const taken = createServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  const port = (taken.address() as AddressInfo).port
  try {
    const failure = await launchHost({ args: ['--port', String(port)] }).then(
      async (host) => (await host.stop(), 'the host started'),
      (error: Error) => error.message,
    )
    expect(failure).toContain(`port ${port} is in use`)
    expect(failure).toContain('--port')
    expect(failure).not.toMatch(/^\s+at /m)
  } finally {
    taken.close()
  }
})

/** A browser that has not been asked yet; records each permission request and whether a click made it. */
async function undecidedNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const asks: boolean[] = []
    const shown: string[] = []
    class UndecidedNotification {
      static permission = 'default'
      static requestPermission = async () => {
        asks.push((navigator as unknown as { userActivation: { isActive: boolean } }).userActivation.isActive)
        UndecidedNotification.permission = 'granted'
        return 'granted'
      }
      onclick: (() => void) | null = null
      constructor(title: string) {
        shown.push(title)
      }
    }
    Object.assign(globalThis, { Notification: UndecidedNotification, __asks: asks, __shown: shown })
  })
}

const recorded = (page: Page) =>
  page.evaluate(() => {
    const scope = globalThis as unknown as { __asks: boolean[]; __shown: string[] }
    return { asks: [...scope.__asks], shown: scope.__shown.length }
  })

test('notifications are asked for from a click on "Enable notifications", never on their own', async ({ page }) => {
  await undecidedNotifications(page)
  const host = await launchHost()
  try {
    await page.goto(host.url)
    const [matchId] = await watchLiveMatches(page, 1)
    await notifyOnMovesOf(page, matchId ?? 0, 0)
    const alerts = () =>
      page.evaluate(async () => {
        const listed = await (globalThis as unknown as PageScope).oddsMonitor.invoke('alerts:list')
        return listed.ok ? listed.value.entries.length : 0
      })
    await expect.poll(alerts, { timeout: 30_000 }).toBeGreaterThan(1)
    // Alerts fired and were sent to the page: no prompt without the trader, nothing shown unasked.
    expect(await recorded(page)).toEqual({ asks: [], shown: 0 })

    await page.getByTestId('enable-notifications').click()
    expect((await recorded(page)).asks).toEqual([true])
    await expect(page.getByTestId('enable-notifications')).toHaveCount(0)
    await expect.poll(async () => (await recorded(page)).shown, { timeout: 30_000 }).toBeGreaterThan(0)
  } finally {
    await host.stop()
  }
})
