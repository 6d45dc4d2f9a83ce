/**
 * The board against AG Grid Community, side by side: the same host and simulator stream, the same
 * Chromium at 1440×900, the same measure (page-frames.ts: main-thread busy from CDP, dropped
 * frames over 25 ms, tick-to-paint from the simulator's send to the frame that paints a change).
 * Views:
 *  - `cards`, `grid`: the app's board as shipped (`?paintProbe=1`), in each of its two views,
 *  - `aggrid-frame`: AG Grid fed the page bridge's `board:patch` events, one `applyTransaction`
 *    per animation frame (bench/pages/aggrid-board.ts; how it reads tick-to-paint is said there),
 *  - `aggrid-async`: the same with AG Grid's own batching (`applyTransactionAsync`, 50 ms),
 *  - `aggrid-frame-as-grid`: `aggrid-frame` showing as many price cells as our grid does.
 * AG Grid shows the same matches and as many price cells on screen as the view it is compared
 * with (counted on the first page of each host and handed to the peer page); each line prints
 * what it showed. Ratios: cards over aggrid-frame and aggrid-async, grid over aggrid-frame-as-grid.
 *
 * The AG Grid page runs in the app's origin (it needs the bridge, which takes the host's token
 * and socket): it is the host's own page with the app's script swapped for the peer's by
 * Playwright (page.route), so the host and the shipped app, CSP included, stay as they are.
 *
 * Runs interleave: per run and rate one host, then every view in turn against it, the order
 * rotated each run (A B C, B C A, C A B) so no view always goes first on a fresh host. Prints one
 * JSON line per measurement, then per rate and view the median and spread (min–max) and, per
 * run, our busy over AG Grid's (paired: same host, same minute), summarised the same way.
 * Args: --rates 2000,5000,10000  --runs 3  --seconds 10  --matches 50
 *       --views cards,grid,aggrid-frame,aggrid-async,aggrid-frame-as-grid
 *       --trace <rate>: also a Chrome trace (5 s) of each view at that rate in the first run, its
 *       main-thread time by kind (script, style, layout, paint…) printed, the raw file kept.
 */
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { build } from 'esbuild'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'
import { watchLiveMatches } from '../e2e/bridge'
import type { HostProcess } from '../e2e/host'
import { arg, launchLoadedHost, measureIdle, measureWindow, p99Hops, percentile, VIEWPORT } from './page-frames'
import { machineLoad, rotated } from './support'
import { tracePage } from './trace-summary'

const VIEWS = ['cards', 'grid', 'aggrid-frame', 'aggrid-async', 'aggrid-frame-as-grid'] as const
type View = (typeof VIEWS)[number]
type OurView = 'cards' | 'grid'
/** Each peer, how it applies patches and which of our views it shows as many price cells as. */
const PEERS: Partial<Record<View, { mode: 'frame' | 'async'; sizedAs: OurView }>> = {
  'aggrid-frame': { mode: 'frame', sizedAs: 'cards' },
  'aggrid-async': { mode: 'async', sizedAs: 'cards' },
  'aggrid-frame-as-grid': { mode: 'frame', sizedAs: 'grid' },
}

const WARM_UP_MS = 3000
const TRACE_SECONDS = 5

interface Line {
  run: number
  rate: number
  view: View
  mainThreadBusyPct: number
  mainThreadCpuPct: number
  rendererCpuPct: number
  droppedFramePct: number
  p95FrameMs: number
  p50TickToPaintMs: number
  p99TickToPaintMs: number
  /** Per hop of tick-to-paint (page-frames.ts Hop), its 99th percentile. */
  p99HopsMs: Record<string, number>
  receivedPerSec: number
  cellsOnScreen: number
  load: number
}

/**
 * Price cells inside both the window and the element that clips them (board or grid). Runs in the
 * page; a string for the reason page-frames.ts gives.
 */
const COUNT_CELLS_ON_SCREEN = `(cellSelector, clipSelector) => {
  const clip = document.querySelector(clipSelector)?.getBoundingClientRect()
  if (!clip) return 0
  const top = Math.max(0, clip.top)
  const bottom = Math.min(innerHeight, clip.bottom)
  return [...document.querySelectorAll(cellSelector)].filter((cell) => {
    const r = cell.getBoundingClientRect()
    return r.width > 0 && r.bottom > top && r.top < bottom && r.right > 0 && r.left < innerWidth
  }).length
}`

function cellsOnScreen(page: Page, view: View): Promise<number> {
  const { cell, clip } = SELECTORS[view]
  return page.evaluate<number>(`(${COUNT_CELLS_ON_SCREEN})(${JSON.stringify(cell)}, ${JSON.stringify(clip)})`)
}

const PEER_CELLS = { cell: '.ag-cell[col-id^="p"]', clip: '#grid' }
const SELECTORS: Record<View, { cell: string; clip: string }> = {
  cards: { cell: '[data-testid="price-cell"]', clip: '[data-testid="board"]' },
  grid: { cell: '[data-testid="price-cell"]', clip: '[data-testid="grid-scroll"]' },
  'aggrid-frame': PEER_CELLS,
  'aggrid-async': PEER_CELLS,
  'aggrid-frame-as-grid': PEER_CELLS,
}

/** The AG Grid page's script: AG Grid and bench/pages/aggrid-board.ts in one file, built once. */
async function bundlePeerScript(): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'pages/aggrid-board.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: true,
  })
  return result.outputFiles[0]!.text
}

/**
 * The app's entry script is answered with the peer's, its other assets with nothing: the page is
 * the host's own index.html (so the bridge script is injected and the page counts as the
 * host's, which Chromium requires before it lets a page reach a loopback socket) without the app.
 */
async function servePeerInsteadOfApp(page: Page, host: HostProcess, peerScript: string): Promise<void> {
  await page.route(`${host.origin}/assets/**`, (route) => {
    const path = new URL(route.request().url()).pathname
    const entry = /^\/assets\/index-[^/]+\.js$/.test(path)
    return route.fulfill({
      contentType: path.endsWith('.css') ? 'text/css' : 'text/javascript',
      body: entry ? peerScript : '',
    })
  })
}

interface Bench {
  browser: Browser
  peerScript: string
  seconds: number
}

/** Puts the app's board of the active list in `mode` (remembered with the list, so every page sets its own). */
async function showBoard(page: Page, mode: OurView): Promise<void> {
  // The toggle acts on the active list: a click before the page has it (no price yet) is lost.
  await page.waitForSelector('[data-testid="price-cell"]', { state: 'attached', timeout: 60_000 })
  // Clicked without the pointer: Playwright's mouse would stay over our page (AG Grid's is never
  // pointed at), and Chromium then hit-tests the pointer on every frame whose layout changed, work
  // the peer page does not do (~1 ms a frame in a 5,000/s trace).
  await page.getByTestId(`board-mode-${mode}`).dispatchEvent('click')
  // Attached, not visible: a loaded page may take a while to lay the view out.
  await page.waitForSelector(`${SELECTORS[mode].clip} ${SELECTORS[mode].cell}`, { state: 'attached', timeout: 60_000 })
}

/** Opens `view` on `host`, ready and warmed up. `cells`: what each of our views shows on screen. */
async function openView(bench: Bench, host: HostProcess, view: View, cells: Record<OurView, number>): Promise<Page> {
  const page = await bench.browser.newPage({ viewport: VIEWPORT })
  page.on('pageerror', (error) => console.error(`# ${view} page: ${error.message}`))
  const peer = PEERS[view]
  if (peer) {
    await servePeerInsteadOfApp(page, host, bench.peerScript)
    await page.goto(`${host.url}&mode=${peer.mode}&cells=${cells[peer.sizedAs]}`)
    await page.waitForSelector('body[data-ready="true"] .ag-cell')
  } else {
    await page.goto(`${host.url}&paintProbe=1`)
    await showBoard(page, view as OurView)
  }
  await page.waitForTimeout(WARM_UP_MS)
  return page
}

async function measureView(
  bench: Bench,
  host: HostProcess,
  run: number,
  rate: number,
  view: View,
  cells: Record<OurView, number>,
) {
  const page = await openView(bench, host, view, cells)
  try {
    const { ticks, hops, ...frames } = await measureWindow(page, bench.seconds)
    const line: Line = {
      run,
      rate,
      view,
      mainThreadBusyPct: frames.mainThreadBusyPct,
      mainThreadCpuPct: frames.mainThreadCpuPct,
      rendererCpuPct: frames.rendererCpuPct,
      droppedFramePct: frames.droppedFramePct,
      p95FrameMs: frames.p95FrameMs,
      p50TickToPaintMs: Number(percentile(ticks, 50).toFixed(1)),
      p99TickToPaintMs: Number(percentile(ticks, 99).toFixed(1)),
      p99HopsMs: p99Hops(hops),
      receivedPerSec: Math.round(ticks.length / bench.seconds),
      cellsOnScreen: await cellsOnScreen(page, view),
      load: machineLoad(),
    }
    console.log(JSON.stringify({ bench: 'grid-vs-aggrid', ...line }))
    return line
  } finally {
    await page.close()
  }
}

/** A Chrome trace of `view` at the host's rate: main-thread time by kind, and the raw file. */
async function traceView(bench: Bench, host: HostProcess, rate: number, view: View, cells: Record<OurView, number>) {
  const page = await openView(bench, host, view, cells)
  try {
    const traced = await tracePage(bench.browser, page, TRACE_SECONDS, `grid-vs-aggrid-${view}-${rate}`)
    console.log(JSON.stringify({ bench: 'grid-vs-aggrid', trace: true, rate, view, ...traced }))
  } finally {
    await page.close()
  }
}

/** The watched matches, and how many price cells each of our views shows of them. */
async function prepareHost(bench: Bench, host: HostProcess, matches: number): Promise<Record<OurView, number>> {
  const page = await bench.browser.newPage({ viewport: VIEWPORT })
  try {
    await page.goto(host.url)
    await watchLiveMatches(page, matches)
    await page.waitForSelector(SELECTORS.cards.cell)
    const cells = { cards: 0, grid: 0 }
    for (const mode of ['grid', 'cards'] as const) {
      await showBoard(page, mode)
      await page.waitForTimeout(1000) // the board's first screen settles (cards below it mount a frame later)
      cells[mode] = await cellsOnScreen(page, mode)
    }
    return cells
  } finally {
    await page.close()
  }
}

function spread(values: number[]): { median: number; min: number; max: number } {
  const round = (n: number) => Number(n.toFixed(2))
  return { median: round(percentile(values, 50)), min: round(Math.min(...values)), max: round(Math.max(...values)) }
}

function summarise(lines: Line[], rates: number[], views: View[]): void {
  for (const rate of rates) {
    const atRate = lines.filter((l) => l.rate === rate)
    for (const view of views) {
      const mine = atRate.filter((l) => l.view === view)
      if (mine.length === 0) continue
      console.log(
        JSON.stringify({
          bench: 'grid-vs-aggrid',
          summary: true,
          rate,
          view,
          runs: mine.length,
          mainThreadBusyPct: spread(mine.map((l) => l.mainThreadBusyPct)),
          mainThreadCpuPct: spread(mine.map((l) => l.mainThreadCpuPct)),
          rendererCpuPct: spread(mine.map((l) => l.rendererCpuPct)),
          droppedFramePct: spread(mine.map((l) => l.droppedFramePct)),
          p99TickToPaintMs: spread(mine.map((l) => l.p99TickToPaintMs)),
          p50TickToPaintMs: spread(mine.map((l) => l.p50TickToPaintMs)),
          receivedPerSec: spread(mine.map((l) => l.receivedPerSec)),
          cellsOnScreen: spread(mine.map((l) => l.cellsOnScreen)),
          load: spread(mine.map((l) => l.load)),
        }),
      )
    }
    for (const peer of views) {
      const ours = PEERS[peer]?.sizedAs
      if (!ours || !atRate.some((l) => l.view === ours)) continue
      const oursOverPeer = (figure: CostFigure) => spread(pairedRatios(atRate, ours, peer, figure))
      console.log(
        JSON.stringify({
          bench: 'grid-vs-aggrid',
          ratio: true,
          rate,
          ours,
          peer,
          busyOursOverPeer: oursOverPeer('mainThreadBusyPct'),
          mainCpuOursOverPeer: oursOverPeer('mainThreadCpuPct'),
          rendererCpuOursOverPeer: oursOverPeer('rendererCpuPct'),
        }),
      )
    }
  }
}

type CostFigure = 'mainThreadBusyPct' | 'mainThreadCpuPct' | 'rendererCpuPct'

/** Per run: our figure over the peer's on the same host. */
function pairedRatios(lines: Line[], ours: View, peer: View, figure: CostFigure): number[] {
  const out: number[] = []
  for (const mine of lines.filter((l) => l.view === ours)) {
    const theirs = lines.find((l) => l.view === peer && l.run === mine.run)
    if (theirs && theirs[figure] > 0) out.push(mine[figure] / theirs[figure])
  }
  return out
}

export async function run(args: string[]): Promise<void> {
  const rates = arg(args, '--rates', '2000,5000,10000').split(',').map(Number)
  const runs = Number(arg(args, '--runs', '3'))
  const seconds = Number(arg(args, '--seconds', '10'))
  const matches = Number(arg(args, '--matches', '50'))
  const traceRate = Number(arg(args, '--trace', '0'))
  const views = arg(args, '--views', VIEWS.join(','))
    .split(',')
    .filter((v): v is View => (VIEWS as readonly string[]).includes(v))
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const bench: Bench = { browser, peerScript: await bundlePeerScript(), seconds }
  const lines: Line[] = []
  try {
    const idle = await measureIdle(browser, Math.min(seconds, 5))
    console.log(JSON.stringify({ bench: 'grid-vs-aggrid', idle: true, ...idle, load: machineLoad() }))
    for (let r = 1; r <= runs; r++)
      for (const rate of rates) {
        const host = await launchLoadedHost(rate, matches)
        try {
          const cells = await prepareHost(bench, host, matches)
          if (r === 1 && rate === traceRate) for (const view of views) await traceView(bench, host, rate, view, cells)
          for (const view of rotated(views, r - 1)) {
            // One view that cannot be measured (a page that did not come up) is said, not fatal.
            const line = await measureView(bench, host, r, rate, view, cells).catch((error: Error) => {
              console.log(JSON.stringify({ bench: 'grid-vs-aggrid', run: r, rate, view, error: error.message }))
              return null
            })
            if (line) lines.push(line)
          }
        } finally {
          await host.stop()
        }
      }
    summarise(lines, rates, views)
  } finally {
    await browser.close()
  }
}
