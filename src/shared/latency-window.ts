/**
 * Latency percentiles over the last minute at a fixed cost: a ring of time slots (5 s each by
 * default), each a histogram of log-spaced bins. Recording a sample is one log2 and one counter
 * increment, with no allocation, so it can run for every price message (the core's feed lag) and
 * every painted change (the renderer's tick-to-paint) without growing with the rate.
 *
 * A figure read back is its bin's upper edge (bins are 1/8 octave wide, so it reads at most 9 %
 * high), never above the largest sample actually seen. The window is whole slots: the last minute
 * reads between 55 and 60 s of samples.
 */
import { z } from 'zod'

export const LatencySummary = z.object({
  /** Samples in the window. */
  samples: z.number().int().positive(),
  p50Ms: z.number().nonnegative(),
  p99Ms: z.number().nonnegative(),
  maxMs: z.number().nonnegative(),
})
export type LatencySummary = z.infer<typeof LatencySummary>

const BINS_PER_OCTAVE = 8
/** Bin 0 holds samples under 1 ms; the last bin everything from about 2^22 ms (70 min) up. */
const BINS = 1 + 22 * BINS_PER_OCTAVE

function binOf(ms: number): number {
  if (!(ms >= 1)) return 0 // also NaN: counted, as the fastest, rather than lost
  return Math.min(BINS - 1, 1 + Math.floor(Math.log2(ms) * BINS_PER_OCTAVE))
}

/** The largest value bin `bin` holds. */
function upperEdge(bin: number): number {
  return bin === 0 ? 1 : 2 ** (bin / BINS_PER_OCTAVE)
}

export interface LatencyWindowOptions {
  windowMs?: number
  slots?: number
}

export class LatencyWindow {
  private readonly slotMs: number
  private readonly slots: number
  /** slots × BINS counts, row by row. */
  private readonly counts: Uint32Array
  /** Which slot period (floor(time / slotMs)) each row holds; -1 for none yet. */
  private readonly periods: Float64Array
  private readonly maxima: Float64Array
  /** Reused by `summary`, so reading allocates nothing but the answer. */
  private readonly merged = new Uint32Array(BINS)

  constructor(options: LatencyWindowOptions = {}) {
    const windowMs = options.windowMs ?? 60_000
    this.slots = options.slots ?? 12
    this.slotMs = windowMs / this.slots
    this.counts = new Uint32Array(this.slots * BINS)
    this.periods = new Float64Array(this.slots).fill(-1)
    this.maxima = new Float64Array(this.slots)
  }

  /**
   * One sample of `ms` taken at `now` (epoch ms). A negative latency (the sender's clock ahead of
   * ours) counts as 0: this window measures delay, a clock skew is told elsewhere.
   */
  record(ms: number, now: number): void {
    const period = Math.floor(now / this.slotMs)
    const slot = period % this.slots
    if (this.periods[slot] !== period) {
      // The row last held a period at least a whole window old: start it afresh.
      this.counts.fill(0, slot * BINS, (slot + 1) * BINS)
      this.periods[slot] = period
      this.maxima[slot] = 0
    }
    const value = ms > 0 ? ms : 0
    this.counts[slot * BINS + binOf(value)]!++
    if (value > this.maxima[slot]!) this.maxima[slot] = value
  }

  /** p50, p99 and max of the samples of the last minute at `now`; null when there are none. */
  summary(now: number): LatencySummary | null {
    const current = Math.floor(now / this.slotMs)
    this.merged.fill(0)
    let samples = 0
    let maxMs = 0
    for (let slot = 0; slot < this.slots; slot++) {
      const period = this.periods[slot]!
      if (period < 0 || period > current || period <= current - this.slots) continue
      for (let bin = 0; bin < BINS; bin++) {
        const n = this.counts[slot * BINS + bin]!
        this.merged[bin]! += n
        samples += n
      }
      maxMs = Math.max(maxMs, this.maxima[slot]!)
    }
    if (samples === 0) return null
    return {
      samples,
      p50Ms: Math.min(maxMs, this.percentile(samples, 0.5)),
      p99Ms: Math.min(maxMs, this.percentile(samples, 0.99)),
      maxMs,
    }
  }

  /** The upper edge of the bin holding the rank-`p` sample of the merged histogram. */
  private percentile(samples: number, p: number): number {
    const rank = Math.max(1, Math.ceil(p * samples))
    let seen = 0
    for (let bin = 0; bin < BINS; bin++) {
      seen += this.merged[bin]!
      if (seen >= rank) return upperEdge(bin)
    }
    return upperEdge(BINS - 1)
  }
}
