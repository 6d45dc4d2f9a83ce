/**
 * "Retry now" beside a service that is waiting: a 429's Retry-After, a refused key or scope, or
 * streams backing off. The trader knows when the cause is gone (a plan upgraded, a key fixed at the
 * provider, a glitch past); main lifts every wait and refusal and reconnects (`feed:retryNow`).
 */
import { useState } from 'react'
import type { ServiceHealth, StreamHealth } from '../../../../shared/health'
import { call } from '../../bridge'

const WAITING_REST = new Set(['backing_off', 'rejected', 'no_access'])
const WAITING_STREAM = new Set(['backing_off', 'rejected'])

export function isWaiting(service: ServiceHealth, streams: StreamHealth[]): boolean {
  return WAITING_REST.has(service.rest?.state ?? '') || streams.some((s) => WAITING_STREAM.has(s.state))
}

export function RetryNow({ service }: { service: ServiceHealth['service'] }) {
  const [busy, setBusy] = useState(false)
  const retry = () => {
    setBusy(true)
    call('feed:retryNow').finally(() => setBusy(false))
  }
  return (
    <button type="button" className="link" data-testid={`retry-now-${service}`} disabled={busy} onClick={retry}>
      Retry now
    </button>
  )
}
