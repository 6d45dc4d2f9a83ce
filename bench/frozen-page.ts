/**
 * Frozen-page bench: the headless host (its demo simulator at 2,000 updates/s on the watched
 * sport), 50 watched live matches, the real app in Chromium, whose page hangs (its renderer
 * process is stopped with SIGSTOP, as a hung tab or a sleeping laptop stops it: the browser's
 * network process then fills the renderer's pipe and stops reading the bridge socket) for
 * `--freeze-minutes` (default 5), then wakes (SIGCONT). CDP's `Page.setWebLifecycleState: frozen`
 * is not enough: a frozen page's WebSocket still takes its data. It prints the host's
 * V8 heap (after a full collection, through the inspector it starts the host with) before the
 * freeze, its highest and last reading during it (one every 30 s) and after the thaw, the host's
 * RSS, what the page heard once it ran again (`bridge:dropped`, a reconnect) and how long after
 * the thaw its board had a fresh patch after that (`catchUpMs`). One JSON line.
 *
 *   npm run bench -- frozen-page [--freeze-minutes 5] [--rate 2000] [--matches 50]
 */
import { chromium, type Browser } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'
import { watchLiveMatches, type PageScope } from '../e2e/bridge'
import { launchHost } from '../e2e/host'
import { SIM_SPORTS } from '../src/sim/world/sports/index'
import { HostInspector, rssBytes } from './soak'
import { mb, numberArg } from './support'

const SAMPLE_EVERY_MS = 30_000

/** What the page's bridge heard, recorded in the page (read once it runs again). */
interface PageLog {
  patches: number[]
  dropped: Array<{ at: number; channel: string }>
  connection: Array<{ at: number; connected: boolean }>
}

/** The browser's renderer processes (one page: its own, and perhaps a spare one). */
async function rendererPids(browser: Browser): Promise<number[]> {
  const cdp = await browser.newBrowserCDPSession()
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: Array<{ type: string; id: number }>
  }
  await cdp.detach()
  return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id)
}

export async function run(args: string[]): Promise<void> {
  const freezeMinutes = numberArg(args, '--freeze-minutes', 5)
  const rate = numberArg(args, '--rate', 2000)
  const matches = numberArg(args, '--matches', 50)
  const host = await launchHost({
    // The simulator spreads its rate over every sport's live matches: ask for rate × sports.
    args: ['--sim-rate', String(rate * SIM_SPORTS.length), '--sim-live-matches', String(matches)],
    env: { NODE_ENV: 'production', NODE_OPTIONS: '--inspect=127.0.0.1:0' },
  })
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(host.url)
    const watched = (await watchLiveMatches(page, matches)).length
    await page.waitForSelector('[data-testid="price-cell"]')
    await page.evaluate(() => {
      const log: PageLog = { patches: [], dropped: [], connection: [] }
      ;(globalThis as unknown as { __frozenLog: PageLog }).__frozenLog = log
      const api = (globalThis as unknown as PageScope).oddsMonitor
      api.on('board:patch', () => log.patches.push(Date.now()))
      api.on('bridge:dropped', ({ channel }) => log.dropped.push({ at: Date.now(), channel }))
      api.on('bridge:connection', ({ connected }) => log.connection.push({ at: Date.now(), connected }))
    })
    const inspector = await HostInspector.open(host)
    // A minute of the flood first: start-up allocations settle.
    await page.waitForTimeout(60_000)
    const before = { heap: await inspector.heapUsedBytes(), rss: rssBytes(host.pid) }

    const renderers = await rendererPids(browser)
    for (const pid of renderers) process.kill(pid, 'SIGSTOP')
    const frozenAt = Date.now()
    const during: number[] = []
    while (Date.now() - frozenAt < freezeMinutes * 60_000) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(SAMPLE_EVERY_MS, freezeMinutes * 60_000)))
      during.push(await inspector.heapUsedBytes())
    }
    const frozenRss = rssBytes(host.pid)
    for (const pid of renderers) process.kill(pid, 'SIGCONT')
    const thawedAt = Date.now()
    // Caught up: a patch reached the board after the page was told to resync (`bridge:dropped`, or
    // the reconnect of a page the host closed); the patches it still had queued come first.
    const catchUpMs = await page.evaluate(async (thawedAt) => {
      const log = (globalThis as unknown as { __frozenLog: PageLog }).__frozenLog
      while (Date.now() - thawedAt < 60_000) {
        const resync = [...log.dropped.map((d) => d.at), ...log.connection.filter((c) => c.connected).map((c) => c.at)]
        const told = resync.find((at) => at >= thawedAt)
        const patch = told === undefined ? undefined : log.patches.find((at) => at > told)
        if (patch !== undefined) return patch - thawedAt
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return null // never told to resync: the page was not held back
    }, thawedAt)
    await page.waitForTimeout(10_000)
    const after = { heap: await inspector.heapUsedBytes(), rss: rssBytes(host.pid) }
    const pageLog = await page.evaluate(() => (globalThis as unknown as { __frozenLog: PageLog }).__frozenLog)
    inspector.close()
    const heapPeak = Math.max(...during)
    console.log(
      JSON.stringify({
        bench: 'frozen-page',
        freezeMinutes,
        rate,
        watched,
        heapBeforeMb: mb(before.heap),
        heapPeakFrozenMb: mb(heapPeak),
        heapEndFrozenMb: mb(during.at(-1) ?? NaN),
        heapAfterMb: mb(after.heap),
        heapPeakGrowthPct: Number(((100 * (heapPeak - before.heap)) / before.heap).toFixed(1)),
        rssBeforeMb: mb(before.rss),
        rssFrozenMb: mb(frozenRss),
        rssAfterMb: mb(after.rss),
        pageToldDropped: pageLog.dropped.filter((d) => d.at >= thawedAt).map((d) => d.channel),
        pageReconnected: pageLog.connection.some((c) => c.at >= thawedAt && c.connected),
        catchUpMs,
      }),
    )
  } finally {
    await browser.close()
    await host.stop()
  }
}
