/**
 * What the browser benches share (render.ts, grid-vs-aggrid.ts): the host under the demo
 * simulator's load, and one measuring window on a page of it:
 *  - frames: animation-frame intervals (a frame over 16.7 ms is a dropped frame) and long tasks
 *    (PerformanceObserver), from a recorder started in the page,
 *  - droppedFramePct: frames that took over 1.5 vsync intervals (25 ms), i.e. at least one missed,
 *  - mainThreadBusyPct: the page's main-thread task time over the window (CDP `TaskDuration`): wall
 *    time, so it also counts the moments a task waited for a core (on 2 cores shared with the host
 *    and its simulator, a good part of the spread between windows),
 *  - mainThreadCpuPct: the CPU time the main thread used over the window (CDP `ThreadTime`): the
 *    page's own work without that wait,
 *  - rendererCpuPct: the CPU time of the page's whole renderer process (CDP `ProcessTime`): the main
 *    thread, the compositor and the raster workers, so work moved off the main thread still counts,
 *  - tick-to-paint samples: whatever the page keeps in `globalThis.__paintProbe` (the app's
 *    `?paintProbe=1` hook, src/renderer/src/lib/paint-probe.ts, or a bench page's own).
 * The idle line is the floor of the measurement: the same figures for an empty page.
 */
import type { Browser, CDPSession, Page } from '@playwright/test'
import { launchHost, type HostProcess } from '../e2e/host'
import type { ProbeHops } from '../src/shared/probe-hops'
import { SIM_SPORTS } from '../src/sim/world/sports/index'

/** The hops of tick-to-paint, as both pages record them (src/shared/probe-hops.ts). */
export type Hop = keyof ProbeHops

export interface ProbeScope {
  __paintProbe?: { samples: number[]; hops: Partial<Record<Hop, number[]>> }
  __benchFrames: { deltas: number[]; longTasks: number; running: boolean }
}

/** A frame that took longer than this missed at least one vsync (60 Hz). */
export const DROPPED_FRAME_MS = 25

/** The window every browser bench measures in (the "1440×900"). */
export const VIEWPORT = { width: 1440, height: 900 }

export function arg(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(name)
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

/**
 * Runs in the page. A string, not a function: tsx's name-keeping helper (`__name`) would be
 * serialised with a function and is not defined in the page.
 */
const START_FRAME_RECORDER = `(() => {
  const probe = globalThis.__paintProbe
  if (probe) for (const list of [probe.samples, ...Object.values(probe.hops)]) list.length = 0
  const frames = { deltas: [], longTasks: 0, running: true }
  globalThis.__benchFrames = frames
  new PerformanceObserver((list) => { frames.longTasks += list.getEntries().length }).observe({ type: 'longtask' })
  let last = performance.now()
  const loop = (now) => {
    frames.deltas.push(now - last)
    last = now
    if (frames.running) requestAnimationFrame(loop)
  }
  requestAnimationFrame(loop)
})()`

export interface FrameWindow {
  frames: number
  p95FrameMs: number
  p99FrameMs: number
  droppedFramePct: number
  longTasks: number
  mainThreadBusyPct: number
  mainThreadCpuPct: number
  rendererCpuPct: number
  /** Tick-to-paint samples of the window and their hops (empty on a page without a probe). */
  ticks: number[]
  hops: Partial<Record<Hop, number[]>>
}

const TIME_METRICS = ['Timestamp', 'TaskDuration', 'ThreadTime', 'ProcessTime'] as const
type TimeMetric = (typeof TIME_METRICS)[number]

/** The page's clock and time counters (seconds), as CDP's Performance domain keeps them. */
async function timeMetrics(cdp: CDPSession): Promise<Record<TimeMetric, number>> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const value = (name: TimeMetric) => metrics.find((m) => m.name === name)?.value ?? NaN
  return Object.fromEntries(TIME_METRICS.map((name) => [name, value(name)])) as Record<TimeMetric, number>
}

/** Records frames, long tasks, main-thread time and tick-to-paint on `page` for `seconds`. */
export async function measureWindow(page: Page, seconds: number): Promise<FrameWindow> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const before = await timeMetrics(cdp)
  await page.evaluate(START_FRAME_RECORDER)
  await page.waitForTimeout(seconds * 1000)
  const result = await page.evaluate(() => {
    const scope = globalThis as unknown as ProbeScope
    scope.__benchFrames.running = false
    return {
      frames: scope.__benchFrames.deltas.slice(1),
      longTasks: scope.__benchFrames.longTasks,
      ticks: scope.__paintProbe?.samples.slice() ?? [],
      hops: scope.__paintProbe?.hops ?? {},
    }
  })
  const after = await timeMetrics(cdp)
  await cdp.detach()
  // Over the window as it really lasted (CDP's own clock), not as asked: each figure a share of it.
  const pctOf = (metric: TimeMetric) =>
    Math.round((100 * (after[metric] - before[metric])) / (after.Timestamp - before.Timestamp))
  return {
    frames: result.frames.length,
    p95FrameMs: Number(percentile(result.frames, 95).toFixed(1)),
    p99FrameMs: Number(percentile(result.frames, 99).toFixed(1)),
    droppedFramePct: Number(
      ((100 * result.frames.filter((ms) => ms > DROPPED_FRAME_MS).length) / result.frames.length).toFixed(1),
    ),
    longTasks: result.longTasks,
    mainThreadBusyPct: pctOf('TaskDuration'),
    mainThreadCpuPct: pctOf('ThreadTime'),
    rendererCpuPct: pctOf('ProcessTime'),
    ticks: result.ticks,
    hops: result.hops,
  }
}

/** The 99th percentile of each hop's samples (ms): where the slowest changes' time went. */
export function p99Hops(hops: FrameWindow['hops']): Record<string, number> {
  return Object.fromEntries(
    Object.entries(hops).map(([hop, values]) => [hop, Number(percentile(values, 99).toFixed(1))]),
  )
}

/** The frame figures of an idle page in `browser`: the floor every other line sits on. */
export async function measureIdle(browser: Browser, seconds: number): Promise<Omit<FrameWindow, 'ticks' | 'hops'>> {
  const page = await browser.newPage({ viewport: VIEWPORT })
  try {
    await page.setContent('<p>idle</p>')
    const { ticks: _ticks, hops: _hops, ...idle } = await measureWindow(page, seconds)
    return idle
  } finally {
    await page.close()
  }
}

/**
 * The headless host with its demo simulator at about `rate` updates/s on the watched sport and
 * `liveMatches` live matches. The simulator spreads its rate over every live match of every
 * sport, so it is asked for rate × sports.
 */
export function launchLoadedHost(rate: number, liveMatches: number): Promise<HostProcess> {
  return launchHost({
    args: ['--sim-rate', String(rate * SIM_SPORTS.length), '--sim-live-matches', String(liveMatches)],
    // The app as shipped: core-built events are trusted, not re-checked (the check stays in tests and dev).
    env: { NODE_ENV: 'production' },
  })
}
