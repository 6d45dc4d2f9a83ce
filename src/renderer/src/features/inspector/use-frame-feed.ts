/**
 * While the inspector is mounted: holds a lease on the core's frame capture (renewed, so the core
 * stops by itself if this page goes away without closing it), folds every frame batch into the
 * panel's rings, and says why when the core cannot be reached.
 */
import { useEffect, useState } from 'react'
import { INSPECTOR_RENEW_MS } from '../../../../shared/inspector'
import { call, subscribe } from '../../bridge'
import { describeError } from '../../lib/errors'
import type { FrameRings } from '../../store/frame-rings'

export function useFrameFeed(rings: FrameRings): string | null {
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const lease = crypto.randomUUID()
    const renew = () =>
      call('inspector:open', { lease }).then(
        () => setError(null),
        (e: unknown) => setError(describeError(e)),
      )
    const stop = subscribe('inspector:frames', (batch) => rings.add(batch))
    void renew()
    const timer = setInterval(renew, INSPECTOR_RENEW_MS)
    return () => {
      clearInterval(timer)
      stop()
      // Best effort: if the app is out of reach, the lease runs out on its own.
      call('inspector:close', { lease }).catch(() => undefined)
    }
  }, [rings])
  return error
}
