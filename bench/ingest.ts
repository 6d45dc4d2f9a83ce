/**
 * Ingest bench: live price messages per second received, parsed, validated and merged by the
 * watch engine, beside the ceiling measured in the same run (raw ws receive + JSON.parse of the
 * same streams). The simulator runs as its own process at a rate far above what one core can
 * take, so both figures are what this process (one core) manages, not what the sim sends.
 *
 *   npx tsx bench/run.ts ingest [rules=200] [--rate N] [--live N] [--seconds N]
 *
 * With `rules=N`, a second line runs the engine again with N sample alert rules evaluated on
 * every price change, and carries `"rules":N`.
 */
import WebSocket from 'ws'
import { RuleEngine } from '../src/main/core/alerts/rule-engine'
import { makeSampleRules } from '../src/main/core/alerts/sample-rules'
import { WatchEngine } from '../src/main/core/watch/watch-engine'
import type { SimulatorInfo } from '../src/sim/types'
import { liveOddsTargets, numberArg, startSimProcess, type LiveTarget } from './support'

function rulesArg(args: string[]): number | null {
  const found = args.find((a) => a.startsWith('rules='))
  const n = found ? Number(found.slice('rules='.length)) : NaN
  return Number.isInteger(n) && n > 0 ? n : null
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Figure {
  perSec: number
  /** Share of one core this process used meanwhile (1 = saturated): the headroom beside the rate. */
  cpu: number
}

/** Counts what `count` reports over `seconds` after a one-second warm-up. */
async function measure(seconds: number, count: () => number): Promise<Figure> {
  await sleep(1000)
  const from = count()
  const started = performance.now()
  const cpuFrom = process.cpuUsage()
  await sleep(seconds * 1000)
  const elapsed = performance.now() - started
  const cpu = process.cpuUsage(cpuFrom)
  return { perSec: ((count() - from) * 1000) / elapsed, cpu: (cpu.user + cpu.system) / 1000 / elapsed }
}

/** The ceiling: the same update streams, received and JSON.parse'd, nothing else. */
async function rawCeiling(info: SimulatorInfo, targets: LiveTarget[], seconds: number): Promise<Figure> {
  let prices = 0
  const sockets = await Promise.all(
    targets.map(async ({ sport, matchId }) => {
      const ws = new WebSocket(
        `${info.oddsWsBaseUrl}/live/${info.bookmakerId}/${sport}/${matchId}/updates?token=${info.apiKey}`,
        {
          perMessageDeflate: false,
        },
      )
      ws.on('message', (data: Buffer) => {
        if ((JSON.parse(data.toString()) as { type?: string }).type === 'price') prices++
      })
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
      return ws
    }),
  )
  const rate = await measure(seconds, () => prices)
  for (const ws of sockets) ws.terminate()
  return rate
}

/** The engine's rate: price ticks merged (one per price message), with patches built as in the app. */
async function engineRate(
  info: SimulatorInfo,
  targets: LiveTarget[],
  seconds: number,
  rules: number | null,
): Promise<Figure> {
  let ticks = 0
  const ruleEngine =
    rules === null
      ? null
      : new RuleEngine(
          { watchlistsOf: () => [], now: Date.now, sink: { accept: () => {} } },
          makeSampleRules(
            rules,
            targets.map((t) => t.matchId),
          ),
        )
  const engine = new WatchEngine({
    endpoints: info,
    keys: { odds: info.apiKey, data: info.apiKey },
    fetchSnapshot: (sport, matchId, signal) =>
      fetch(`${info.oddsBaseUrl}/bookmaker/${info.bookmakerId}/${sport}/${matchId}`, {
        headers: { authorization: `Bearer ${info.apiKey}` },
        signal,
      }).then((r) => r.json()),
    sinks: {
      onTicks: (t) => {
        ticks += t.length
      },
      onChanges: ruleEngine ? (changes) => changes.forEach((c) => ruleEngine.onPriceChange(c)) : undefined,
      onPatch: () => {},
    },
    // Only price streams are measured; the data service's streams would add nothing but noise.
    dataLiveTypes: [],
    // The sim is pushed past what a client can read: a backlog must not look like silence.
    staleAfterMs: 60_000,
  })
  engine.setWatched(targets)
  // Steady state only: until its snapshot lands a match's deltas are held, not merged.
  const deadline = Date.now() + 30_000
  while (!targets.every((t) => engine.state(t.matchId)?.header.synced) && Date.now() < deadline) await sleep(20)
  const rate = await measure(seconds, () => ticks)
  engine.close()
  return rate
}

export async function run(args: string[]): Promise<void> {
  // Far above what the simulator can send: it runs flat out (about 50k/s on a 2-core machine).
  const rate = numberArg(args, '--rate', 100_000)
  const live = numberArg(args, '--live', 4)
  const seconds = numberArg(args, '--seconds', 4)
  const rules = rulesArg(args)
  const { child, info } = await startSimProcess(rate, live)
  try {
    const targets = await liveOddsTargets(info)
    const ceiling = await rawCeiling(info, targets, seconds)
    const figure = async (withRules: number | null) => {
      const engine = await engineRate(info, targets, seconds, withRules)
      return {
        bench: 'ingest',
        ...(withRules === null ? {} : { rules: withRules }),
        messagesPerSec: Math.round(engine.perSec),
        ceilingPerSec: Math.round(ceiling.perSec),
        ratio: Number((engine.perSec / ceiling.perSec).toFixed(3)),
        matches: targets.length,
        engineCpu: Number(engine.cpu.toFixed(2)),
        ceilingCpu: Number(ceiling.cpu.toFixed(2)),
      }
    }
    console.log(JSON.stringify(await figure(null)))
    if (rules !== null) console.log(JSON.stringify(await figure(rules)))
  } finally {
    child.kill('SIGTERM')
  }
}
