/**
 * A Chrome trace (Playwright's browser.startTracing: CDP Tracing) reduced to where the page's
 * main thread spent its time: self time per kind (script, style, layout, paint, gc, other) in ms
 * per second of trace, the hottest event names, and the raster workers' time beside it (painting
 * is recorded on the main thread and rastered off it). Self time: an event's duration less its
 * children's, so a layout forced from script counts as layout, not twice.
 */
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { DROPPED_FRAME_MS, percentile } from './page-frames'

export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'blink',
]

interface TraceEvent {
  ph: string
  name: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string; beginData?: { dirtyObjects?: number } }
}

/**
 * Event names to kinds, first match wins: the timeline's own names (Layout, Paint…) and Blink's
 * trace names under them (Document::recalcStyle, LocalFrameView::performLayout, text shaping…).
 * Task plumbing (RunTask, mojo messages) is `other`.
 */
const KINDS: ReadonlyArray<readonly [string, RegExp]> = [
  ['gc', /GC|Scavenge|MarkCompact/],
  ['style', /UpdateLayoutTree|RecalculateStyles|recalcStyle|StyleEngine|ParseAuthorStyleSheet/],
  ['paint', /Paint|Layerize|Commit|CompositeLayers|UpdateLayer|Raster/],
  ['layout', /Layout|Shape|InlineNode|LayoutBlock/],
  ['script', /FunctionCall|EvaluateScript|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|V8|v8\./],
]

function kindOf(name: string): string {
  return KINDS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other'
}

export interface TraceSummary {
  mainMsPerSec: Record<string, number>
  hottest: Array<{ name: string; msPerSec: number }>
  rasterMsPerSec: number
  frames: FrameCosts
  slowFrames: SlowFrames
}

/**
 * The frames that dropped and what was in them. A frame runs from one `BeginMainFrame` to the next
 * (as the benches' recorder counts from one animation frame to the next); a slow one took over
 * DROPPED_FRAME_MS. For the slow frames and for the others: how many, and per frame the main
 * thread's self time by kind and the objects its layouts had to lay out (`dirtyObjects`). Whether
 * the missed frames are the page's own work (the kinds add up to the frame) or the machine's
 * (a slow frame with little main-thread time in it: the thread waited for a core or the compositor).
 */
interface SlowFrames {
  frames: number
  slow: number
  slowMs: FrameMix
  otherMs: FrameMix
}

interface FrameMix {
  /** Median frame length (ms). */
  medianMs: number
  /** Mean main-thread self time per frame by kind (ms). */
  mainMs: Record<string, number>
  /** Median of the layouts' dirty objects per frame. */
  dirtyObjects: number
}

/**
 * Per rendered frame (one `Layerize` each): how often Chromium re-layerized the whole paint
 * artifact (`PaintArtifactCompositor::Update`, taken when the paint chunks' structure changed; the
 * other frames take its repaint-only path), the main thread's ms of paint and of layerization, and
 * how many compositor picture layers it updated (`UpdateLayer`: the layers whose recording is
 * rebuilt, the whole layer each time; recorded on the main thread at the commit).
 */
interface FrameCosts {
  perSec: number
  fullLayerizeShare: number
  paintMs: number
  layerizeMs: number
  fullLayerizeMs: number
  layersUpdated: number
}

export function summariseTrace(trace: Buffer, seconds: number): TraceSummary {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents
  const threadNames = new Map<string, string>()
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '')
  const byThread = new Map<string, TraceEvent[]>()
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue
    const key = `${e.pid}:${e.tid}`
    const list = byThread.get(key) ?? []
    list.push(e)
    byThread.set(key, list)
  }
  const total = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.dur ?? 0), 0)
  // The traced page's main thread: the busiest renderer main thread (closed pages' are near idle).
  const mains = [...byThread].filter(([key]) => threadNames.get(key) === 'CrRendererMain')
  const [mainKey, main] = mains.sort((a, b) => total(b[1]) - total(a[1]))[0] ?? ['', []]
  const pid = mainKey.split(':')[0]
  const withSelf = selfTimesOf(main)
  const self = new Map<string, number>()
  for (const { event, us } of withSelf) self.set(event.name, (self.get(event.name) ?? 0) + us)
  const perSec = (us: number) => Number((us / 1000 / seconds).toFixed(1))
  const mainMsPerSec: Record<string, number> = {}
  for (const [name, us] of self) {
    const kind = kindOf(name)
    mainMsPerSec[kind] = (mainMsPerSec[kind] ?? 0) + us
  }
  for (const kind of Object.keys(mainMsPerSec)) mainMsPerSec[kind] = perSec(mainMsPerSec[kind] as number)
  const raster = [...byThread]
    .filter(
      ([key]) =>
        key.startsWith(`${pid}:`) && /CompositorTileWorker|ThreadPoolForegroundWorker/.test(threadNames.get(key) ?? ''),
    )
    .flatMap(([, list]) => list.filter((e) => e.name === 'RasterTask'))
  return {
    mainMsPerSec,
    hottest: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, us]) => ({ name, msPerSec: perSec(us) })),
    rasterMsPerSec: perSec(total(raster)),
    frames: frameCosts(main, seconds),
    slowFrames: slowFrames(withSelf),
  }
}

function slowFrames(events: ReadonlyArray<{ event: TraceEvent; us: number }>): SlowFrames {
  const starts = events
    .filter(({ event }) => event.name === 'WebFrameWidgetImpl::BeginMainFrame')
    .map((e) => e.event.ts)
  const frames = starts
    .slice(1)
    .map((to, i) => ({ from: starts[i] as number, to, mix: {} as Record<string, number>, dirty: 0 }))
  // Events and frames are both in time order: one walk puts each event in its frame.
  let i = 0
  for (const { event, us } of events) {
    while (i < frames.length && (frames[i] as { to: number }).to <= event.ts) i++
    const frame = frames[i]
    if (!frame || event.ts < frame.from) continue
    const kind = kindOf(event.name)
    frame.mix[kind] = (frame.mix[kind] ?? 0) + us
    if (event.name === 'Layout') frame.dirty += event.args?.beginData?.dirtyObjects ?? 0
  }
  const mixOf = (list: typeof frames): FrameMix => {
    const mainMs: Record<string, number> = {}
    for (const frame of list)
      for (const [kind, us] of Object.entries(frame.mix)) mainMs[kind] = (mainMs[kind] ?? 0) + us
    for (const kind of Object.keys(mainMs))
      mainMs[kind] = Number(((mainMs[kind] as number) / 1000 / list.length).toFixed(1))
    const lengthMs = percentile(
      list.map((f) => f.to - f.from),
      50,
    )
    const dirtyObjects = percentile(
      list.map((f) => f.dirty),
      50,
    )
    return { medianMs: Number((lengthMs / 1000).toFixed(1)), mainMs, dirtyObjects }
  }
  const slow = frames.filter((f) => f.to - f.from > DROPPED_FRAME_MS * 1000)
  return {
    frames: frames.length,
    slow: slow.length,
    slowMs: mixOf(slow),
    otherMs: mixOf(frames.filter((f) => !slow.includes(f))),
  }
}

function frameCosts(main: TraceEvent[], seconds: number): FrameCosts {
  const named = (name: string) => main.filter((e) => e.name === name)
  const frames = named('Layerize').length
  const perFrame = (list: TraceEvent[]) =>
    frames === 0 ? 0 : Number((list.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000 / frames).toFixed(2))
  const full = named('PaintArtifactCompositor::Update')
  const layers = named('UpdateLayer').length
  return {
    perSec: Number((frames / seconds).toFixed(1)),
    fullLayerizeShare: frames === 0 ? 0 : Number((full.length / frames).toFixed(2)),
    paintMs: perFrame(named('Blink.Paint.UpdateTime')),
    layerizeMs: perFrame(named('Layerize')),
    fullLayerizeMs: full.length === 0 ? 0 : Number((perFrame(full) * (frames / full.length)).toFixed(2)),
    layersUpdated: frames === 0 ? 0 : Number((layers / frames).toFixed(1)),
  }
}

/** Each event of one thread in time order with its self time: its duration less its direct children's. */
function selfTimesOf(events: TraceEvent[]): Array<{ event: TraceEvent; us: number }> {
  const sorted = [...events]
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
    .map((event) => ({ event, us: event.dur ?? 0 }))
  const stack: Array<{ entry: { us: number }; end: number }> = []
  for (const entry of sorted) {
    const end = entry.event.ts + (entry.event.dur ?? 0)
    while (stack.length > 0 && (stack.at(-1) as { end: number }).end <= entry.event.ts) stack.pop()
    const parent = stack.at(-1)
    if (parent) parent.entry.us -= entry.event.dur ?? 0
    stack.push({ entry, end })
  }
  return sorted
}

/**
 * Traces `page` for `seconds` (the benches' `--trace`), keeps the raw trace in the temp folder as
 * `<name>.json` for Chrome's trace viewer, and answers its file and summary.
 */
export async function tracePage(browser: Browser, page: Page, seconds: number, name: string) {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES })
  await page.waitForTimeout(seconds * 1000)
  const trace = await browser.stopTracing()
  const file = join(tmpdir(), `${name}.json`)
  writeFileSync(file, trace)
  return { file, ...summariseTrace(trace, seconds) }
}
