/**
 * `npm run bench -- hostile-bodies [--concurrency 30] [--runs 2]`: what a hostile server's floods
 * leave in the reader's memory. A hostile peer on loopback (src/test-support/hostile-floods.ts,
 * in this process) and, in turn, two readers of the same floods, each a process of its own: the
 * app's client with its shared body budget, and the same client with no shared budget (every
 * answer bounded alone). Prints one JSON line per reader and run: RSS at start, warm (after sound
 * answers), after each flood kind (each after full collections), at its peak, and `endMb` once the
 * floods are over and the reader has been idle 30 s (hostile-floods.ts: what V8 gives back only
 * when idle), in MB; and `loopMaxMs`, the longest the reader's event loop was held while each kind
 * was read (what the page's bridge, on the same loop, would wait).
 */
import { MAX_JSON_BODY_BYTES } from '../src/main/core/clients/http/capped-body'
import { startFloodReader, startHostilePeer } from '../src/test-support/hostile-floods'
import { machineLoad, numberArg } from './support'

/** The floods, then valid JSON just under the reader's bound (the most it can be made to parse). */
const KINDS = ['sound', 'nolen', 'gzip', 'br', 'endless', 'big']
/** The reader's idle once the floods are over, before `endMb`: long enough for V8's memory reducer. */
const IDLE_SECONDS = 30

export async function run(args: string[]): Promise<void> {
  const concurrency = numberArg(args, '--concurrency', 30)
  const runs = numberArg(args, '--runs', 2)
  const peer = await startHostilePeer({ bombBytes: 200 * 1024 * 1024, bigBytes: MAX_JSON_BODY_BYTES - 64 * 1024 })
  try {
    for (let i = 0; i < runs; i++) {
      for (const mode of ['budget', 'unbounded'] as const) {
        const reader = startFloodReader({ port: peer.port, mode, concurrency, kinds: KINDS, idleSeconds: IDLE_SECONDS })
        const figures = await reader.figures
        const endMb = await reader.peerGone()
        console.log(JSON.stringify({ bench: 'hostile-bodies', concurrency, ...figures, endMb, load: machineLoad() }))
      }
    }
  } finally {
    await peer.close()
  }
}
