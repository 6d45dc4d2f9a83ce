/**
 * The ingest bench's sender, run as its own process so it has a core of its own: it serves the
 * recorded frames (bench/ingest-frames.ts) on the odds feed's stream paths as fast as each socket
 * takes them. Backpressure is respected: past HIGH_WATER bytes buffered it waits for the socket to
 * flush before sending more, so what it measures is the reader, never a queue in this process.
 * Also answers `GET /snapshot/<matchId>` with the recorded snapshot current to the replay's seq.
 *
 *   tsx bench/replay-sender.ts <recording.json>   → prints {"port":N} once it listens
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import WebSocket, { WebSocketServer } from 'ws'
import { FrameReplay, snapshotAt, type Recording } from './ingest-frames'

const HIGH_WATER = 1 << 20
/** Frames per turn before the sender lets other sockets and the snapshot route have a go. */
const BURST = 2000

interface Outlet {
  updates: WebSocket | null
  overrides: WebSocket | null
  replay: FrameReplay | null
}

const recording = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Recording
const outlets = new Map<number, Outlet>()
const recordedSeq = (matchId: number) => recording.snapshots[matchId]?.seq ?? 0

function pump(o: Outlet): void {
  const ws = o.updates
  const replay = o.replay
  if (!ws || !replay || replay.empty) return
  for (let i = 0; i < BURST; i++) {
    if (ws.readyState !== WebSocket.OPEN || o.replay !== replay) return
    const kind = replay.nextKind
    const text = replay.take()
    if (kind === 'overrides') {
      if (o.overrides?.readyState === WebSocket.OPEN) o.overrides.send(text)
    } else if (ws.bufferedAmount > HIGH_WATER) {
      ws.send(text, () => pump(o))
      return
    } else ws.send(text)
  }
  setImmediate(() => pump(o))
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

const wss = new WebSocketServer({ server, perMessageDeflate: false })
wss.on('connection', (ws, req) => {
  const [, matchId, kind] = /\/(\d+)\/(updates|overrides)(?:\?|$)/.exec(req.url ?? '') ?? []
  const match = recording.matches.find((m) => m.matchId === Number(matchId))
  if (!match) {
    ws.close(1008, 'no such stream')
    return
  }
  const o = outlets.get(match.matchId) ?? { updates: null, overrides: null, replay: null }
  outlets.set(match.matchId, o)
  ws.on('error', () => {})
  if (kind === 'overrides') {
    o.overrides = ws
    return
  }
  // A new reader starts the match's replay afresh, right after the recorded snapshot.
  o.updates = ws
  o.replay = new FrameReplay(match, recordedSeq(match.matchId))
  pump(o)
})

server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }))
})
process.on('SIGTERM', () => process.exit(0))
