/**
 * Cache figures: ticks written per second through the public API into a real file, the time to
 * load the downsampled history of one match holding 1,000,000 ticks, and file bytes per tick.
 * Args: [ticks=1000000] [outcomes=100].
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { PriceTick } from '../src/shared/domain'
import { openCache } from '../src/main/core/cache'
import { median } from './support'

const MATCH_ID = 4242
const CHUNK = 500 // the feed hands ticks over in small groups
const MATCH_SPAN_MS = 3 * 3_600_000 // a 3-hour match

export async function run(args: string[]): Promise<void> {
  const total = Number(args[0] ?? 1_000_000)
  const outcomeCount = Number(args[1] ?? 100)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cache-'))
  const file = path.join(dir, 'cache.sqlite')
  try {
    const start = Date.UTC(2025, 5, 1, 18, 0, 0)
    const step = MATCH_SPAN_MS / total
    const prices = Array.from({ length: outcomeCount }, (_, i) => 1.5 + (i % 10) * 0.25)
    // Suspensions come in runs (a market closes for a while), not as random flicker.
    const suspendedUntil = new Array<number>(outcomeCount).fill(0)
    let seed = 12345
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const ticks: PriceTick[] = new Array(total)
    for (let i = 0; i < total; i++) {
      const o = Math.floor(random() * outcomeCount)
      prices[o] = Math.max(1.01, Math.round(((prices[o] as number) + (random() - 0.5) * 0.05) * 1000) / 1000)
      const receivedTs = Math.round(start + i * step)
      if (random() < 0.0005) suspendedUntil[o] = receivedTs + 60_000
      ticks[i] = {
        matchId: MATCH_ID,
        oddType: o % 3 === 0 ? 'full-time' : 'period-time',
        oddKey: `market_${Math.floor(o / 3)}#outcome_${o % 3}`,
        price: prices[o] as number,
        suspended: receivedTs < (suspendedUntil[o] as number),
        serverTs: receivedTs - 20 - Math.floor(random() * 30),
        receivedTs,
      }
    }

    const cache = openCache(file)
    const t0 = performance.now()
    for (let i = 0; i < total; i += CHUNK) cache.recordTicks('demo', ticks.slice(i, i + CHUNK))
    cache.flush()
    const writeMs = performance.now() - t0
    cache.close()
    const bytesPerTick = fs.statSync(file).size / total

    const reopened = openCache(file)
    const runs: number[] = []
    let points = 0
    for (let r = 0; r < 5; r++) {
      const q0 = performance.now()
      const series = reopened.history('demo', MATCH_ID, 'all', start, start + MATCH_SPAN_MS, 1000)
      runs.push(performance.now() - q0)
      points = series.reduce((n, s) => n + s.points.length, 0)
    }
    const one = performance.now()
    reopened.history(
      'demo',
      MATCH_ID,
      { oddType: 'full-time', oddKey: 'market_0#outcome_0' },
      start,
      start + MATCH_SPAN_MS,
      1000,
    )
    const oneOutcomeMs = performance.now() - one
    reopened.close()
    console.log(
      JSON.stringify({
        bench: 'cache',
        ticksPerSec: Math.round(total / (writeMs / 1000)),
        historyQueryMs: Math.round(runs[0] as number),
        historyQueryMedianMs: Math.round(median(runs)),
        historyOneOutcomeMs: Math.round(oneOutcomeMs * 10) / 10,
        bytesPerTick: Math.round(bytesPerTick * 10) / 10,
        ticks: total,
        outcomes: outcomeCount,
        historyPoints: points,
      }),
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
