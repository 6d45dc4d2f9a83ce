/**
 * Render bench: the headless host with its demo simulator under load, 50 watched live matches,
 * the real app in Chromium. For each target rate it measures over a window:
 *  - p95FrameMs: animation-frame intervals (a frame over 16.7 ms is a dropped frame),
 *  - p99TickToPaintMs: the simulator's send time (`ts` → PriceChange.serverTs) to the animation
 *    frame after the store applied the patch (the app's `?paintProbe=1` hook),
 *  - longTasks: main-thread tasks over 50 ms (PerformanceObserver),
 * and prints one JSON line per rate. The simulator spreads its rate over every live match of
 * every sport, so it is asked for rate × sports to put roughly `rate` on the watched sport;
 * `receivedPerSec` says what actually reached the board.
 * Args: --rates 2000,5000  --seconds 20  --matches 50
 */
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'
import { launchHost } from '../e2e/host'
import type { OddsMonitorApi } from '../src/shared/bridge/api'
import { SIM_SPORTS } from '../src/sim/world/sports/index'

interface ProbeScope {
  oddsMonitor: OddsMonitorApi
  __paintProbe: { samples: number[] }
  __benchFrames: { deltas: number[]; longTasks: number; running: boolean }
}

function arg(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(name)
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

/**
 * Runs in the page. A string, not a function: tsx's name-keeping helper (`__name`) would be
 * serialised with a function and is not defined in the page.
 */
const START_FRAME_RECORDER = `(() => {
  globalThis.__paintProbe.samples.length = 0
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

export async function run(args: string[]): Promise<void> {
  const rates = arg(args, '--rates', '2000,5000').split(',').map(Number)
  const seconds = Number(arg(args, '--seconds', '20'))
  const matches = Number(arg(args, '--matches', '50'))
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    for (const rate of rates) {
      const host = await launchHost({
        args: ['--sim-rate', String(rate * SIM_SPORTS.length), '--sim-live-matches', String(matches)],
      })
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
      try {
        await page.goto(`${host.url}&paintProbe=1`)
        const watched = await page.evaluate(async (limit) => {
          const api = (globalThis as unknown as ProbeScope).oddsMonitor
          const mode = await api.invoke('feed:mode')
          const lists = await api.invoke('watchlists:get')
          if (!mode.ok || !lists.ok) throw new Error('bridge not ready')
          const live = await api.invoke('discover:matches', { mode: 'live', sport: mode.value.sport, limit })
          if (!live.ok) throw new Error(live.error.message)
          const id = lists.value.activeId ?? lists.value.lists[0]?.id ?? ''
          for (const match of live.value.matches) await api.invoke('watchlists:command', { op: 'addMatch', id, match })
          return live.value.matches.length
        }, matches)
        await page.waitForSelector('[data-testid="price-cell"]')
        await page.waitForTimeout(3000) // warm-up: snapshots in, streams live
        await page.evaluate(START_FRAME_RECORDER)
        await page.waitForTimeout(seconds * 1000)
        const result = await page.evaluate(() => {
          const scope = globalThis as unknown as ProbeScope
          scope.__benchFrames.running = false
          return {
            frames: scope.__benchFrames.deltas.slice(1),
            longTasks: scope.__benchFrames.longTasks,
            ticks: scope.__paintProbe.samples.slice(),
          }
        })
        const cells = await page.locator('[data-testid="price-cell"]').count()
        console.log(
          JSON.stringify({
            bench: 'render',
            updatesPerSec: rate,
            receivedPerSec: Math.round(result.ticks.length / seconds),
            watchedMatches: watched,
            cells,
            frames: result.frames.length,
            p95FrameMs: Number(percentile(result.frames, 95).toFixed(1)),
            p99TickToPaintMs: Number(percentile(result.ticks, 99).toFixed(1)),
            longTasks: result.longTasks,
          }),
        )
      } finally {
        await page.close()
        await host.stop()
      }
    }
  } finally {
    await browser.close()
  }
}
