/**
 * The desk replay played at 60× on the real board (`npm run bench -- replay --browser`): a host on
 * a data folder whose cache holds an hour of yesterday recorded for a 50-match desk at 2,000 updates
 * a second (replay-data.ts; the picker offers today and yesterday, so the recording is re-made once
 * a day), the watchlist of those matches, and the app in Chromium. The replay is started through
 * the picker as a trader would (the list, yesterday 13:00–14:00, `--speed`: 60, 10 or 1), and the frames are measured
 * while it plays (page-frames.ts: dropped frames, p95 frame, main-thread busy; the host's CPU), after the idle
 * page's floor. At 60× the hour plays in a minute, so a window up to ~50 s sees it playing. Then
 * `--seeks` clicks on the timeline while it plays, each timed to the frame showing the board there.
 */
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'
import { launchHost, type HostProcess } from '../e2e/host'
import { DEFAULT_SETTINGS } from '../src/shared/settings'
import type { WatchedMatch } from '../src/shared/watchlists'
import { serveBuild, spread } from './board-ab'
import { measureIdle, measureWindow, percentile, VIEWPORT } from './page-frames'
import { ensureReplayDesk } from './replay-data'
import { machineLoad, processCpuMs } from './support'
import { tracePage } from './trace-summary'

/**
 * Runs in the page (a string: see page-frames.ts). Times each seek a click on the timeline makes:
 * from the pointer's release to the first frame after the banner stops reading the recording
 * (`data-loading` back to false: the board at the instant is in the store, drawn on that frame).
 */
const SEEK_TIMER = `(() => {
  const seeks = { shown: [] }
  globalThis.__benchSeeks = seeks
  const banner = document.querySelector('[data-testid="replay-banner"]')
  let start = null
  document.addEventListener('pointerup', () => { start = performance.now() }, true)
  new MutationObserver(() => {
    if (start === null || banner.getAttribute('data-loading') !== 'false') return
    const from = start
    start = null
    requestAnimationFrame(() => seeks.shown.push(performance.now() - from))
  }).observe(banner, { attributes: true, attributeFilter: ['data-loading'] })
})()`

/** Seeks the timeline clicks make while the replay plays, and how long each took to show the board. */
async function timeSeeks(page: Page, count: number): Promise<number[]> {
  await page.evaluate(SEEK_TIMER)
  const box = await page.getByTestId('replay-timeline').boundingBox()
  if (!box) throw new Error('the timeline has no box')
  const shown = () => page.evaluate(() => (globalThis as unknown as BenchSeeks).__benchSeeks.shown.length)
  let seed = 11
  for (let i = 0; i < count; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648
    await page.mouse.click(box.x + box.width * (0.02 + 0.96 * (seed / 2147483648)), box.y + box.height / 2)
    while ((await shown()) <= i) await page.waitForTimeout(20)
    // Let the lists of the minutes before fill in and the play go on, as between a trader's seeks.
    await page.waitForTimeout(1000)
  }
  return page.evaluate(() => (globalThis as unknown as BenchSeeks).__benchSeeks.shown)
}

/**
 * A Chrome trace of the page while it plays on (`--trace <seconds>`, after the measured window):
 * main-thread time by kind and the hottest events (trace-summary.ts); the raw file is kept, one per
 * build and round (`replay-page-trace-this-0.json`…), so an A/B run's traces can be compared after.
 */
async function tracePlay(browser: Browser, page: Page, seconds: number, name: string) {
  return { seconds, ...(await tracePage(browser, page, seconds, `replay-page-trace-${name}`)) }
}

/**
 * The renderer processes' main threads (a renderer's main thread has its process's id) and, from
 * the function returned, the CPU ms the busiest of them spent since: the page's, as the others
 * (spare renderers, closed pages') are idle.
 */
async function rendererMainThreads(browser: Browser): Promise<() => number> {
  const cdp = await browser.newBrowserCDPSession()
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: Array<{ type: string; id: number }>
  }
  await cdp.detach()
  const before = processInfo
    .filter((p) => p.type === 'renderer')
    .map((p) => ({ pid: p.id, ms: processCpuMs(p.id, p.id) }))
  return () => Math.max(...before.map(({ pid, ms }) => processCpuMs(pid, pid) - ms).filter(Number.isFinite))
}

interface BenchSeeks {
  __benchSeeks: { shown: number[] }
}

/** The hour of yesterday (local time, as the picker's day and times are) the recording covers. */
const FROM_HOUR = 13

function yesterdayAt(hour: number): number {
  const day = new Date()
  day.setDate(day.getDate() - 1)
  day.setHours(hour, 0, 0, 0)
  return day.getTime()
}

function watched(matchId: number, i: number): WatchedMatch {
  return {
    matchId,
    sport: 'badminton',
    leagueId: 1,
    leagueName: 'Bench league',
    tournamentName: null,
    home: { id: null, name: `Home ${i + 1}`, hashImage: null },
    away: { id: null, name: `Away ${i + 1}`, hashImage: null },
    startTime: yesterdayAt(FROM_HOUR),
    statusType: 'inprogress',
    statusReason: null,
    homeScore: 0,
    awayScore: 0,
    feed: 'demo',
  }
}

/** What one page's window is: the speed, the seeks, a trace; `other`: a built renderer's assets to draw it with. */
export interface PlayOptions {
  seconds: number
  speed: number
  seekCount: number
  traceSeconds: number
  /** `--other <built renderer>`: every round also plays on that build (board-ab.ts), in turn with this one. */
  other: string | null
  rounds: number
}

type Code = 'this' | 'other'

export async function playOnPage(
  shape: { matches: number; updatesPerSec: number },
  options: PlayOptions,
): Promise<void> {
  const start = yesterdayAt(FROM_HOUR)
  const desk = ensureReplayDesk({ ...shape, hours: 1, start, name: 'replay-page' })
  const dataDir = dirname(desk.file)
  // The host's settings are the defaults; its list is the recorded matches, the picker's choice.
  const watchlists = { lists: [{ id: 'bench', name: 'Bench', matches: desk.matchIds.map(watched) }], activeId: 'bench' }
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ settings: DEFAULT_SETTINGS, watchlists }))
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const host = await launchHost({ dataDir, env: { NODE_ENV: 'production' } })
  const figures: Record<Code, Array<Record<string, number>>> = { this: [], other: [] }
  try {
    const idle = await measureIdle(browser, 5)
    const { other } = options
    // This build and the other take turns (this, other, other, this, …) within the same minutes.
    const order = (round: number): Code[] =>
      other === null ? ['this'] : round % 2 === 0 ? ['this', 'other'] : ['other', 'this']
    for (let round = 0; round < (other === null ? 1 : options.rounds); round++)
      for (const code of order(round)) {
        const assets = code === 'other' && other !== null ? join(other, 'assets') : null
        const { line, trace } = await playWindow(browser, host, assets, options, `${code}-${round}`)
        figures[code].push(line)
        console.log(
          JSON.stringify({
            bench: 'replay',
            browser: true,
            ...(other !== null && { round, code }),
            speed: options.speed,
            matches: desk.matchIds.length,
            updatesPerSec: desk.updatesPerSec,
            idle,
            ...line,
            ...(trace && { trace }),
          }),
        )
      }
    if (other !== null)
      for (const code of ['this', 'other'] as Code[])
        console.log(
          JSON.stringify({
            bench: 'replay',
            summary: true,
            code,
            speed: options.speed,
            runs: figures[code].length,
            ...spread(figures[code]),
          }),
        )
  } finally {
    await host.stop()
    await browser.close()
  }
}

/** A page that starts the replay through the picker, plays it for the window, then seeks; `name`: its trace file's. */
async function playWindow(
  browser: Browser,
  host: HostProcess,
  assets: string | null,
  options: PlayOptions,
  name: string,
) {
  const { seconds, speed, seekCount, traceSeconds } = options
  const page = await browser.newPage({ viewport: VIEWPORT })
  try {
    if (assets) await serveBuild(page, host, assets)
    await page.goto(host.url)
    await page.getByTestId('replay-open').click()
    const picker = page.getByTestId('replay-picker')
    await picker.getByTestId('replay-list').selectOption('bench')
    await picker.getByTestId('replay-day').selectOption('yesterday')
    await picker.getByTestId('replay-from').fill(`${FROM_HOUR}:00:00`)
    await picker.getByTestId('replay-to').fill(`${FROM_HOUR + 1}:00:00`)
    await picker.getByTestId(`replay-start-speed-${speed}`).click()
    await picker.getByTestId('replay-go').click()
    await page.getByTestId('replay-banner').waitFor()
    await page.locator('[data-testid="price-cell"]').first().waitFor()
    const clockAt = () => page.getByTestId('replay-clock').getAttribute('data-at').then(Number)
    const before = await clockAt()
    const hostBefore = processCpuMs(host.pid)
    const rendererMain = await rendererMainThreads(browser)
    const { ticks: _ticks, hops: _hops, ...frames } = await measureWindow(page, seconds)
    const hostCpuMs = processCpuMs(host.pid) - hostBefore
    const pageCpuMs = rendererMain()
    const after = await clockAt()
    const trace = traceSeconds > 0 ? await tracePlay(browser, page, traceSeconds, name) : undefined
    const seeks = await timeSeeks(page, seekCount)
    const line = {
      cells: await page.locator('[data-testid="price-cell"]').count(),
      ...frames,
      /** Recorded time played per second of the window: speed × 1,000 when playback keeps up. */
      playedMsPerSec: Math.round((after - before) / seconds),
      /** The host's CPU over the window, in % of one core: the core reading and sending the events. */
      hostCpuPct: Math.round(hostCpuMs / (seconds * 10)),
      /**
       * The page's main thread's CPU over the window, in % of one core: the work it did. Busy is
       * wall time in tasks, which a loaded machine stretches while the thread waits for a core.
       */
      pageMainCpuPct: Math.round(pageCpuMs / (seconds * 10)),
      /** Clicks on the timeline while playing: release to the first frame with the board at the instant. */
      seeks: seeks.length,
      seekShownP50Ms: Math.round(percentile(seeks, 50)),
      seekShownP95Ms: Math.round(percentile(seeks, 95)),
      seekShownMaxMs: Math.round(Math.max(...seeks)),
      load: machineLoad(),
    }
    return { line, trace }
  } finally {
    await page.close()
  }
}
