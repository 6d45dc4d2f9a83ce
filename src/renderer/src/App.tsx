import { useEffect, useState } from 'react'
import type { AppInfo, Heartbeat } from '../../shared/bridge/contract'
import { call, subscribe } from './bridge'

export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null)
  const [heartbeat, setHeartbeat] = useState<Heartbeat | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    call('app:info').then(setInfo, (e: Error) => setError(e.message))
    return subscribe('app:heartbeat', setHeartbeat)
  }, [])

  return (
    <div className="app-shell" data-testid="app-shell">
      <header className="top-bar">
        <span className="brand">Odds Monitor</span>
        <span className="spacer" />
        <span className="muted" data-testid="host-info">
          {info ? `${info.name} ${info.version} · ${info.host} · ${info.platform}` : 'connecting…'}
        </span>
        <span className="muted" data-testid="heartbeat">
          {heartbeat ? `up ${Math.round(heartbeat.uptimeMs / 1000)} s` : ''}
        </span>
      </header>
      {error && <div className="error-banner">{error}</div>}
    </div>
  )
}
