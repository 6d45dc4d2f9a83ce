/**
 * "Enable notifications" for a browser that has not been asked yet (the browser host shows alerts
 * with the browser's Notification API). Browsers grant the permission only from a click, so the
 * page never asks on its own; this is the click. Where the answer is already given it shows
 * nothing: granted, or decided by the app (Electron's main shows notifications itself and answers
 * every page permission with no, so the page reads "denied" there).
 */
import { useState } from 'react'

type Permission = NotificationPermission | 'unsupported'

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

export function NotificationPermission() {
  const [permission, setPermission] = useState(currentPermission)
  const [asked, setAsked] = useState(false)
  if (permission === 'default') {
    return (
      <button
        type="button"
        className="link"
        data-testid="enable-notifications"
        title="Let the browser show alerts as system notifications"
        onClick={() => {
          setAsked(true)
          void Notification.requestPermission().then(setPermission, () => setPermission(currentPermission()))
        }}
      >
        Enable notifications
      </button>
    )
  }
  if (asked && permission === 'denied') {
    return (
      <span className="muted" data-testid="notifications-blocked" title="Allow them in the browser's site settings">
        notifications blocked by the browser
      </span>
    )
  }
  return null
}
