/**
 * Tells the trader the window was reloaded because its display crashed or hung (Electron's main
 * adds `?recovered=<reason>` to the reload, see src/main/crash-recovery.ts). The mark is taken off
 * the address at once, so a later manual reload does not repeat the notice.
 */
import { useState } from 'react'
import { RECOVERED_PARAM, recoveryNotice } from '../../../../shared/recovery'

function takeNotice(): string | null {
  const notice = recoveryNotice(window.location.search)
  if (notice) {
    const url = new URL(window.location.href)
    url.searchParams.delete(RECOVERED_PARAM)
    window.history.replaceState(window.history.state, '', url)
  }
  return notice
}

export function RecoveryNotice() {
  const [notice, setNotice] = useState(takeNotice)
  if (!notice) return null
  return (
    <div className="recovery-notice" role="status" data-testid="recovery-notice">
      <span>{notice}</span>
      <button type="button" onClick={() => setNotice(null)}>
        Dismiss
      </button>
    </div>
  )
}
