/**
 * Child process of the crash test: writes ticks as fast as it can through the public API until it
 * is killed. Prints `R <n>` before handing ticks to recordTicks (so n bounds what can be stored)
 * and `C <n>` after each committed flush, so the parent can compare what it lost with what was
 * still buffered. stdout to a pipe is synchronous, so a line is out before the next step runs.
 */
import type { PriceTick } from '../../../shared/domain'
import { openCache } from './index'

const [file, batchArg] = process.argv.slice(2)
if (!file) throw new Error('usage: crash-writer.fixture.ts <file> <batchSize>')
const CHUNK = 200
const cache = openCache(file, {
  flushIntervalMs: 250,
  flushBatchSize: Number(batchArg ?? 2000),
  onFlushed: (r) => process.stdout.write(`C ${r.totalWritten}\n`),
})
let recorded = 0
const start = Date.now()

function writeSome(): void {
  const ticks: PriceTick[] = []
  for (let i = 0; i < CHUNK; i++, recorded++) {
    const receivedTs = start + recorded
    ticks.push({
      matchId: 1,
      oddType: 'full-time',
      oddKey: `m${recorded % 37}#o`,
      price: 1.5 + (recorded % 100) / 100,
      suspended: recorded % 500 === 0,
      serverTs: receivedTs - 10,
      receivedTs,
    })
  }
  process.stdout.write(`R ${recorded}\n`)
  cache.recordTicks('demo', ticks)
  // Yield to the event loop so the 250 ms timer also gets its turn, as in the app.
  setImmediate(writeSome)
}
process.stdout.write('ready\n')
writeSome()
