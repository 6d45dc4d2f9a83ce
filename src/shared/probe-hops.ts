/**
 * Where a painted change's time went, hop by hop, as the render benches read it (`?paintProbe=1`):
 * shared by the app's probe (renderer lib/paint-probe.ts) and the AG Grid page the board is compared with
 * (bench/pages/aggrid-board.ts), so both pages split their time the same way.
 *  - feed: simulator send → the host read it (`receivedTs`), per change;
 *  - batch: host read → the batcher flushed the patch (`patch.at`), per change;
 *  - transport: flush → the page handled the patch (bridge, page's event queue), per patch;
 *  - frame: handled → the animation frame that paints it, per patch.
 * All clocks are this machine's wall clock.
 */
import type { BoardPatch } from './board'

export interface ProbeHops {
  feed: number[]
  batch: number[]
  transport: number[]
  frame: number[]
}

export function emptyProbeHops(): ProbeHops {
  return { feed: [], batch: [], transport: [], frame: [] }
}

/**
 * Adds one painted patch: per change its tick-to-paint from the feed's send to `samples` and its
 * feed and batch hops, and the patch's transport and frame hops. `handled` and `now` are Date.now()
 * when the page handled the patch and at the frame that paints it.
 */
export function recordHops(samples: number[], hops: ProbeHops, patch: BoardPatch, handled: number, now: number): void {
  for (const change of patch.tape) {
    samples.push(now - change.serverTs)
    hops.feed.push(change.receivedTs - change.serverTs)
    hops.batch.push(patch.at - change.receivedTs)
  }
  hops.transport.push(handled - patch.at)
  hops.frame.push(now - handled)
}
