/**
 * The browser host's stand-in for Electron's navigation hardening (src/main/security.ts). A browser
 * tab has no `will-navigate` hook, so the page itself refuses what would replace the app: a link
 * out of the app (clicked, middle-clicked or `target=_blank`), `window.open` of a foreign URL, and
 * a URL or file dropped onto the page. It runs before the renderer. What the trader types into the
 * address bar, or the back button, stays the trader's own.
 */

/** In the app: this document, at most with another `#/route` or query (the same page). */
function isThisApp(url: URL): boolean {
  return url.origin === location.origin && url.pathname === location.pathname
}

/** A file the page made itself (the CSV export's blob link): a download, not a navigation. */
function isOwnDownload(anchor: HTMLAnchorElement, url: URL): boolean {
  return anchor.hasAttribute('download') && url.protocol === 'blob:' && url.origin === location.origin
}

function refuseLinksOut(): void {
  const refuse = (event: MouseEvent) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(anchor instanceof HTMLAnchorElement)) return
    const url = new URL(anchor.href, location.href)
    if (isOwnDownload(anchor, url)) return
    if (!isThisApp(url) || anchor.target !== '') event.preventDefault()
  }
  // Capture phase: before any handler of the page could act on the click.
  document.addEventListener('click', refuse, true)
  document.addEventListener('auxclick', refuse, true)
}

/** Same-origin windows stay allowed: the board opens a match in its own window that way. */
function refuseForeignWindows(): void {
  const open = window.open.bind(window)
  const guarded = (url?: string | URL, target?: string, features?: string): WindowProxy | null => {
    const resolved = new URL(String(url ?? ''), location.href)
    return resolved.origin === location.origin ? open(resolved.href, target, features) : null
  }
  Object.defineProperty(window, 'open', { value: guarded, writable: false, configurable: false })
}

/** A drop the page does not take is a navigation to the dropped URL or file: take every drop. */
function refuseDrops(): void {
  for (const type of ['dragover', 'drop'] as const) window.addEventListener(type, (event) => event.preventDefault())
}

export function installNavigationGuard(): void {
  refuseLinksOut()
  refuseForeignWindows()
  refuseDrops()
}
