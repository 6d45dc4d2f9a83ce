/**
 * Tick-to-paint, always on: for every change in a board patch, the time from its receipt by the
 * core (`receivedTs`) to the animation frame after the store applied it, kept over the last minute
 * in a fixed window (shared/latency-window.ts) for the status bar. It starts at receipt, not at
 * the feed's send time: the feed's share is the lag the status bar shows beside it, and the feed's
 * clock is not ours. The cost is one animation-frame callback per frame that had patches and one
 * counter per change; nothing is allocated per patch.
 *
 * The render bench (`?paintProbe=1`) also keeps every sample from the feed's send (`serverTs`,
 * the simulator runs on this machine) and where the time went, hop by hop (shared/probe-hops.ts).
 */
import type { BoardPatch } from '../../../shared/board'
import { LatencyWindow, type LatencySummary } from '../../../shared/latency-window'
import { PAINT_PROBE_ENABLED } from './dev-flags'
import { emptyProbeHops, recordHops } from '../../../shared/probe-hops'

const tickToPaint = new LatencyWindow()

const samples: number[] = []
const hops = emptyProbeHops()
if (PAINT_PROBE_ENABLED) (globalThis as unknown as { __paintProbe: unknown }).__paintProbe = { samples, hops }

/** Patches handled since the last frame, and when each was handled (index for index). */
const pending: BoardPatch[] = []
const handledAt: number[] = []
/** A page whose frames are starved runs no frame callback: beyond this many waiting, patches go unmeasured. */
const MAX_PENDING = 1024
let frameRequested = false

// A hidden page paints nothing, so nothing it receives is measured, and the patches waiting when it
// hid are dropped: the time it spent hidden is not the board's paint time.
globalThis.document?.addEventListener('visibilitychange', () => {
  if (!document.hidden) return
  pending.length = 0
  handledAt.length = 0
})

export function recordPaintProbe(patch: BoardPatch): void {
  if (patch.tape.length === 0 || pending.length >= MAX_PENDING || document.hidden) return
  pending.push(patch)
  handledAt.push(Date.now())
  if (frameRequested) return
  frameRequested = true
  requestAnimationFrame(painted)
}

function painted(): void {
  frameRequested = false
  const now = Date.now()
  for (let i = 0; i < pending.length; i++) {
    const patch = pending[i] as BoardPatch
    for (const change of patch.tape) tickToPaint.record(now - change.receivedTs, now)
    if (PAINT_PROBE_ENABLED) recordHops(samples, hops, patch, handledAt[i] as number, now)
  }
  pending.length = 0
  handledAt.length = 0
}

/** The board's tick-to-paint over the last minute; null before the first painted change. */
export function tickToPaintSummary(now = Date.now()): LatencySummary | null {
  return tickToPaint.summary(now)
}
