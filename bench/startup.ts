/**
 * Startup bench: the browser host started on a data folder with a 30-day cache (about 10 million
 * ticks, 50 watched matches; bench/startup-data.ts makes it once) and the time from the host
 * process's start to the board's first paint of a price cell in Chromium, in two cases:
 *  - feed unreachable: API keys in the keychain and every service address refusing, so the board
 *    can only come from the cache;
 *  - feed up: no keys, so the built-in demo feed starts and the board paints from whichever
 *    answers first, cache or feed.
 * The host runs bundled (see bundleHost) in a private D-Bus session with an unlocked
 * gnome-keyring (as `npm test` does), and the shell notes the time just before it execs the host,
 * so the clock starts with the process. Also printed: when the host said it was ready (URL on stdout), the CPU the host had
 * used by the first paint (what a quiet machine's wall time tends to), and the load.
 *
 *   npm run bench -- startup [--runs 3] [--tab-after-ready]
 */
import { chromium, type Browser } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { build } from 'esbuild'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'
import { ensureStartupData } from './startup-data'
import { machineLoad, numberArg, processCpuMs } from './support'

interface Startup {
  readyMs: number
  firstPaintMs: number
  /** CPU the host process had used by then: on a loaded machine, wall time is mostly waiting. */
  hostCpuMs: number
  /** Where the time went: each step's time since the process started (see phasesOf). */
  phases: Record<string, number>
}

/**
 * Page side: the first price cell in the document, then the frame that paints it (`painted`, by the
 * wall clock as the shell's start stamp is). Also when the cell was found in the document
 * (`committed`, ms since the page's navigation).
 */
const FIRST_PAINT = `new Promise((resolve) => {
  const painted = () => {
    const committed = performance.now()
    requestAnimationFrame(() => resolve({ painted: Date.now(), committed }))
  }
  if (document.querySelector('[data-testid="price-cell"]')) return painted()
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid="price-cell"]')) return
    observer.disconnect()
    painted()
  }).observe(document, { childList: true, subtree: true })
})`

/**
 * Runs in the page before its own scripts: notes when the bridge's socket opened and, per channel,
 * when its first request was sent and its answer arrived (ms since navigation). Only the first
 * characters of an answer are read, so a large board costs nothing extra to note.
 */
const BRIDGE_TIMES = `(() => {
  const times = { open: null, sent: {}, answered: {} }
  const channels = new Map()
  Object.defineProperty(window, '__startupBridge', { value: times })
  const Native = window.WebSocket
  const send = Native.prototype.send
  Native.prototype.send = function (data) {
    const request = typeof data === 'string' && data.length < 4096 ? JSON.parse(data) : null
    if (request && typeof request.id === 'number' && !(request.channel in times.sent)) {
      channels.set(request.id, request.channel)
      times.sent[request.channel] = performance.now()
    }
    return send.call(this, data)
  }
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args)
      this.addEventListener('open', () => (times.open ??= performance.now()))
      this.addEventListener('message', (event) => {
        const id = /^\\{"id":(\\d+)/.exec(String(event.data).slice(0, 24))
        const channel = id && channels.get(Number(id[1]))
        if (channel && !(channel in times.answered)) times.answered[channel] = performance.now()
      })
    }
  }
})()`

/** What the page knows of its own start: navigation, files, bridge, store, first paint of anything. */
const PAGE_PHASES = `(() => {
  const nav = performance.getEntriesByType('navigation')[0]
  const scripts = performance.getEntriesByType('resource').filter((r) => /\\.js$/.test(r.name))
  const script = scripts.find((r) => /\\/assets\\/index-.*\\.js$/.test(r.name))
  const bridgeScript = scripts.find((r) => r.name.includes('/__host/bridge.js'))
  const paint = performance.getEntriesByName('first-contentful-paint')[0]
  const marks = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))
  return {
    origin: performance.timeOrigin,
    htmlRequested: nav?.requestStart,
    htmlLoaded: nav?.responseEnd,
    bridgeScriptLoaded: bridgeScript?.responseEnd,
    scriptRequested: script?.requestStart,
    scriptLoaded: script?.responseEnd,
    // Every script of the first paint: the entry's chunks are fetched beside it (modulepreload).
    allScriptsLoaded: Math.max(...scripts.filter((r) => r.startTime < (marks['startup:page:script-evaluated'] ?? 0)).map((r) => r.responseEnd)),
    domContentLoaded: nav?.domContentLoadedEventEnd,
    scriptEvaluated: marks['startup:page:script-evaluated'],
    firstContentfulPaint: paint?.startTime,
    bridge: window.__startupBridge,
    boardInStore: marks['startup:page:board-in-store'],
  }
})()`

interface PagePhases {
  origin: number
  bridge: { open: number | null; sent: Record<string, number>; answered: Record<string, number> }
  [phase: string]: unknown
}

/**
 * One start's steps on one clock, ms since the shell's start stamp: the host's own marks (its
 * log line "startup (ms since start): …", counted from the process's start, which is the exec
 * after the stamp) and the page's (counted from its navigation start, performance.timeOrigin).
 */
function phasesOf(hostLog: string, page: PagePhases, committed: number, started: number): Record<string, number> {
  const phases: Record<string, number> = {}
  const line = /startup \(ms since start\): (.*)/.exec(hostLog)?.[1] ?? ''
  for (const [, name, ms] of line.matchAll(/([\w:-]+) (\d+)/g)) phases[name!] = Number(ms)
  const atPage = (ms: unknown) => (typeof ms === 'number' ? Math.round(page.origin + ms - started) : undefined)
  const pagePhases: Record<string, unknown> = {
    'page:navigation-start': 0,
    'page:html-requested': page.htmlRequested,
    'page:html-loaded': page.htmlLoaded,
    'page:bridge-script-loaded': page.bridgeScriptLoaded,
    'page:script-requested': page.scriptRequested,
    'page:script-loaded': page.scriptLoaded,
    'page:all-scripts-loaded': page.allScriptsLoaded,
    'page:script-evaluated': page.scriptEvaluated,
    'page:dom-content-loaded': page.domContentLoaded,
    'page:first-contentful-paint': page.firstContentfulPaint,
    'page:bridge-open': page.bridge.open,
    'page:first-call-sent': Math.min(...Object.values(page.bridge.sent)),
    'page:board-asked': page.bridge.sent['board:get'],
    'page:board-answered': page.bridge.answered['board:get'],
    'page:watchlists-answered': page.bridge.answered['watchlists:get'],
    'page:board-in-store': page.boardInStore,
    'page:cell-committed': committed,
  }
  for (const [name, ms] of Object.entries(pagePhases)) {
    const at = atPage(ms)
    if (at !== undefined && Number.isFinite(at)) phases[name] = at
  }
  return phases
}

/** A board with nothing to show never paints a cell: say so instead of waiting for ever. */
const PAINT_LIMIT_MS = 180_000
function withinPaintLimit<T>(painted: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`no price cell painted within ${PAINT_LIMIT_MS / 1000} s: is the watchlist on this feed?`)),
      PAINT_LIMIT_MS,
    )
  })
  return Promise.race([painted, limit]).finally(() => clearTimeout(timer))
}

const KEYS_SCRIPT = `
import { KeytarSecretStore } from './src/main/adapters/keytar-secrets.ts'
const keys = new KeytarSecretStore()
await keys.set('odds-feed', 'bench-odds-key')
await keys.set('data-service', 'bench-data-key')
`

/**
 * The host bundled, as the shipped app's main is (electron-vite bundles it): started through tsx,
 * the host spent about 0.7 s of CPU loading and transpiling its TypeScript modules, which no
 * shipped start pays. What the host imports dynamically (its core, loaded while the page is
 * served) goes into its own chunk, as Rollup splits it in electron-vite's build. Both
 * `import.meta.dirname` uses in the host (cli.ts, server.ts) are relative to src/host, so the
 * bundle is told that folder; packages stay in node_modules.
 */
async function bundleHost(): Promise<string> {
  const hostDir = resolve('src/host')
  const outdir = resolve('out/bench-host')
  rmSync(outdir, { recursive: true, force: true })
  await build({
    entryPoints: [join(hostDir, 'cli.ts')],
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    define: { 'import.meta.dirname': JSON.stringify(hostDir) },
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  })
  return join(outdir, 'cli.mjs')
}

/**
 * One start of the host; resolves once the page painted a price cell, after the host stopped.
 * The browser tab is opened before the host starts, as a trader's browser is already open (and as
 * Electron's main now creates its window while the core starts): Playwright's `newPage` costs
 * about 220 ms that are the bench's, not the app's. `tabFirst: false` opens it after the host
 * printed its URL, as this bench did before (`--tab-after-ready`).
 */
async function startOnce(
  browser: Browser,
  host: string,
  dataDir: string,
  withKeys: boolean,
  tabFirst: boolean,
): Promise<Startup> {
  const openTab = async () => {
    const tab = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await tab.addInitScript(BRIDGE_TIMES)
    return tab
  }
  const early = tabFirst ? await openTab() : null
  const startFile = join(mkdtempSync(join(tmpdir(), 'odds-startup-')), 'start')
  const setKeys = withKeys ? `node --import tsx --input-type=module -e "$KEYS" &&` : ''
  const script = `echo -n bench | gnome-keyring-daemon --unlock --components=secrets >/dev/null && ${setKeys}
    echo $$ > "$START_FILE.pid" && date +%s%3N > "$START_FILE" && exec node "$HOST" --port 0 --data-dir "$DATA_DIR"`
  const child = spawn('dbus-run-session', ['--', 'sh', '-c', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      XDG_DATA_HOME: mkdtempSync(join(tmpdir(), 'odds-keyring-')),
      KEYS: KEYS_SCRIPT,
      HOST: host,
      START_FILE: startFile,
      DATA_DIR: dataDir,
    },
  })
  let hostLog = ''
  child.stderr.on('data', (chunk: Buffer) => (hostLog += chunk.toString()))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /ready at (http:\/\/\S+)/.exec(out)
        if (match?.[1]) resolve(match[1])
      })
      child.once('exit', (code) => reject(new Error(`host exited with ${code}`)))
    })
    const ready = Date.now()
    const page = early ?? (await openTab())
    try {
      await page.goto(url)
      const { painted, committed } = await withinPaintLimit(
        page.evaluate(FIRST_PAINT) as Promise<{ painted: number; committed: number }>,
      )
      const hostCpuMs = processCpuMs(Number(readFileSync(`${startFile}.pid`, 'utf8')))
      const started = Number(readFileSync(startFile, 'utf8'))
      const phases = phasesOf(hostLog, (await page.evaluate(PAGE_PHASES)) as PagePhases, committed, started)
      phases['page:painted'] = painted - started
      return { readyMs: ready - started, firstPaintMs: painted - started, hostCpuMs, phases }
    } finally {
      await page.close()
    }
  } finally {
    if (early && !early.isClosed()) await early.close()
    await stopHost(child, `${startFile}.pid`)
  }
}

/**
 * The host itself gets the SIGTERM (dbus-run-session does not pass it on), so it closes the cache
 * cleanly as a quitting app does; then its D-Bus session goes.
 */
async function stopHost(session: ChildProcess, pidFile: string): Promise<void> {
  const exited = new Promise((resolve) => session.once('exit', resolve))
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : NaN
  if (Number.isInteger(pid)) {
    process.kill(pid, 'SIGTERM')
    while (isRunning(pid)) await new Promise((r) => setTimeout(r, 50))
  }
  session.kill('SIGTERM')
  await exited
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Each step's median over the runs, in the order the steps happened. */
function medianPhases(runs: Record<string, number>[]): Record<string, number> {
  const names = new Set(runs.flatMap((phases) => Object.keys(phases)))
  const medians = [...names].map((name) => {
    const values = runs.map((phases) => phases[name]).filter((ms): ms is number => ms !== undefined)
    return [name, median(values)] as const
  })
  return Object.fromEntries(medians.sort((a, b) => a[1] - b[1]))
}

export async function run(args: string[]): Promise<void> {
  const runs = numberArg(args, '--runs', 3)
  const tabFirst = !args.includes('--tab-after-ready')
  const dataDir = await ensureStartupData()
  const host = await bundleHost()
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    for (const feed of ['unreachable', 'up'] as const) {
      const samples: Startup[] = []
      for (let i = 0; i < runs; i++)
        samples.push(await startOnce(browser, host, dataDir, feed === 'unreachable', tabFirst))
      console.log(
        JSON.stringify({
          bench: 'startup',
          feed,
          host: 'bundled',
          tab: tabFirst ? 'open before the host starts' : 'opened once the host is ready',
          runs,
          firstPaintMs: median(samples.map((s) => s.firstPaintMs)),
          hostReadyMs: median(samples.map((s) => s.readyMs)),
          hostCpuMsToFirstPaint: median(samples.map((s) => s.hostCpuMs)),
          samplesMs: samples.map((s) => s.firstPaintMs),
          phasesMs: medianPhases(samples.map((s) => s.phases)),
          load: machineLoad(),
        }),
      )
    }
  } finally {
    await browser.close()
  }
}
