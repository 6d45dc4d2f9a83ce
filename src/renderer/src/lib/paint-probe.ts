/**
 * Tick-to-paint for the render bench (`?paintProbe=1`): for every change in a patch, the time
 * from the simulator's send (`serverTs`) to the animation frame after the store applied it. Both
 * clocks are this machine's wall clock (the simulator runs inside the local host).
 */
import type { PriceChange } from '../../../shared/domain'
import { PAINT_PROBE_ENABLED } from './dev-flags'

const samples: number[] = []
if (PAINT_PROBE_ENABLED) (globalThis as unknown as { __paintProbe: { samples: number[] } }).__paintProbe = { samples }

export function recordPaintProbe(changes: readonly PriceChange[]): void {
  if (!PAINT_PROBE_ENABLED || changes.length === 0) return
  const sent = changes.map((c) => c.serverTs)
  requestAnimationFrame(() => {
    const now = Date.now()
    for (const ts of sent) samples.push(now - ts)
  })
}
