/**
 * The reader of `npm run bench -- hostile-bodies`: the app's HTTP client, in a process of its own,
 * with the shared body budget (`budget`) or with none (`unbounded`, how answers were read before
 * it). Sound answers first (the warm figure: sockets, parser and heap in use), then rounds of
 * `concurrency` answers of each kind (sound, the floods, then big), then sound answers again;
 * prints one JSON line of RSS figures (MB) after a full collection at each step, and the longest
 * event-loop delay while each kind was read (ms).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { BodyBudget, sharedBodyBudget } from '../src/main/core/clients/http/capped-body'
import { HttpClient } from '../src/main/core/clients/http/http-client'
import { exposeGc, mb } from './support'

const gc = exposeGc()

const [port, mode, concurrencyArg] = process.argv.slice(2)
const concurrency = Number(concurrencyArg)
const http = new HttpClient({
  service: 'odds-feed',
  getKey: async () => 'bench-key',
  retry: { maxRetries: 0 },
  bodyBudget: mode === 'unbounded' ? new BodyBudget(Number.POSITIVE_INFINITY) : sharedBodyBudget,
})

const rssMb = () => mb(process.memoryUsage().rss)
let peakMb = 0
const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 20)
// The longest the event loop was held while each kind of answer was read (ms): what the page's
// bridge, served from the same loop, waits at worst.
const loopDelay = monitorEventLoopDelay({ resolution: 10 })
loopDelay.enable()
const maxDelayMs = () => Math.round(loopDelay.max / 1e6)

async function settledRss(): Promise<number> {
  for (let i = 0; i < 5; i++) {
    gc()
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return rssMb()
}

async function round(path: string): Promise<void> {
  const url = new URL(`http://127.0.0.1:${port}${path}`)
  await Promise.all(Array.from({ length: concurrency }, () => http.send({ url, scope: 's', subject: 'the bench' })))
}

console.log('ready')
const start = await settledRss()
for (let i = 0; i < 3; i++) await round('/sound')
const warm = await settledRss()
const afterKind: Record<string, number> = {}
const loopMaxMs: Record<string, number> = {}
for (const kind of ['sound', 'nolen', 'gzip', 'br', 'endless', 'big']) {
  loopDelay.reset()
  for (let i = 0; i < 2; i++) await round(`/${kind}`)
  loopMaxMs[kind] = maxDelayMs()
  afterKind[kind] = await settledRss()
}
await round('/sound')
const end = await settledRss()
clearInterval(sampler)
console.log(
  JSON.stringify({ mode, startMb: start, warmMb: warm, afterKindMb: afterKind, endMb: end, peakMb, loopMaxMs }),
)
process.exit(0)
