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

/**
 * A file the page made itself and hands to the browser's downloads (the CSV export): a `download`
 * link to a blob of this origin. It replaces nothing; a `download` link elsewhere would navigate.
 */
function isOwnDownload(anchor: HTMLAnchorElement): boolean {
  return (
    anchor.hasAttribute('download') && anchor.protocol === 'blob:' && new URL(anchor.href).origin === location.origin
  )
}

function refuseLinksOut(): void {
  const refuse = (event: MouseEvent) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(anchor instanceof HTMLAnchorElement) || isOwnDownload(anchor)) return
    if (!isThisApp(new URL(anchor.href, location.href)) || anchor.target !== '') event.preventDefault()
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
