/**
 * Render bench: the headless host with its demo simulator under load, 50 watched live matches,
 * the real app in Chromium. For each target rate it measures over a window:
 *  - p95FrameMs: animation-frame intervals (a frame over 16.7 ms is a dropped frame),
 *  - p99TickToPaintMs: the simulator's send time (`ts` → PriceChange.serverTs) to the animation
 *    frame after the store applied the patch (the app's `?paintProbe=1` hook), and p99HopsMs, the
 *    p99 of each hop on the way (feed, batch, transport, frame: src/renderer/src/lib/paint-probe.ts),
 *  - longTasks: main-thread tasks over 50 ms (PerformanceObserver),
 *  - droppedFramePct: frames that took over 1.5 vsync intervals (25 ms), i.e. at least one missed,
 *  - mainThreadBusyPct: the page's main-thread task time over the window (CDP), the headroom left
 *    once frames already run at the display's rate,
 * and prints one JSON line per rate. The simulator spreads its rate over every live match of
 * every sport, so it is asked for rate × sports to put roughly `rate` on the watched sport;
 * `receivedPerSec` says what actually reached the board.
 *
 * First it prints the same frame figures for an idle page in the same browser: the floor of the
 * measurement. The browser coarsens `performance.now()` to 0.1 ms, so a 60 Hz frame reads 16.6,
 * 16.7 or 16.8 ms and an idle page's p95 already sits at 16.7–16.8.
 * Args: --rates 2000,5000  --seconds 20  --matches 50  --density comfortable|compact (the board
 * layout; compact shows about three times as many cells at once)
 * `--inspector` opens the raw frame inspector (key I) before measuring: what it costs while open.
 * `--find-limit` instead raises the rate (2k, 5k, 10k, 20k, 40k, 80k; 10 s each) until the board
 * misses its budget (missedBudget below) and prints the highest rate that held, for both
 * densities unless `--density` names one.
 */
import { chromium, type Browser } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'
import { watchLiveMatches, type PageScope } from '../e2e/bridge'
import type { Settings } from '../src/shared/settings'
import {
  arg,
  launchLoadedHost,
  measureIdle,
  measureWindow,
  p99Hops,
  percentile,
  VIEWPORT,
  type FrameWindow,
} from './page-frames'
import { machineLoad } from './support'

type BoardDensity = Settings['boardDensity']

interface RateRun {
  rate: number
  seconds: number
  matches: number
  density: BoardDensity
  /** Measure with the raw frame inspector open. */
  inspector: boolean
}

/** One host at one rate: the JSON line of figures for it. */
async function measureRate(browser: Browser, r: RateRun): Promise<RateLine> {
  const host = await launchLoadedHost(r.rate, r.matches)
  const page = await browser.newPage({ viewport: VIEWPORT })
  try {
    await page.goto(`${host.url}&paintProbe=1`)
    await page.evaluate(
      (boardDensity) => (globalThis as unknown as PageScope).oddsMonitor.invoke('settings:update', { boardDensity }),
      r.density,
    )
    await page.reload()
    const watched = (await watchLiveMatches(page, r.matches)).length
    await page.waitForSelector('[data-testid="price-cell"]')
    if (r.inspector) {
      await page.keyboard.press('i')
      await page.waitForSelector('[data-testid="frame-row"]')
    }
    await page.waitForTimeout(3000) // warm-up: snapshots in, streams live
    const { ticks, hops, ...frames } = await measureWindow(page, r.seconds)
    const cells = await page.locator('[data-testid="price-cell"]').count()
    return {
      bench: 'render',
      updatesPerSec: r.rate,
      density: r.density,
      ...(r.inspector ? { inspectorOpen: true } : {}),
      receivedPerSec: Math.round(ticks.length / r.seconds),
      watchedMatches: watched,
      cells,
      ...frames,
      p99TickToPaintMs: Number(percentile(ticks, 99).toFixed(1)),
      p99HopsMs: p99Hops(hops),
      load: machineLoad(),
    }
  } finally {
    await page.close()
    await host.stop()
  }
}

type RateLine = Omit<FrameWindow, 'ticks' | 'hops'> & {
  bench: 'render'
  updatesPerSec: number
  density: BoardDensity
  receivedPerSec: number
  watchedMatches: number
  cells: number
  p99TickToPaintMs: number
  p99HopsMs: Record<string, number>
  load: number
}

/**
 * The board's budget at a rate: frames kept (≤ 1 % dropped), main thread ≤ 70 % busy, p99
 * tick-to-paint ≤ 50 ms, and the rate actually reached the board (≥ 90 %: a feed that could not
 * deliver it says nothing about the board). Returns what was missed.
 */
function missedBudget(line: RateLine): string[] {
  const missed: string[] = []
  if (line.droppedFramePct > 1) missed.push('droppedFrames')
  if (line.mainThreadBusyPct > 70) missed.push('mainThreadBusy')
  if (!(line.p99TickToPaintMs <= 50)) missed.push('tickToPaint')
  if (line.receivedPerSec < 0.9 * line.updatesPerSec) missed.push('received')
  return missed
}

const FIND_LIMIT_RATES = [2000, 5000, 10_000, 20_000, 40_000, 80_000]

/** Raises the rate until the board misses its budget; prints each rate, then the highest that held. */
async function findLimit(browser: Browser, base: Omit<RateRun, 'rate'>): Promise<void> {
  let held: number | null = null
  let firstMissed: { rate: number; missed: string[] } | null = null
  for (const rate of FIND_LIMIT_RATES) {
    const line = await measureRate(browser, { ...base, rate })
    const missed = missedBudget(line)
    console.log(JSON.stringify({ ...line, held: missed.length === 0, ...(missed.length ? { missed } : {}) }))
    if (missed.length > 0) {
      firstMissed = { rate, missed }
      break
    }
    held = rate
  }
  console.log(
    JSON.stringify({
      bench: 'render',
      findLimit: true,
      density: base.density,
      highestHeldPerSec: held,
      firstMissedPerSec: firstMissed?.rate ?? null,
      ...(firstMissed ? { missed: firstMissed.missed } : {}),
    }),
  )
}

export async function run(args: string[]): Promise<void> {
  const rates = arg(args, '--rates', '2000,5000').split(',').map(Number)
  const findingLimit = args.includes('--find-limit')
  const seconds = Number(arg(args, '--seconds', findingLimit ? '10' : '20'))
  const matches = Number(arg(args, '--matches', '50'))
  const densityArg = arg(args, '--density', '')
  const inspector = args.includes('--inspector')
  const densities: BoardDensity[] = densityArg
    ? [densityArg as BoardDensity]
    : findingLimit
      ? ['comfortable', 'compact']
      : ['comfortable']
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    console.log(JSON.stringify({ bench: 'render', idle: true, ...(await measureIdle(browser, Math.min(seconds, 5))) }))
    for (const density of densities) {
      if (findingLimit) await findLimit(browser, { seconds, matches, density, inspector })
      else
        for (const rate of rates)
          console.log(JSON.stringify(await measureRate(browser, { rate, seconds, matches, density, inspector })))
    }
  } finally {
    await browser.close()
  }
}
