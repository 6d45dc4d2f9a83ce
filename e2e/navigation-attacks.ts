/**
 * The attacks that try to replace the app page, played by a real user's input where the browser
 * allows it (a click is a user gesture, so a popup blocker cannot be what stops window.open).
 * Shared by the browser host's spec and the Electron spec: both must leave the app where it is.
 */
import type { Page } from '@playwright/test'

export const FOREIGN = 'https://evil.example/phish'

/** The few DOM parts the page-side code below touches (e2e code compiles without the DOM lib). */
interface PageElement {
  href: string
  target: string
  textContent: string | null
  dataset: Record<string, string | undefined>
  style: { cssText: string }
  addEventListener(type: 'click', listener: () => void): void
  append(node: PageElement): void
  dispatchEvent(event: unknown): boolean
}
interface PageDom {
  document: {
    createElement(tag: 'a' | 'button'): PageElement
    body: PageElement
    querySelector(selector: string): { remove(): void } | null
  }
  DataTransfer: new () => { setData(type: string, value: string): void }
  DragEvent: new (type: string, init: { dataTransfer: unknown; bubbles: boolean; cancelable: boolean }) => unknown
  open(url: string): unknown
}

/** Puts a link into the page, as injected content would, and clicks it like the trader would. */
export async function clickInjectedLink(page: Page, options: { blank?: boolean } = {}): Promise<void> {
  await page.evaluate(
    ({ href, blank }) => {
      const { document } = globalThis as unknown as PageDom
      const link = document.createElement('a')
      link.href = href
      link.textContent = 'click me'
      link.dataset['testid'] = 'injected-link'
      if (blank) link.target = '_blank'
      link.style.cssText = 'position:fixed;top:0;left:0;z-index:99999;background:#fff'
      document.body.append(link)
    },
    { href: FOREIGN, blank: options.blank ?? false },
  )
  await page.getByTestId('injected-link').click()
  await removeInjected(page, 'injected-link')
}

/** A button whose click handler calls window.open; answers whether the page got a window back. */
export async function openWindowFromClick(page: Page): Promise<boolean> {
  await page.evaluate((url) => {
    const { document, open } = globalThis as unknown as PageDom
    const button = document.createElement('button')
    button.textContent = 'open'
    button.dataset['testid'] = 'injected-open'
    button.style.cssText = 'position:fixed;top:0;left:0;z-index:99999'
    button.addEventListener('click', () => {
      button.dataset['opened'] = String(open(url) !== null)
    })
    document.body.append(button)
  }, FOREIGN)
  await page.getByTestId('injected-open').click()
  const opened = await page.getByTestId('injected-open').getAttribute('data-opened')
  await removeInjected(page, 'injected-open')
  return opened === 'true'
}

/**
 * A URL dragged onto the page. Playwright cannot drag from outside the browser, so the page gets
 * the same dragover and drop events; a drop whose default is not prevented is the browser's cue
 * to navigate to the URL. Answers whether the page prevented both.
 */
export function dropUrl(page: Page): Promise<boolean> {
  return page.evaluate((url) => {
    const { document, DataTransfer, DragEvent } = globalThis as unknown as PageDom
    const data = new DataTransfer()
    data.setData('text/uri-list', url)
    data.setData('text/plain', url)
    const fire = (type: string) =>
      document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }))
    // dispatchEvent answers false when a listener prevented the default.
    return !fire('dragover') && !fire('drop')
  }, FOREIGN)
}

function removeInjected(page: Page, testId: string): Promise<void> {
  return page.evaluate(
    (selector) => (globalThis as unknown as PageDom).document.querySelector(selector)?.remove(),
    `[data-testid="${testId}"]`,
  )
}
