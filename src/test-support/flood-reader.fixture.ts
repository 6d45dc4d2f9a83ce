/**
 * The reader of hostile-floods.ts, run as a child process with `--expose-gc`: the app's HTTP
 * client (with the process's shared body budget, or `unbounded`: none) reads a few rounds of
 * sound answers (the warm figure: sockets, parser, heap in use), then two rounds of
 * `concurrency` answers of each flood kind at once. Prints one JSON line of RSS figures (MB), each
 * after full collections, and the longest event-loop stall while each kind was read (ms); then,
 * once told on stdin that the peer is gone and then idle for `idleSeconds`, `{"goneMb"}` and exits.
 * Args: port, mode, concurrency, kinds (comma-separated paths of the peer), idleSeconds.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { BodyBudget, sharedBodyBudget } from '../main/core/clients/http/capped-body'
import { HttpClient } from '../main/core/clients/http/http-client'

const WARM_ROUNDS = 3
const [port, mode, concurrencyArg, kindsArg, idleSecondsArg] = process.argv.slice(2)
const concurrency = Number(concurrencyArg)
const http = new HttpClient({
  service: 'odds-feed',
  getKey: async () => 'flood-key',
  retry: { maxRetries: 0 },
  bodyBudget: mode === 'unbounded' ? new BodyBudget(Number.POSITIVE_INFINITY) : sharedBodyBudget,
})
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024))
const rssMb = () => mb(process.memoryUsage().rss)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * RSS once what is dead is collected: the least of three samples, each after full collections
 * and a pause (sockets closing, the collector's background threads freeing), so a figure does not
 * catch the process mid-collection on a loaded machine.
 */
async function settledRssMb(): Promise<number> {
  const samples: number[] = []
  for (let sample = 0; sample < 3; sample++) {
    for (let i = 0; i < 3; i++) {
      gc!()
      await pause(100)
    }
    samples.push(rssMb())
  }
  return Math.min(...samples)
}

async function round(path: string): Promise<void> {
  const url = new URL(`http://127.0.0.1:${port}${path}`)
  await Promise.all(Array.from({ length: concurrency }, () => http.send({ url, scope: 's', subject: 'the peer' })))
}

let peakMb = 0
const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 20)
const loopDelay = monitorEventLoopDelay({ resolution: 10 })
loopDelay.enable()

const startMb = await settledRssMb()
for (let i = 0; i < WARM_ROUNDS; i++) await round('/sound')
const kinds = kindsArg!.split(',')
const warmMb = await settledRssMb()
const afterKindMb: Record<string, number> = {}
const loopMaxMs: Record<string, number> = {}
for (const kind of kinds) {
  loopDelay.reset()
  for (let i = 0; i < 2; i++) await round(`/${kind}`)
  loopMaxMs[kind] = Math.round(loopDelay.max / 1e6)
  afterKindMb[kind] = await settledRssMb()
}
clearInterval(sampler)
console.log(JSON.stringify({ mode, startMb, warmMb, afterKindMb, peakMb, loopMaxMs }))

await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once('line', () => resolve()))
await pause(Number(idleSecondsArg) * 1000)
console.log(JSON.stringify({ goneMb: await settledRssMb() }))
process.exit(0)
