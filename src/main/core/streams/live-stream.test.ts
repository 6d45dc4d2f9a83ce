/**
 * The stream connection against small real servers on loopback: each plays one server behaviour
 * the simulator cannot be asked for directly (silence, a refused port, a key refused on upgrade).
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { closedPort } from '../../../test-support/closed-port'
import { waitUntil } from '../../../test-support/wait'
import { WebSocketServer } from 'ws'
import type { StreamState } from '../../../shared/health'
import { LiveStream, type Decoded } from './live-stream'
import { SlotQueue } from './slots'
import { MAX_FRAME_BYTES } from './transports'

type Msg = { type: 'price'; n: number }
const decode = (json: unknown): Decoded<Msg> => {
  if (typeof json !== 'object' || json === null || !('type' in json))
    return { ok: false, reason: 'malformed', detail: 'no type' }
  if (json.type !== 'price') return { ok: false, reason: 'unknown_kind', detail: String(json.type) }
  return 'n' in json && typeof json.n === 'number'
    ? { ok: true, value: { type: 'price', n: json.n } }
    : { ok: false, reason: 'malformed', detail: 'no n' }
}

const cleanups: Array<() => void | Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return (server.address() as AddressInfo).port
}

/**
 * A ws server; `behave` decides per connection. Returns its port, the connection count and the
 * pings it was sent. `autoPong: false` plays a dead peer whose socket is still open.
 */
async function wsServer(
  behave: (send: (text: string) => void) => void,
  rejectStatus?: number,
  options: { autoPong?: boolean } = {},
) {
  const http = createServer()
  const wss = new WebSocketServer({ noServer: true, autoPong: options.autoPong ?? true })
  const seen = { upgrades: 0, pings: 0, closed: 0 }
  http.on('upgrade', (req, socket, head) => {
    seen.upgrades++
    if (rejectStatus) {
      socket.end(`HTTP/1.1 ${rejectStatus} Unauthorized\r\nContent-Length: 0\r\n\r\n`)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('ping', () => seen.pings++)
      ws.on('close', () => seen.closed++)
      behave((t) => ws.send(t))
    })
  })
  cleanups.push(() => {
    for (const c of wss.clients) c.terminate()
    wss.close()
  })
  return { port: await listen(http), seen }
}

/** A server that sends each of `texts` to every client as it connects. */
function wsServerSending(texts: readonly string[]) {
  return wsServer((send) => texts.forEach(send))
}

function makeStream(
  port: number,
  ssePort: number,
  extra: { staleAfterMs?: number; heartbeats?: boolean; provenSafe?: (json: unknown) => json is Msg } = {},
) {
  const states: StreamState[] = []
  const messages: number[] = []
  const refused: string[] = []
  let connects = 0
  const stream = new LiveStream<Msg>({
    id: 't',
    service: 'odds',
    kind: 'updates',
    matchId: 1,
    wsUrl: `ws://127.0.0.1:${port}/live/x`,
    sseUrl: `http://127.0.0.1:${ssePort}/live/x`,
    token: 'secret-token',
    decode,
    ...(extra.provenSafe ? { provenSafe: extra.provenSafe } : {}),
    onMessage: (m) => messages.push(m.n),
    onConnected: () => connects++,
    onState: (h) => states.push(h.state),
    onRefused: (reason, detail) => refused.push(`${reason}: ${detail}`),
    slots: new SlotQueue(4),
    staleAfterMs: extra.staleAfterMs ?? 60_000,
    ...(extra.heartbeats ? { heartbeats: true } : {}),
    backoff: { baseMs: 5, capMs: 20 },
  })
  cleanups.push(() => stream.close())
  return { stream, states, messages, refused, connects: () => connects }
}

describe('LiveStream', () => {
  it('counts and skips malformed and unknown-kind messages while good ones apply', async () => {
    const { port } = await wsServerSending([
      '{"type":"price","n":1}',
      'not json',
      '{"type":"gossip"}',
      '{"type":"price"}',
      '{"type":"price","n":2}',
    ])
    const s = makeStream(port, port)
    s.stream.start()
    await waitUntil(() => s.messages.length === 2, 'two good messages')
    expect(s.messages).toEqual([1, 2])
    const h = s.stream.health()
    expect([h.state, h.transport, h.malformed, h.unknownKind]).toEqual(['live', 'ws', 2, 1])
  })

  it('refuses hostile text: a __proto__ key, non-objects, and says why for the log', async () => {
    const { port } = await wsServerSending([
      '{"__proto__":{"polluted":true},"type":"price","n":1}',
      'null',
      '[]',
      '{"type":"price","n":3}',
    ])
    const s = makeStream(port, port)
    s.stream.start()
    await waitUntil(() => s.messages.length === 1, 'the good message')
    expect(s.messages).toEqual([3])
    expect(s.refused).toEqual(['malformed: key "__proto__"', 'malformed: no type', 'malformed: no type'])
    expect(s.stream.health().malformed).toBe(3)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('skips the forbidden-key scan only for a frame its proof passes: hostile keys are still refused', async () => {
    const { port } = await wsServerSending([
      '{"type":"price","n":1}',
      '{"type":"price","n":2,"constructor":{"prototype":{"polluted":true}}}',
      '{"__proto__":{"polluted":true},"type":"price","n":3}',
      '{"type":"price","n":4}',
    ])
    // The proof a price stream gives: the message as `decode` takes it, with its keys and nothing else.
    const provenSafe = (json: unknown): json is Msg =>
      typeof json === 'object' &&
      json !== null &&
      Object.keys(json).join() === 'type,n' &&
      (json as Msg).type === 'price' &&
      typeof (json as Msg).n === 'number'
    const s = makeStream(port, port, { provenSafe })
    s.stream.start()
    await waitUntil(() => s.messages.length === 2, 'the two clean messages')
    expect(s.messages).toEqual([1, 4])
    expect(s.refused).toEqual(['malformed: key "prototype"', 'malformed: key "__proto__"'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses a WebSocket frame over MAX_FRAME_BYTES, counts it, and reads on after the reconnect', async () => {
    let connection = 0
    const server = await wsServer((send) => {
      connection++
      if (connection === 1) send(`{"type":"price","n":1,"pad":"${'x'.repeat(MAX_FRAME_BYTES)}"}`)
      else send('{"type":"price","n":2}')
    })
    const s = makeStream(server.port, server.port)
    s.stream.start()
    await waitUntil(() => s.messages.length === 1, 'a message after the reconnect')
    expect(s.messages).toEqual([2])
    expect(s.refused).toEqual([`malformed: frame over ${MAX_FRAME_BYTES} bytes`])
    expect(s.stream.health()).toMatchObject({ malformed: 1, transport: 'ws' })
  })

  it('refuses an event-stream event over MAX_FRAME_BYTES and keeps the connection', async () => {
    const http = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(`data: {"type":"price","n":1,"pad":"`)
      for (let i = 0; i < 40; i++) res.write('y'.repeat(MAX_FRAME_BYTES / 20))
      res.write('"}\n\ndata: {"type":"price","n":2}\n\n')
    })
    const ssePort = await listen(http)
    cleanups.unshift(() => void http.closeAllConnections())
    const s = makeStream(await closedPort(), ssePort)
    s.stream.start()
    await waitUntil(() => s.messages.length === 1, 'the message after the oversize event')
    expect(s.messages).toEqual([2])
    expect(s.refused).toEqual([`malformed: event over ${MAX_FRAME_BYTES} characters`])
    expect(s.stream.health()).toMatchObject({ malformed: 1, transport: 'sse', reconnects: 0 })
  })

  it('stays live on a quiet stream of a feed without heartbeats whose socket answers its pings, however long it is quiet', async () => {
    const server = await wsServer(() => {})
    const s = makeStream(server.port, server.port, { staleAfterMs: 150 })
    s.stream.start()
    // Pings go every 50 ms: twelve pings span four stale periods without a single message.
    await waitUntil(() => server.seen.pings >= 12, 'twelve pings')
    expect(s.messages).toEqual([])
    expect(s.stream.health()).toMatchObject({ state: 'live', reconnects: 0, lastError: null })
    expect(server.seen.upgrades).toBe(1)
    expect(s.states).toEqual(['queued', 'connecting', 'live'])
  })

  it('shows a stream of a heartbeat feed that only answers pings as silent, without reconnecting, live at its next message', async () => {
    let sendToClient: (text: string) => void = () => {}
    const server = await wsServer((send) => (sendToClient = send))
    const s = makeStream(server.port, server.port, { staleAfterMs: 150, heartbeats: true })
    s.stream.start()
    // Pings go every 50 ms: twelve answered pings span four stale periods without a data message.
    await waitUntil(() => server.seen.pings >= 12, 'twelve pings')
    expect(s.stream.health()).toMatchObject({ state: 'silent', reconnects: 0 })
    expect(server.seen.upgrades).toBe(1)
    sendToClient('{"type":"price","n":1}')
    await waitUntil(() => s.messages.length === 1, 'the data message')
    expect(s.stream.health()).toMatchObject({ state: 'live', reconnects: 0 })
    expect(s.states).toEqual(['queued', 'connecting', 'live', 'silent', 'live'])
    expect(server.seen.upgrades).toBe(1)
  })

  it('shows an event stream of keep-alive comments only as silent, without reconnecting, live at its next event', async () => {
    const responses: ServerResponse[] = []
    let commentsSent = 0
    const http = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      responses.push(res)
    })
    const ssePort = await listen(http)
    const comments = setInterval(() => {
      for (const r of responses) r.write(': keep-alive\n\n')
      commentsSent++
    }, 20)
    cleanups.unshift(() => {
      clearInterval(comments)
      http.closeAllConnections()
    })
    const s = makeStream(await closedPort(), ssePort, { staleAfterMs: 150, heartbeats: true })
    s.stream.start()
    await waitUntil(() => s.stream.health().state === 'silent', 'silent')
    expect(s.stream.health()).toMatchObject({ transport: 'sse', reconnects: 0 })
    // Thirty more comments (four stale periods) and nothing else: still silent, still the one connection.
    const commentsWhenSilent = commentsSent
    await waitUntil(() => commentsSent >= commentsWhenSilent + 30, 'thirty more comments')
    expect(s.stream.health()).toMatchObject({ state: 'silent', reconnects: 0 })
    expect(responses).toHaveLength(1)
    responses[0]!.write('data: {"type":"price","n":5}\n\n')
    await waitUntil(() => s.messages.length === 1, 'the event')
    expect(s.stream.health()).toMatchObject({ state: 'live', reconnects: 0 })
    expect(responses).toHaveLength(1)
  })

  it("does not count its own stall as the peer's silence: a blocked event loop is no reason to reconnect", async () => {
    const server = await wsServer(() => {})
    const s = makeStream(server.port, server.port, { staleAfterMs: 300 })
    s.stream.start()
    await waitUntil(() => server.seen.pings >= 3, 'pings answered')
    // The process stalls (as under GC or a starved CPU) for over three stale periods. Node then runs
    // the due stale check before it reads the pong waiting in the socket.
    const stalledUntil = Date.now() + 1_000
    while (Date.now() < stalledUntil) {
      /* blocked on purpose */
    }
    const pingsAfterStall = server.seen.pings
    await waitUntil(() => server.seen.pings >= pingsAfterStall + 6, 'two stale periods of pings after the stall')
    expect(s.stream.health()).toMatchObject({ state: 'live', reconnects: 0, lastError: null })
    expect(server.seen.upgrades).toBe(1)
  })

  it('replaces a connection whose peer stopped answering (no message, no pong)', async () => {
    const server = await wsServer(() => {}, undefined, { autoPong: false })
    const s = makeStream(server.port, server.port, { staleAfterMs: 60 })
    s.stream.start()
    await waitUntil(() => server.seen.upgrades >= 2 && s.connects() >= 2, 'a reconnect')
    expect(s.states.slice(0, 5)).toEqual(['queued', 'connecting', 'live', 'stale', 'backing_off'])
    expect(s.stream.health().reconnects).toBeGreaterThanOrEqual(1)
    expect(s.stream.health().lastError).toBe('no answer for 60 ms')
  })

  it('stops at "rejected" on a 401 upgrade instead of retrying', async () => {
    const server = await wsServer(() => {}, 401)
    const s = makeStream(server.port, server.port)
    // The stream's own timers are fake, so "it never retries" is checked by running them all.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    cleanups.push(() => void vi.useRealTimers())
    s.stream.start()
    await waitUntil(() => s.stream.health().state === 'rejected', 'rejected')
    expect(vi.getTimerCount()).toBe(0) // no retry scheduled…
    await vi.runAllTimersAsync()
    expect(server.seen.upgrades).toBe(1) // …and none made
    expect(s.stream.health().state).toBe('rejected')
    expect(s.stream.health().lastError).toBe('key rejected (401)')
  })

  it('falls back to the event stream when WebSocket is refused, token in the query', async () => {
    let query = ''
    const http = createServer((req, res) => {
      query = new URL(req.url ?? '', 'http://x').search
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(': hello\n\ndata: {"type":"price","n":7}\n\n')
      res.write('data: {"type":"price",\ndata: "n":8}\n\n')
    })
    const ssePort = await listen(http)
    cleanups.unshift(() => void http.closeAllConnections())
    const s = makeStream(await closedPort(), ssePort)
    s.stream.start()
    await waitUntil(() => s.messages.length === 2, 'event-stream messages')
    expect(s.messages).toEqual([7, 8])
    expect(s.stream.health()).toMatchObject({ state: 'live', transport: 'sse' })
    expect(query).toBe('?token=secret-token')
    expect(s.stream.health().lastError).not.toContain('secret-token')
  })

  it('closes for good: no reconnect after close()', async () => {
    const server = await wsServer((send) => send('{"type":"price","n":1}'))
    const s = makeStream(server.port, server.port)
    s.stream.start()
    await waitUntil(() => s.messages.length === 1, 'first message')
    s.stream.close()
    // Once the server sees the socket close, the client has torn its end down: a retry would be
    // scheduled (state backing_off) by now.
    await waitUntil(() => server.seen.closed === 1, 'the server to see the socket close')
    expect(server.seen.upgrades).toBe(1)
    expect(s.stream.health().state).toBe('closed')
  })
})
