/**
 * Tick-to-paint for the render bench (`?paintProbe=1`): for every change in a patch, the time
 * from the simulator's send (`serverTs`) to the animation frame after the store applied it, and
 * where that time went, hop by hop:
 *  - feed: simulator send → the host read it (`receivedTs`), per change;
 *  - batch: host read → the batcher flushed the patch (`patch.at`), per change;
 *  - transport: flush → the page handled the patch (bridge, page's event queue), per patch;
 *  - frame: handled → the next animation frame, per patch.
 * All clocks are this machine's wall clock (the simulator runs inside the local host).
 */
import type { BoardPatch } from '../../../shared/board'
import { PAINT_PROBE_ENABLED } from './dev-flags'

const samples: number[] = []
const hops = { feed: [] as number[], batch: [] as number[], transport: [] as number[], frame: [] as number[] }
if (PAINT_PROBE_ENABLED) (globalThis as unknown as { __paintProbe: unknown }).__paintProbe = { samples, hops }

export function recordPaintProbe(patch: BoardPatch): void {
  if (!PAINT_PROBE_ENABLED || patch.tape.length === 0) return
  const handled = Date.now()
  requestAnimationFrame(() => {
    const painted = Date.now()
    for (const change of patch.tape) {
      samples.push(painted - change.serverTs)
      hops.feed.push(change.receivedTs - change.serverTs)
      hops.batch.push(patch.at - change.receivedTs)
    }
    hops.transport.push(handled - patch.at)
    hops.frame.push(painted - handled)
  })
}
