/** Says, over a greyed board, that the page lost the app and is reconnecting (store/connection-store.ts). */
import { useConnectionStore } from '../../store/connection-store'

export function ConnectionBanner() {
  const { connected, reason } = useConnectionStore()
  if (connected) return null
  return (
    <div className="connection-lost" role="alert" data-testid="connection-lost" title={reason ?? undefined}>
      Connection to the app lost — reconnecting… Prices on screen are not live and actions cannot be sent.
      {reason && <span className="muted"> ({reason})</span>}
    </div>
  )
}
