/**
 * How long the core's event loop waits for the cache's timer flush at a live rate: the same ticks
 * into a real SQLite file, written by the timer three ways, interleaved in one run:
 *  - `parts`: as shipped, a round in parts of whole matches of ~3 ms each, the loop turning between them
 *    (TickWriter.flushPart),
 *  - `whole`: one transaction per interval (the cache before 29 Nov 2026),
 *  - `floor`: the same ticks made and not recorded: what the load and the probe cost alone.
 * The load is what the watch engine hands the cache at `--rate` updates/s: every 10 ms a group of
 * ticks spread over 50 matches of 14 outcomes. Per window, from a 1 ms timer's lateness:
 *  - longestStallMs: the longest time the loop ran something else,
 *  - messageWaitP99Ms: how long a message that comes at a random moment (a feed frame, the board's
 *    batch timer) waits before the loop can read it, its 99th percentile: a stall of d ms keeps
 *    every message of those d ms waiting, the first for all of d,
 * and the process's CPU per second (the parts must not buy their shorter waits with more work).
 *   npm run bench -- flush-stalls [--rate 10000] [--seconds 10] [--runs 3]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { PriceTick } from '../src/shared/domain'
import { openCache } from '../src/main/core/cache'
import { median, numberArg, rotated } from './support'

const MODES = ['parts', 'whole', 'floor'] as const
type Mode = (typeof MODES)[number]
const MATCHES = 50
const OUTCOMES_PER_MATCH = 14
const FEED_EVERY_MS = 10
const WARM_UP_MS = 2000
const FLUSH_EVERY_MS = 250
const PROBE_MS = 1
/** Prime to the 700 outcomes: successive ticks visit every outcome, matches interleaved as a feed's are. */
const OUTCOME_STRIDE = 263

/** The cache options each mode runs with (defaults otherwise, as the app opens it). */
const OPTIONS: Record<Mode, Parameters<typeof openCache>[1]> = {
  parts: {},
  whole: { flushPartMs: Number.POSITIVE_INFINITY },
  floor: {},
}

/** Records `rate` ticks a second into the cache until stopped; prices walk, outcomes take turns. */
function feed(record: (ticks: PriceTick[]) => void, rate: number): () => void {
  const perGroup = Math.max(1, Math.round((rate * FEED_EVERY_MS) / 1000))
  const prices = new Array<number>(MATCHES * OUTCOMES_PER_MATCH).fill(2)
  let next = 0
  const timer = setInterval(() => {
    const now = Date.now()
    const group: PriceTick[] = []
    for (let i = 0; i < perGroup; i++, next = (next + OUTCOME_STRIDE) % prices.length) {
      prices[next] = Math.max(1.01, Math.round(((prices[next] as number) + ((next % 5) - 2) * 0.01) * 100) / 100)
      group.push({
        matchId: 1000 + Math.floor(next / OUTCOMES_PER_MATCH),
        oddType: 'full-time',
        oddKey: `outcome#${next % OUTCOMES_PER_MATCH}`,
        price: prices[next] as number,
        suspended: false,
        serverTs: now - 20,
        receivedTs: now,
      })
    }
    record(group)
  }, FEED_EVERY_MS)
  return () => clearInterval(timer)
}

async function measure(mode: Mode, rate: number, seconds: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-flush-stalls-'))
  const cache = openCache(path.join(dir, 'cache.sqlite'), { flushIntervalMs: FLUSH_EVERY_MS, ...OPTIONS[mode] })
  const stop = feed(mode === 'floor' ? () => {} : (ticks) => cache.recordTicks('demo', ticks), rate)
  try {
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS))
    const cpuBefore = process.cpuUsage()
    const lateness = await probeLoop(seconds * 1000)
    const cpu = process.cpuUsage(cpuBefore)
    const round = (ms: number) => Number(ms.toFixed(1))
    return {
      mode,
      rate,
      longestStallMs: round(Math.max(...lateness)),
      messageWaitP99Ms: round(waitPercentile(lateness, seconds * 1000, 99)),
      cpuMsPerSec: Math.round((cpu.user + cpu.system) / 1000 / seconds),
    }
  } finally {
    stop()
    cache.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** A 1 ms timer for `ms`: how late each firing came (ms), i.e. how long the loop was held before it. */
function probeLoop(ms: number): Promise<number[]> {
  return new Promise((resolve) => {
    const lateness: number[] = []
    const end = performance.now() + ms
    let last = performance.now()
    const timer = setInterval(() => {
      const now = performance.now()
      lateness.push(Math.max(0, now - last - PROBE_MS))
      last = now
      if (now < end) return
      clearInterval(timer)
      resolve(lateness)
    }, PROBE_MS)
  })
}

/**
 * The `p`th percentile of the wait of a message arriving at a uniformly random moment of `totalMs`:
 * a stall of d ms makes an arrival x ms into it wait d − x, so P(wait > w) = Σ max(0, d − w) / total.
 * Solved for w by bisection.
 */
function waitPercentile(lateness: number[], totalMs: number, p: number): number {
  const beyond = (w: number) => lateness.reduce((sum, d) => sum + Math.max(0, d - w), 0) / totalMs
  let low = 0
  let high = Math.max(...lateness)
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2
    if (beyond(mid) > 1 - p / 100) low = mid
    else high = mid
  }
  return high
}

export async function run(args: string[]): Promise<void> {
  const rate = numberArg(args, '--rate', 10_000)
  const seconds = numberArg(args, '--seconds', 10)
  const runs = numberArg(args, '--runs', 3)
  const lines: Array<Awaited<ReturnType<typeof measure>>> = []
  for (let r = 0; r < runs; r++)
    for (const mode of rotated(MODES, r)) {
      const line = await measure(mode, rate, seconds)
      console.log(JSON.stringify({ bench: 'flush-stalls', run: r + 1, ...line }))
      lines.push(line)
    }
  for (const mode of MODES) {
    const mine = lines.filter((l) => l.mode === mode)
    console.log(
      JSON.stringify({
        bench: 'flush-stalls',
        summary: true,
        mode,
        rate,
        runs: mine.length,
        medianLongestStallMs: median(mine.map((l) => l.longestStallMs)),
        medianMessageWaitP99Ms: median(mine.map((l) => l.messageWaitP99Ms)),
        medianCpuMsPerSec: median(mine.map((l) => l.cpuMsPerSec)),
      }),
    )
  }
}
