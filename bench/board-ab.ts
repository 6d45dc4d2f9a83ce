/**
 * Our board against itself as another build draws it: this checkout's renderer and another
 * build's (`--other`, e.g. a second worktree's `out/renderer` on the commit before a change), on
 * one host and one simulator stream, one page at a time in alternation (this, other, other, this,
 * …), each measured as grid-vs-aggrid measures (page-frames.ts). The other page is this host's
 * own index.html with its scripts and styles answered from the other build by Playwright
 * (page.route), as the AG Grid page is, so the host, its bridge and CSP are the same. A before /
 * after on a shared machine: the two codes take turns within the same minutes.
 * Args: --other <dir with index.html and assets/>  --rate 5000  --view cards|grid  --seconds 6  --rounds 6
 *       --width 1440: the window's width (900 px tall); below 1200 the side panels fold into a closed drawer.
 *       --trace: first a 5 s Chrome trace of each code (trace-summary.ts: time by kind, and per frame
 *       paint, layerization and how often it was a full one), the raw files kept in the temp folder.
 * Prints one JSON line per window, then per code the median (min–max) of each figure.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'
import { watchLiveMatches } from '../e2e/bridge'
import type { HostProcess } from '../e2e/host'
import { arg, launchLoadedHost, measureWindow, percentile, VIEWPORT } from './page-frames'
import { machineLoad } from './support'
import { tracePage } from './trace-summary'

const TRACE_SECONDS = 5

type Code = 'this' | 'other'

/** Per figure of `lines`, its median (min–max): what a before / after quotes. */
export function spread(lines: ReadonlyArray<Record<string, number>>) {
  return Object.fromEntries(
    Object.keys(lines[0] ?? {}).map((key) => {
      const values = lines.map((l) => l[key] as number)
      return [key, { median: percentile(values, 50), min: Math.min(...values), max: Math.max(...values) }]
    }),
  )
}

/** Answers the page's assets from `assets`: the entry script and style by kind, chunks by name. */
export async function serveBuild(page: Page, host: HostProcess, assets: string): Promise<void> {
  const files = readdirSync(assets)
  const entry = (pattern: RegExp) => files.find((f) => pattern.test(f))
  await page.route(`${host.origin}/assets/**`, (route) => {
    const name = new URL(route.request().url()).pathname.replace('/assets/', '')
    const file = /^index-.*\.js$/.test(name)
      ? entry(/^index-.*\.js$/)
      : /^index-.*\.css$/.test(name)
        ? entry(/^index-.*\.css$/)
        : name
    const path = file && join(assets, file)
    if (!path || !existsSync(path)) return route.continue()
    return route.fulfill({
      contentType: path.endsWith('.css') ? 'text/css' : 'text/javascript',
      body: readFileSync(path),
    })
  })
}

async function openBoard(
  browser: Browser,
  host: HostProcess,
  view: string,
  assets: string | null,
  width: number,
): Promise<Page> {
  const page = await browser.newPage({ viewport: { ...VIEWPORT, width } })
  if (assets) await serveBuild(page, host, assets)
  await page.goto(`${host.url}&paintProbe=1`)
  await page.waitForSelector('[data-testid="price-cell"]', { state: 'attached', timeout: 60_000 })
  // Without the pointer, as grid-vs-aggrid picks the view (a pointer over the page is hit-tested every frame).
  await page.getByTestId(`board-mode-${view}`).dispatchEvent('click')
  await page.waitForTimeout(2500)
  return page
}

export async function run(args: string[]): Promise<void> {
  const other = arg(args, '--other', '')
  if (!existsSync(join(other, 'index.html')))
    throw new Error('--other must name a built renderer (its index.html and assets/)')
  const rate = Number(arg(args, '--rate', '5000'))
  const view = arg(args, '--view', 'cards')
  const seconds = Number(arg(args, '--seconds', '6'))
  const rounds = Number(arg(args, '--rounds', '6'))
  const width = Number(arg(args, '--width', String(VIEWPORT.width)))
  const trace = args.includes('--trace')
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const host = await launchLoadedHost(rate, 50)
  const figures: Record<Code, Array<Record<string, number>>> = { this: [], other: [] }
  try {
    const prep = await browser.newPage({ viewport: VIEWPORT })
    await prep.goto(host.url)
    await watchLiveMatches(prep, 50)
    await prep.close()
    if (trace)
      for (const code of ['this', 'other'] as Code[]) {
        const page = await openBoard(browser, host, view, code === 'other' ? join(other, 'assets') : null, width)
        try {
          const traced = await tracePage(browser, page, TRACE_SECONDS, `board-ab-${code}-${view}-${rate}`)
          console.log(JSON.stringify({ bench: 'board-ab', trace: true, code, rate, view, width, ...traced }))
        } finally {
          await page.close()
        }
      }
    for (let round = 0; round < rounds; round++)
      for (const code of (round % 2 === 0 ? ['this', 'other'] : ['other', 'this']) as Code[]) {
        const page = await openBoard(browser, host, view, code === 'other' ? join(other, 'assets') : null, width)
        try {
          const window = await measureWindow(page, seconds)
          const line = {
            mainThreadBusyPct: window.mainThreadBusyPct,
            mainThreadCpuPct: window.mainThreadCpuPct,
            rendererCpuPct: window.rendererCpuPct,
            droppedFramePct: window.droppedFramePct,
            p99TickToPaintMs: percentile(window.ticks, 99),
            p50TickToPaintMs: percentile(window.ticks, 50),
            framesPerSec: Number((window.frames / seconds).toFixed(1)),
            load: machineLoad(),
          }
          figures[code].push(line)
          console.log(JSON.stringify({ bench: 'board-ab', round, code, rate, view, width, ...line }))
        } finally {
          await page.close()
        }
      }
    for (const code of ['this', 'other'] as Code[]) {
      const lines = figures[code]
      console.log(
        JSON.stringify({
          bench: 'board-ab',
          summary: true,
          code,
          rate,
          view,
          width,
          runs: lines.length,
          ...spread(lines),
        }),
      )
    }
  } finally {
    await host.stop()
    await browser.close()
  }
}
