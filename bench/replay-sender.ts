/**
 * The ingest bench's sender, run as its own process so it has a core of its own: it serves the
 * recorded frames (bench/ingest-frames.ts) on the odds feed's stream paths as fast as each socket
 * takes them. Frames are pre-serialised text, framed in bursts straight onto the socket, so
 * sending costs far less per message than reading; backpressure is the socket's own (write()
 * false → wait for 'drain'), so what is measured is the reader, never a queue in this process.
 * Also answers `GET /snapshot/<matchId>` with the recorded snapshot current to the replay's seq.
 *
 *   tsx bench/replay-sender.ts <recording.json>   → prints {"port":N} once it listens
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Duplex } from 'node:stream'
import { FrameReplay, snapshotAt, type Recording } from './ingest-frames'

/** Frames per write: one buffer of them, so the sender spends its time on bytes, not calls. */
const BURST = 500
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

interface Outlet {
  updates: Duplex | null
  overrides: Duplex | null
  replay: FrameReplay | null
}

const recording = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Recording
const outlets = new Map<number, Outlet>()
const recordedSeq = (matchId: number) => recording.snapshots[matchId]?.seq ?? 0

/** Unmasked server-to-client text frames (RFC 6455 §5.2), back to back in one buffer. */
function textFrames(texts: readonly string[]): Buffer {
  const sizes = texts.map((t) => Buffer.byteLength(t))
  const total = sizes.reduce((n, size) => n + size + (size < 126 ? 2 : size < 65_536 ? 4 : 10), 0)
  const out = Buffer.allocUnsafe(total)
  let at = 0
  texts.forEach((text, i) => {
    const size = sizes[i]!
    out[at++] = 0x81
    if (size < 126) out[at++] = size
    else if (size < 65_536) {
      out[at++] = 126
      at = out.writeUInt16BE(size, at)
    } else {
      out[at++] = 127
      at = out.writeBigUInt64BE(BigInt(size), at)
    }
    at += out.write(text, at)
  })
  return out
}

function pump(o: Outlet): void {
  const socket = o.updates
  const replay = o.replay
  if (!socket || !replay || replay.empty || socket.destroyed) return
  const updates: string[] = []
  const overrides: string[] = []
  for (let i = 0; i < BURST; i++) (replay.nextKind === 'overrides' ? overrides : updates).push(replay.take())
  if (overrides.length > 0 && o.overrides && !o.overrides.destroyed) o.overrides.write(textFrames(overrides))
  // Backpressure: past the socket's buffer, wait until it has drained before the next burst.
  if (socket.write(textFrames(updates))) setImmediate(() => pump(o))
  else socket.once('drain', () => pump(o))
}

const server = createServer((req, res) => {
  const matchId = Number(/^\/snapshot\/(\d+)$/.exec(req.url ?? '')?.[1])
  if (!recording.snapshots[matchId]) {
    res.writeHead(404).end()
    return
  }
  const seq = outlets.get(matchId)?.replay?.lastSeq ?? recordedSeq(matchId)
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(snapshotAt(recording, matchId, seq)))
})

// The handshake by hand, so the frames go straight onto the socket (no per-message library call).
server.on('upgrade', (req, socket: Duplex) => {
  const [, matchId, kind] = /\/(\d+)\/(updates|overrides)(?:\?|$)/.exec(req.url ?? '') ?? []
  const match = recording.matches.find((m) => m.matchId === Number(matchId))
  const key = req.headers['sec-websocket-key']
  if (!match || typeof key !== 'string') {
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
    return
  }
  const accept = createHash('sha1')
    .update(key + WS_GUID)
    .digest('base64')
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  )
  socket.on('data', () => {}) // what the reader sends (a close frame) needs no answer here
  socket.on('error', () => {})
  const o = outlets.get(match.matchId) ?? { updates: null, overrides: null, replay: null }
  outlets.set(match.matchId, o)
  if (kind === 'overrides') {
    o.overrides = socket
    return
  }
  // A new reader starts the match's replay afresh, right after the recorded snapshot.
  o.updates = socket
  o.replay = new FrameReplay(match, recordedSeq(match.matchId))
  pump(o)
})

server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }))
})
process.on('SIGTERM', () => process.exit(0))
