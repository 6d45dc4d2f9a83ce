/**
 * A hostile REST peer on loopback and a reader of its floods in a process of its own (issue 25.8),
 * shared by the flood-memory test and `npm run bench -- hostile-bodies`.
 *
 * The peer answers `/sound` with a 100 kB JSON list; `/big` with valid JSON just under `bigBytes`
 * (the most a hostile server can make the reader parse); `/nolen` 100 MB with no length;
 * `/endless` a body that never ends; `/gzip` and `/br` `bombBytes` of spaces compressed to a few
 * hundred kB (sent whatever the request accepts).
 *
 * The reader (flood-reader.fixture.ts) is the app's HTTP client alone in a child process, so its
 * RSS is the client's: see that file for what it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createInterface, type Interface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'

export interface HostilePeerOptions {
  bombBytes: number
  bigBytes: number
}

export interface HostilePeer {
  port: number
  /** Closes the server and every connection still open: the peer is gone. */
  close(): Promise<void>
}

const CHUNK = Buffer.alloc(64 * 1024, 0x20)
const NO_LENGTH_CHUNKS = 1600

/** Writes chunks with the socket's backpressure until `limit` chunks (or for ever). */
function stream(res: ServerResponse, limit = Infinity): void {
  res.writeHead(200, { 'content-type': 'application/json' })
  let sent = 0
  const write = () => {
    while (!res.destroyed && sent < limit) {
      sent += 1
      if (!res.write(CHUNK)) return void res.once('drain', write)
    }
    res.end()
  }
  write()
}

function bomb(res: ServerResponse, encoding: string, body: Buffer): void {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-encoding': encoding,
    'content-length': body.length,
  })
  res.end(body)
}

/** A JSON list of `{id, name}` records, as long as fits in `bytes`. */
function jsonList(bytes: number): Buffer {
  const record = (id: number) => `{"id":${id},"name":"match ${id}"}`
  const parts: string[] = []
  let size = 2
  for (let id = 0; size + record(id).length + 1 < bytes; id++) {
    parts.push(record(id))
    size += record(id).length + 1
  }
  return Buffer.from(`[${parts.join(',')}]`)
}

export async function startHostilePeer({ bombBytes, bigBytes }: HostilePeerOptions): Promise<HostilePeer> {
  const spaces = Buffer.alloc(bombBytes, 0x20)
  const gzipBomb = gzipSync(spaces, { level: 9 })
  const brotliBomb = brotliCompressSync(spaces)
  const sound = jsonList(100 * 1024)
  const big = jsonList(bigBytes)
  const answers: Record<string, (res: ServerResponse) => void> = {
    '/sound': (res) => res.end(sound),
    '/big': (res) => res.end(big),
    '/nolen': (res) => stream(res, NO_LENGTH_CHUNKS),
    '/endless': (res) => stream(res),
    '/gzip': (res) => bomb(res, 'gzip', gzipBomb),
    '/br': (res) => bomb(res, 'br', brotliBomb),
  }
  const server = createServer((req, res) => {
    res.on('error', () => {})
    const answer = answers[req.url ?? ''] ?? ((r: ServerResponse) => r.end('[]'))
    answer(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export interface FloodReaderOptions {
  port: number
  /** `budget`: the process's shared body budget; `unbounded`: none, every answer bounded alone. */
  mode: 'budget' | 'unbounded'
  concurrency: number
  /** The peer's paths flooded, in order, two rounds each. */
  kinds: readonly string[]
  /**
   * How long the reader stays idle once the peer is gone, before its RSS is taken (default 0).
   * V8 gives back the pages a burst of parsing left in its pool only when a process has been idle a
   * while (its memory reducer, some 20 s here): refused floods hold none, valid answers parsed at
   * the bound do.
   */
  idleSeconds?: number
}

/** RSS figures (MB) after a full collection at each step, and the longest event-loop stall per kind (ms). */
export interface FloodFigures {
  mode: string
  startMb: number
  warmMb: number
  afterKindMb: Record<string, number>
  peakMb: number
  loopMaxMs: Record<string, number>
}

export interface FloodReader {
  /** Resolves once every flood was read: the figures so far. */
  figures: Promise<FloodFigures>
  /** Tells the reader the peer is gone; resolves with its RSS once idle and settled (MB). */
  peerGone(): Promise<number>
  child: ChildProcess
}

const FIXTURE = fileURLToPath(new URL('./flood-reader.fixture.ts', import.meta.url))

export function startFloodReader({ port, mode, concurrency, kinds, idleSeconds = 0 }: FloodReaderOptions): FloodReader {
  const args = [String(port), mode, String(concurrency), kinds.join(','), String(idleSeconds)]
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', FIXTURE, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout! })
  const figures = nextLine(lines, child).then((line) => JSON.parse(line) as FloodFigures)
  return {
    figures,
    child,
    peerGone: async () => {
      await figures
      const gone = nextLine(lines, child)
      child.stdin!.write('gone\n')
      return (JSON.parse(await gone) as { goneMb: number }).goneMb
    },
  }
}

function nextLine(lines: Interface, child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the flood reader exited with ${code}`))
    child.once('exit', exited)
    lines.once('line', (line) => {
      child.off('exit', exited)
      resolve(line)
    })
  })
}
