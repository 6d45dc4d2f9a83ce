/**
 * The hostile server of `npm run bench -- hostile-bodies`, a process of its own so that its memory
 * is not the reader's: `/sound` a 300 kB JSON answer; `/big` 15 MB of valid JSON (just under the
 * reader's bound, so parsed whole); `/nolen` 100 MB with no length; `/endless`
 * a body that never ends; `/gzip` and `/br` 200 MB of spaces compressed to a few hundred kB.
 * Prints its port once it listens.
 */
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, gzipSync } from 'node:zlib'

const CHUNK = Buffer.alloc(64 * 1024, 0x20)
const SPACES = Buffer.alloc(200 * 1024 * 1024, 0x20)
const GZIP_BOMB = gzipSync(SPACES, { level: 9 })
const BROTLI_BOMB = brotliCompressSync(SPACES)
const SOUND = Buffer.from(JSON.stringify(Array.from({ length: 3000 }, (_, id) => ({ id, name: `match ${id}` }))))
/** Valid JSON just under the reader's 16 MB bound: the most a hostile server can make it parse. */
const BIG = Buffer.from(JSON.stringify(Array.from({ length: 420_000 }, (_, id) => ({ id, name: `match ${id}` }))))

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

const answers: Record<string, (res: ServerResponse) => void> = {
  '/sound': (res) => res.end(SOUND),
  '/big': (res) => res.end(BIG),
  '/nolen': (res) => stream(res, 1600),
  '/endless': (res) => stream(res),
  '/gzip': (res) => bomb(res, 'gzip', GZIP_BOMB),
  '/br': (res) => bomb(res, 'br', BROTLI_BOMB),
}

const server = createServer((req, res) => {
  res.on('error', () => {})
  const answer = answers[req.url ?? ''] ?? ((r: ServerResponse) => r.end('[]'))
  answer(res)
})
server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port))
