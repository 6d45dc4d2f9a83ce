/**
 * Navigation security in the real desktop app: a link, window.open, or a page script cannot
 * replace the app page (src/main/security.ts refuses them in main). The same attacks run against
 * the browser host in e2e/browser/navigation.spec.ts. A dropped URL and a server redirect reach
 * main as the same will-navigate / will-redirect events the unit tests play against the typed
 * fake (src/main/security.test.ts); a file:// app has no server that could redirect.
 */
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '../fixtures'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { clickInjectedLink, FOREIGN, openWindowFromClick } from '../navigation-attacks'
import { electronBinary, NO_ELECTRON_REASON } from './electron-binary'

test.skip(electronBinary === null, NO_ELECTRON_REASON)

let app: ElectronApplication
let window: Page
let appUrl: string

test.beforeEach(async () => {
  app = await electron.launch({
    executablePath: electronBinary ?? undefined,
    args: ['out/main/index.js', `--user-data-dir=${mkdtempSync(join(tmpdir(), 'odds-electron-'))}`, '--no-sandbox'],
  })
  window = await app.firstWindow()
  await expect(window.getByTestId('host-info')).toContainText('electron')
  appUrl = window.url()
})
test.afterEach(async () => {
  await app.close()
})

async function expectAppStillThere(): Promise<void> {
  expect(window.url()).toBe(appUrl)
  await expect(window.getByTestId('app-shell')).toBeVisible()
  expect(app.windows()).toEqual([window])
}

test('a link out of the app is not followed, in this window or a new one', async () => {
  await clickInjectedLink(window)
  await clickInjectedLink(window, { blank: true })
  await expectAppStillThere()
})

test('window.open gives the page nothing and opens no window', async () => {
  expect(await openWindowFromClick(window)).toBe(false)
  await expectAppStillThere()
})

test('a page script cannot navigate the window away', async () => {
  await window.evaluate((url) => {
    ;(globalThis as unknown as { location: { href: string } }).location.href = url
  }, FOREIGN)
  await expectAppStillThere()
})
