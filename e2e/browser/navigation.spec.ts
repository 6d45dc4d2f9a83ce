/**
 * Navigation security in the browser host: a link, window.open, a redirect or a dropped URL cannot
 * replace the app page (the Electron spec, e2e/electron/navigation.spec.ts, plays the same attacks
 * against the desktop app). Every request to another host is recorded and refused, so an attack
 * that got through would show up here even though the machine has no internet.
 */
import { expect, test, type Page } from '../fixtures'
import { launchHost, type HostProcess } from '../host'
import { clickInjectedLink, dropUrl, openWindowFromClick } from '../navigation-attacks'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

let foreignRequests: string[]
test.beforeEach(async ({ context, page }) => {
  foreignRequests = []
  await context.route(
    (url) => url.origin !== host.origin,
    (route) => {
      foreignRequests.push(route.request().url())
      return route.abort()
    },
  )
  await page.goto(host.url)
  await expect(page.getByTestId('host-info')).toContainText('browser')
})

async function expectAppStillThere(page: Page): Promise<void> {
  expect(new URL(page.url()).origin).toBe(host.origin)
  await expect(page.getByTestId('app-shell')).toBeVisible()
  expect(foreignRequests).toEqual([])
}

test('a link out of the app is not followed, in this tab or a new one', async ({ context, page }) => {
  await clickInjectedLink(page)
  await clickInjectedLink(page, { blank: true })
  await expectAppStillThere(page)
  expect(context.pages()).toEqual([page])
})

test('window.open of a foreign page gives the page nothing and opens nothing', async ({ context, page }) => {
  expect(await openWindowFromClick(page)).toBe(false)
  await expectAppStillThere(page)
  expect(context.pages()).toEqual([page])
})

test('the app still opens a match in its own window (same origin)', async ({ context, page }) => {
  const popup = context.waitForEvent('page')
  await page.evaluate(() => (globalThis as unknown as { open(url: string): unknown }).open('/#/match/1'))
  expect(new URL((await popup).url()).origin).toBe(host.origin)
})

test('a URL dropped on the page is taken by the page, never navigated to', async ({ page }) => {
  expect(await dropUrl(page)).toBe(true)
  await expectAppStillThere(page)
})

test('no address of the host redirects anywhere else', async ({ page }) => {
  const openRedirectShapes = [
    '//evil.example/',
    '/%2F%2Fevil.example',
    '/\\evil.example',
    '/..//evil.example',
    '/?next=//evil.example',
  ]
  for (const path of openRedirectShapes) {
    const answer = await page.request.get(`${host.origin}${path}`, { maxRedirects: 0 })
    expect(answer.headers()['location'], path).toBeUndefined()
    expect(Math.floor(answer.status() / 100), path).not.toBe(3)
    await page.goto(`${host.origin}${path}`)
    expect(new URL(page.url()).origin, path).toBe(host.origin)
  }
  expect(foreignRequests).toEqual([])
})

test("the page's own file downloads (the CSV export's blob link) still work", async ({ page }) => {
  const download = page.waitForEvent('download')
  await page.evaluate(() => {
    const scope = globalThis as unknown as {
      URL: { createObjectURL(blob: unknown): string }
      Blob: new (parts: string[], options: { type: string }) => unknown
      document: {
        createElement(tag: 'a'): { href: string; download: string; click(): void; remove(): void }
        body: { append(node: unknown): void }
      }
    }
    const link = scope.document.createElement('a')
    link.href = scope.URL.createObjectURL(new scope.Blob(['a,b\n'], { type: 'text/csv' }))
    link.download = 'export.csv'
    scope.document.body.append(link)
    link.click()
    link.remove()
  })
  expect((await download).suggestedFilename()).toBe('export.csv')
  await expectAppStillThere(page)
})
