/**
 * `npm run bench -- hostile-bodies [--concurrency 30] [--runs 2]`: what a hostile server's floods
 * leave in the reader's memory. A hostile server process (bench/hostile-peer.ts) and, in turn, two
 * readers (bench/hostile-reader.ts) of the same floods: the app's client with its shared body
 * budget, and the same client with no shared budget (every answer bounded alone, as before).
 * Prints one JSON line per reader and run: RSS at start, warm (after sound answers), after each
 * flood kind, at the end and at its peak, in MB; and `loopMaxMs`, the longest the reader's event
 * loop was held while each kind was read (what the page's bridge, on the same loop, would wait).
 */
import { fileURLToPath } from 'node:url'
import { machineLoad, numberArg, spawnTsChild } from './support'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

export async function run(args: string[]): Promise<void> {
  const concurrency = numberArg(args, '--concurrency', 30)
  const runs = numberArg(args, '--runs', 2)
  const server = await spawnTsChild(here('./hostile-peer.ts'), [])
  try {
    for (let i = 0; i < runs; i++) {
      for (const mode of ['budget', 'unbounded']) {
        const reader = await spawnTsChild(here('./hostile-reader.ts'), [server.firstLine, mode, String(concurrency)])
        const figures = await new Promise<string>((resolve) =>
          reader.child.stdout!.once('data', (d) => resolve(String(d))),
        )
        console.log(
          JSON.stringify({ bench: 'hostile-bodies', concurrency, ...JSON.parse(figures), load: machineLoad() }),
        )
      }
    }
  } finally {
    server.child.kill()
  }
}
