/**
 * Soak bench: the headless host (its demo simulator at 2,000 updates/s on the watched sport), 50
 * watched live matches, the real app in Chromium, for `--minutes` (default 30). Memory is read
 * twice, at the baseline (minute 5, or 1/6 of a shorter run, once start-up allocations settled)
 * and at the end, each after a full collection:
 *  - host RSS from /proc/<pid>/status (the whole process: V8, SQLite's page cache, sockets),
 *  - host V8 heap through the inspector the host is started with (`--inspect=127.0.0.1:0`),
 *  - renderer JS heap through CDP (HeapProfiler.collectGarbage, then Performance.getMetrics).
 * `crashes` counts a host that exited, a page that crashed, and the crash kinds the core counted
 * (uncaught exceptions, unhandled rejections, a renderer error…). Prints one JSON line.
 *
 *   npm run bench -- soak [--minutes 30] [--rate 2000] [--matches 50]
 */
import { chromium, type CDPSession, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import WebSocket from 'ws'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'
import { watchLiveMatches, type PageScope } from '../e2e/bridge'
import { launchHost, type HostProcess } from '../e2e/host'
import { CRASH_KINDS } from '../src/main/core/faults/fault-log'
import { SIM_SPORTS } from '../src/sim/world/sports/index'
import { mb, numberArg } from './support'

export function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(line?.split(/\s+/)[1] ?? NaN) * 1024
}

/** The host's V8 inspector: a full collection, then the heap's used size. */
export class HostInspector {
  private next = 1
  private constructor(private readonly ws: WebSocket) {}

  static async open(host: HostProcess): Promise<HostInspector> {
    const url = /Debugger listening on (ws:\/\/\S+)/.exec(host.stderr())?.[1]
    if (!url) throw new Error('the host did not open its inspector')
    const ws = new WebSocket(url)
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return new HostInspector(ws)
  }

  private call(method: string): Promise<Record<string, unknown>> {
    const id = this.next++
    return new Promise((resolve, reject) => {
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(data.toString()) as {
          id?: number
          result?: Record<string, unknown>
          error?: unknown
        }
        if (message.id !== id) return
        this.ws.off('message', onMessage)
        if (message.error) reject(new Error(JSON.stringify(message.error)))
        else resolve(message.result ?? {})
      }
      this.ws.on('message', onMessage)
      this.ws.send(JSON.stringify({ id, method }))
    })
  }

  async heapUsedBytes(): Promise<number> {
    await this.call('HeapProfiler.collectGarbage')
    return (await this.call('Runtime.getHeapUsage')).usedSize as number
  }

  close(): void {
    this.ws.close()
  }
}

async function rendererHeapBytes(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { metrics } = await cdp.send('Performance.getMetrics')
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN
}

/** Crash kinds the core counted (through its fault door), as the page reads them in health. */
async function countedCrashes(page: Page): Promise<number> {
  const byKind = await page.evaluate(async () => {
    const health = await (globalThis as unknown as PageScope).oddsMonitor.invoke('feed:health')
    return health.ok ? (health.value as { faults: { byKind: Record<string, number> } }).faults.byKind : {}
  })
  return Object.entries(byKind).reduce((n, [kind, count]) => n + (CRASH_KINDS.has(kind) ? count : 0), 0)
}

interface Sample {
  rss: number
  hostHeap: number
  rendererHeap: number
}

async function sample(host: HostProcess, inspector: HostInspector, cdp: CDPSession): Promise<Sample> {
  return {
    hostHeap: await inspector.heapUsedBytes(),
    rss: rssBytes(host.pid),
    rendererHeap: await rendererHeapBytes(cdp),
  }
}

const growthPct = (from: number, to: number) => Number(((100 * (to - from)) / from).toFixed(1))

export async function run(args: string[]): Promise<void> {
  const minutes = numberArg(args, '--minutes', 30)
  const rate = numberArg(args, '--rate', 2000)
  const matches = numberArg(args, '--matches', 50)
  const baselineMs = Math.min(5, minutes / 6) * 60_000
  const host = await launchHost({
    // The simulator spreads its rate over every sport's live matches: ask for rate × sports.
    args: ['--sim-rate', String(rate * SIM_SPORTS.length), '--sim-live-matches', String(matches)],
    env: { NODE_ENV: 'production', NODE_OPTIONS: '--inspect=127.0.0.1:0' },
  })
  let hostExited = false
  const exitWatch = setInterval(() => {
    try {
      process.kill(host.pid, 0)
    } catch {
      hostExited = true
    }
  }, 1000)
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  let pageCrashes = 0
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    page.on('crash', () => pageCrashes++)
    await page.goto(host.url)
    const watched = (await watchLiveMatches(page, matches)).length
    await page.waitForSelector('[data-testid="price-cell"]')
    const inspector = await HostInspector.open(host)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    const started = Date.now()
    await page.waitForTimeout(baselineMs)
    const start = await sample(host, inspector, cdp)
    await page.waitForTimeout(Math.max(0, minutes * 60_000 - (Date.now() - started)))
    const end = await sample(host, inspector, cdp)
    const crashes = (hostExited ? 1 : 0) + pageCrashes + (await countedCrashes(page))
    inspector.close()
    console.log(
      JSON.stringify({
        bench: 'soak',
        minutes,
        rssStartMb: mb(start.rss),
        rssEndMb: mb(end.rss),
        rssGrowthPct: growthPct(start.rss, end.rss),
        heapGrowthPct: growthPct(start.hostHeap, end.hostHeap),
        rendererHeapGrowthPct: growthPct(start.rendererHeap, end.rendererHeap),
        crashes,
      }),
    )
    console.error(
      `soak: ${watched} watched matches at ${rate}/s; host heap ${mb(start.hostHeap)} → ${mb(end.hostHeap)} MB, renderer heap ${mb(start.rendererHeap)} → ${mb(end.rendererHeap)} MB`,
    )
  } finally {
    clearInterval(exitWatch)
    await browser.close()
    await host.stop()
  }
}
