import { expect, test } from '../fixtures'
import WebSocket from 'ws'
import { renderCounts, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'

let host: HostProcess

test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

test('the app shell loads with no console errors and shows data from main', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto(host.url)
  await expect(page.getByTestId('app-shell')).toBeVisible()
  // app:info is a bridge round trip: the text comes from main's core.
  await expect(page.getByTestId('host-info')).toContainText(/Odds Monitor \d+\.\d+\.\d+ · browser · linux/)
  expect(problems).toEqual([])
})

test('an event from main arrives on the page', async ({ page }) => {
  await page.goto(host.url)
  await expect(page.getByTestId('heartbeat')).toHaveText(/up \d+ s/)
})

test('the heartbeat redraws its own figure, not the board under the shell', async ({ page }) => {
  await page.goto(`${host.url}&renderCount=1`)
  const heartbeat = page.getByTestId('heartbeat')
  await expect(heartbeat).toHaveText(/up \d+ s/)
  const boardRenders = async () => (await renderCounts(page))['board']
  await expect.poll(boardRenders).toBeGreaterThan(0)
  const before = await boardRenders()
  // Two heartbeats later (each changes the uptime shown).
  for (let beat = 0; beat < 2; beat++) {
    const shown = await heartbeat.textContent()
    await expect(heartbeat).not.toHaveText(shown ?? '')
  }
  expect(await boardRenders()).toBe(before)
})

test('a bridge call with bad input answers a typed error', async ({ page }) => {
  await page.goto(host.url)
  const result = await page.evaluate(() =>
    (globalThis as unknown as PageScope).oddsMonitor.invoke('settings:update', { conflationMs: -5 }),
  )
  expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  const unknown = await page.evaluate(() => (globalThis as unknown as PageScope).oddsMonitor.invoke('fs:read' as never))
  expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
})

test('the Content-Security-Policy is present as header and meta tag', async ({ page }) => {
  const response = await page.goto(host.url)
  const header = response?.headers()['content-security-policy'] ?? ''
  expect(header).toContain("script-src 'self'")
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
  expect(header.startsWith(meta ?? 'no meta tag')).toBe(true)
  expect(header).toContain("frame-ancestors 'none'")
})

test('requests without the token, or from another origin, are refused', async ({ request }) => {
  expect((await request.get(`${host.origin}/`)).status()).toBe(403)
  expect((await request.get(`${host.origin}/?token=wrong-token`)).status()).toBe(403)
  expect((await request.get(`${host.origin}/__host/bridge.js`)).status()).toBe(403)
  const foreign = await request.get(host.url, { headers: { Origin: 'http://evil.example' } })
  expect(foreign.status()).toBe(403)
  expect((await request.get(host.url)).status()).toBe(200)
})

test('a WebSocket without the token or from another origin is refused', async () => {
  const attempt = (url: string, origin: string) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(url, { origin })
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      ws.on('open', () => {
        ws.close()
        resolve(101)
      })
      ws.on('error', () => resolve(-1))
    })
  const socketUrl = `${host.origin.replace('http', 'ws')}/__host/bridge`
  expect(await attempt(socketUrl, host.origin)).toBe(403)
  expect(await attempt(`${socketUrl}?token=${host.token}`, 'http://evil.example')).toBe(403)
  expect(await attempt(`${socketUrl}?token=${host.token}`, host.origin)).toBe(101)
})
