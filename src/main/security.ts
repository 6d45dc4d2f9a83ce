/**
 * Hardening for every window: the renderer may never navigate away from the app (itself, a frame,
 * or by a server redirect), open windows, attach a webview, or get a permission (camera,
 * notifications from web APIs, …). Links to the outside world are not followed at all: a trading
 * tool has no reason to open arbitrary pages.
 */
import type { AppLocation } from './core/bridge/trust'
import { isAppUrl } from './core/bridge/trust'
import type { ShellWebContents } from './electron-api'

export function hardenWebContents(contents: ShellWebContents, app: AppLocation): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, app)) event.preventDefault()
  })
  // Also fires for subframes, which will-navigate does not see.
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url, app)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, app)) event.preventDefault()
  })
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  contents.session.setPermissionCheckHandler(() => false)
}
