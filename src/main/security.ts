/**
 * Hardening for every window: the renderer may never navigate away from the app, open windows,
 * or get a permission (camera, notifications from web APIs, …). Links to the outside world are
 * not followed at all: a trading tool has no reason to open arbitrary pages.
 */
import type { WebContents } from 'electron'
import { isAppUrl, type AppLocation } from './core/bridge/trust'

export function hardenWebContents(contents: WebContents, app: AppLocation): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, app)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, app)) event.preventDefault()
  })
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  contents.session.setPermissionCheckHandler(() => false)
}
