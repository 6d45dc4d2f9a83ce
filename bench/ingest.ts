/**
 * Ingest bench: how many live stream messages one core can take in, for the raw reader (ws
 * receive + JSON.parse) and for the watch engine (parse, wire check, merge, batches, and with
 * `rules=N` the alert rules). The sender is never the bottleneck: a separate process
 * (bench/replay-sender.ts) replays frames recorded from the simulator's own streams
 * (bench/ingest-frames.ts) as fast as each socket takes them, so the receiving process runs flat
 * out and messages per CPU-second of this process is a capacity, not the sender's rate.
 * A checked reader adds to the raw one only what every frame must pass (the forbidden-key guard and
 * the wire check, as the engine's streams do them): the floor of what validating costs.
 * A further figure hands the same frames to the engine's streams with no socket at all (injected
 * transports): what the engine alone costs. `--profile` adds the engine's five hottest functions.
 *
 *   npm run bench -- ingest [rules=200] [--seconds N] [--profile] [--record]
 *
 * The recording is kept in the temp folder and reused (`--record` makes a fresh one).
 */
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { RuleEngine } from '../src/main/core/alerts/rule-engine'
import { makeSampleRules } from '../src/main/core/alerts/sample-rules'
import { OVERRIDES_READER, UPDATES_READER } from '../src/main/core/watch/odds-readers'
import { parseJsonSafely } from '../src/shared/safe-json'
import { decodeParsed } from '../src/main/core/streams/live-stream'
import { NETWORK_TRANSPORTS, type TransportHandlers, type TransportOpeners } from '../src/main/core/streams/transports'
import {
  WatchEngine,
  type SnapshotFetcher,
  type WatchSinks,
  type WatchTarget,
} from '../src/main/core/watch/watch-engine'
import { FrameReplay, loadOrRecord, record, RECORDING_FILE, snapshotAt, type Recording } from './ingest-frames'
import { profiled, type HotFunction } from './profile'
import { liveOddsTargets, machineLoad, numberArg, spawnTsChild, startSimProcess } from './support'

function rulesArg(args: string[]): number | null {
  const found = args.find((a) => a.startsWith('rules='))
  const n = found ? Number(found.slice('rules='.length)) : NaN
  return Number.isInteger(n) && n > 0 ? n : null
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Figure {
  perSec: number
  /** Share of one core this process used meanwhile (1 = saturated). */
  cpu: number
  /** Messages per CPU-second of this process: the capacity of one core. */
  perCpuSec: number
  /**
   * Share of a core used by this process's other threads (V8's parallel and concurrent garbage
   * collection, the profiler): why `cpu` can pass 1 while the main thread is only saturated.
   */
  helperCpu: number
}

/** Counts what `count` reports over `seconds` after a one-second warm-up. */
async function measure(seconds: number, count: () => number): Promise<Figure> {
  await sleep(1000)
  const from = count()
  const started = performance.now()
  const cpuFrom = process.cpuUsage()
  const mainFrom = process.threadCpuUsage()
  await sleep(seconds * 1000)
  const elapsed = performance.now() - started
  const used = process.cpuUsage(cpuFrom)
  const main = process.threadCpuUsage(mainFrom)
  const cpuMs = (used.user + used.system) / 1000
  const helperMs = cpuMs - (main.user + main.system) / 1000
  const n = count() - from
  return {
    perSec: (n * 1000) / elapsed,
    cpu: cpuMs / elapsed,
    perCpuSec: (n * 1000) / cpuMs,
    helperCpu: helperMs / elapsed,
  }
}

/** Recorded from a simulator run of its own: 12 live matches at 10k/s for 12 s (suspensions, heartbeats). */
export async function recordFromSimulator(): Promise<Recording> {
  const { child, info } = await startSimProcess(10_000, 4)
  try {
    return await record(info, await liveOddsTargets(info), 12)
  } finally {
    child.kill('SIGTERM')
  }
}

type StreamKind = 'overrides' | 'updates'

/** Every stream of every match over plain WebSockets, each frame handed to `read` (true: one message). */
async function socketReader(
  port: number,
  targets: WatchTarget[],
  seconds: number,
  read: (kind: StreamKind, data: Buffer) => boolean,
): Promise<Figure> {
  let messages = 0
  const sockets = await Promise.all(
    targets.flatMap(({ matchId }) =>
      (['overrides', 'updates'] as const).map(async (kind) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/live/bench/x/${matchId}/${kind}`, { perMessageDeflate: false })
        ws.on('message', (data: Buffer) => {
          if (read(kind, data)) messages++
        })
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
        return ws
      }),
    ),
  )
  const figure = await measure(seconds, () => messages)
  for (const ws of sockets) ws.terminate()
  return figure
}

/** The raw reader: every frame received and JSON.parse'd, nothing else. */
const rawRead = (_kind: StreamKind, data: Buffer) => Boolean((JSON.parse(data.toString()) as { type?: string }).type)

const READERS = { updates: UPDATES_READER, overrides: OVERRIDES_READER }

/**
 * The checked reader: what every frame must pass before the engine may use it, and nothing else:
 * the forbidden-key guard (or the fast path's proof) and the wire check, read as the engine's
 * streams read them. Against the raw reader it is the floor of what validating costs.
 */
function checkedRead(kind: StreamKind, data: Buffer): boolean {
  const reader = READERS[kind]
  return decodeParsed<unknown>(parseJsonSafely(data.toString(), reader.provenSafe), reader).ok
}

/** Network transports that count every text frame they deliver. */
function countingTransports(onFrame: () => void): TransportOpeners {
  const counted = (h: TransportHandlers): TransportHandlers => ({
    ...h,
    onText: (text) => {
      onFrame()
      h.onText(text)
    },
  })
  return {
    ws: (url, h, o) => NETWORK_TRANSPORTS.ws(url, counted(h), o),
    sse: (url, h, o) => NETWORK_TRANSPORTS.sse(url, counted(h), o),
  }
}

interface EngineRun {
  transports: TransportOpeners
  fetchSnapshot: SnapshotFetcher
  endpoints: { oddsBaseUrl: string; oddsWsBaseUrl: string }
}

/** The engine as the app runs it (sinks as cheap as the bench can make them), flat out. */
async function engineRate(
  run: EngineRun,
  targets: WatchTarget[],
  seconds: number,
  rules: number | null,
  frames: () => number,
): Promise<Figure> {
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
  const sinks: WatchSinks = {
    onTicks: () => {},
    onChanges: ruleEngine ? (changes) => changes.forEach((c) => ruleEngine.onPriceChange(c)) : undefined,
    onOverride: ruleEngine ? (events) => events.forEach((e) => ruleEngine.onOverride(e)) : undefined,
    onPatch: () => {},
  }
  const engine = new WatchEngine({
    feed: 'demo',
    endpoints: {
      ...run.endpoints,
      sport: 'x',
      dataBaseUrl: run.endpoints.oddsBaseUrl,
      wsBaseUrl: '',
      bookmakerId: 'bench',
    },
    keys: { odds: 'bench', data: 'bench' },
    fetchSnapshot: run.fetchSnapshot,
    transports: run.transports,
    sinks,
    // Only price streams are measured; the data service's streams would add nothing but noise.
    dataLiveTypes: [],
    // A reader run flat out lags its sender: a backlog must not look like silence.
    staleAfterMs: 60_000,
  })
  engine.setWatched(targets)
  // Steady state only: until its snapshot lands a match's deltas are held, not merged.
  const deadline = Date.now() + 30_000
  while (!targets.every((t) => engine.state(t.matchId)?.header.synced) && Date.now() < deadline) await sleep(20)
  const figure = await measure(seconds, frames)
  engine.close()
  return figure
}

/** Through the socket: the replay sender's frames over real WebSockets. */
function overSockets(port: number, onFrame: () => void): EngineRun {
  const base = `127.0.0.1:${port}`
  return {
    transports: countingTransports(onFrame),
    fetchSnapshot: (_sport, matchId, signal) =>
      fetch(`http://${base}/snapshot/${matchId}`, { signal }).then((r) => r.json()),
    endpoints: { oddsBaseUrl: `http://${base}`, oddsWsBaseUrl: `ws://${base}` },
  }
}

/** No socket: each match's updates stream pushes recorded frames straight into the stream's decoder. */
function inProcess(recording: Recording, onFrame: () => void): EngineRun {
  const outlets = new Map<number, { replay: FrameReplay; handlers: Partial<Record<string, TransportHandlers>> }>()
  const open = (url: string, h: TransportHandlers) => {
    const [, matchId, kind] = /\/(\d+)\/(updates|overrides)\?/.exec(url) ?? []
    const match = recording.matches.find((m) => m.matchId === Number(matchId))!
    const outlet = outlets.get(match.matchId) ?? {
      replay: new FrameReplay(match, recording.snapshots[match.matchId]?.seq ?? 0),
      handlers: {},
    }
    outlets.set(match.matchId, outlet)
    outlet.handlers[kind!] = h
    let open = true
    setImmediate(() => h.onOpen())
    const pump = () => {
      if (!open) return
      // One socket read's worth of frames per turn, as the network would hand them over.
      for (let i = 0; i < 200; i++) {
        const to = outlet.handlers[outlet.replay.nextKind]
        const text = outlet.replay.take()
        onFrame()
        to?.onText(text)
      }
      setImmediate(pump)
    }
    if (kind === 'updates') setImmediate(pump)
    return { close: () => void (open = false) }
  }
  return {
    transports: { ws: open, sse: open },
    fetchSnapshot: (_sport, matchId) =>
      Promise.resolve(snapshotAt(recording, matchId, outlets.get(matchId)?.replay.lastSeq ?? 0)),
    endpoints: { oddsBaseUrl: 'http://replay', oddsWsBaseUrl: 'ws://replay' },
  }
}

const round = (n: number) => Math.round(n)
const share = (a: number, b: number) => Number((a / b).toFixed(3))

async function figures(port: number, recording: Recording, seconds: number, rules: number | null, profile: boolean) {
  const targets = recording.matches.map(({ sport, matchId }) => ({ sport, matchId }))
  const raw = await socketReader(port, targets, seconds, rawRead)
  const checked = await socketReader(port, targets, seconds, checkedRead)
  let frames = 0
  const countFrame = () => void frames++
  const socketRun = () => engineRate(overSockets(port, countFrame), targets, seconds, rules, () => frames)
  let hot: HotFunction[] | undefined
  let engine: Figure
  if (profile) ({ result: engine, hot } = await profiled(5, socketRun))
  else engine = await socketRun()
  const direct = await engineRate(inProcess(recording, countFrame), targets, seconds, rules, () => frames)
  return {
    bench: 'ingest',
    ...(rules === null ? {} : { rules }),
    sender: 'replay',
    matches: targets.length,
    messagesPerSec: round(engine.perSec),
    ceilingPerSec: round(raw.perSec),
    ratio: share(engine.perSec, raw.perSec),
    engineCpu: Number(engine.cpu.toFixed(2)),
    ceilingCpu: Number(raw.cpu.toFixed(2)),
    engineHelperCpu: Number(engine.helperCpu.toFixed(2)),
    ceilingHelperCpu: Number(raw.helperCpu.toFixed(2)),
    engineMsgPerCpuSec: round(engine.perCpuSec),
    rawMsgPerCpuSec: round(raw.perCpuSec),
    cpuRatio: share(engine.perCpuSec, raw.perCpuSec),
    checkedMsgPerCpuSec: round(checked.perCpuSec),
    checkedCpuRatio: share(checked.perCpuSec, raw.perCpuSec),
    inProcessPerSec: round(direct.perSec),
    inProcessMsgPerCpuSec: round(direct.perCpuSec),
    ...(hot ? { top5: hot } : {}),
    load: machineLoad(),
  }
}

export async function run(args: string[]): Promise<void> {
  const seconds = numberArg(args, '--seconds', 4)
  const rules = rulesArg(args)
  if (args.includes('--record')) rmSync(RECORDING_FILE, { force: true })
  const recording = await loadOrRecord(recordFromSimulator)
  const sender = fileURLToPath(new URL('./replay-sender.ts', import.meta.url))
  const { child, firstLine } = await spawnTsChild(sender, [RECORDING_FILE])
  try {
    const { port } = JSON.parse(firstLine) as { port: number }
    const profile = args.includes('--profile')
    console.log(JSON.stringify(await figures(port, recording, seconds, null, profile)))
    if (rules !== null) console.log(JSON.stringify(await figures(port, recording, seconds, rules, profile)))
  } finally {
    child.kill('SIGTERM')
  }
}
