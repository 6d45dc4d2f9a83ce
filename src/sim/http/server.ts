/**
 * The one HTTP server of the simulator (loopback only): REST routes, live streams as HTTP event
 * streams on GET, and the same stream paths as WebSocket upgrades. REST answers pass through the
 * fault gate (slow, 429 bursts, 503s); live connections are subject to drops and message faults.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { LIVE_DATA_SUBPROTOCOL } from '../../shared/wire/data-service'
import type { Faults } from '../faults'
import type { WorldClock } from '../world/clock'
import type { Hub, Sink } from './hub'
import { Router, type Params } from './router'

export interface Reply {
  status: number
  json?: unknown
  body?: Buffer | string
  contentType?: string
  headers?: Record<string, string>
}

/** A request body that was present but not JSON. */
export const INVALID_JSON = Symbol('invalid JSON body')

export interface RequestContext {
  method: string
  url: URL
  params: Params
  headers: IncomingHttpHeaders
  /** Parsed JSON body (PATCH), `INVALID_JSON`, or undefined when there was none. */
  body: unknown
}

export type RestHandler = (ctx: RequestContext) => Reply | Promise<Reply>

export type StreamResolution = { ok: true; channels: string[] } | { ok: false; reply: Reply }
export type StreamResolver = (ctx: RequestContext) => StreamResolution

const MAX_BODY_BYTES = 64 * 1024
/** A subscriber this far behind is cut off rather than let the server's memory grow without bound. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024
/** Event-stream keep-alive comments: well inside a client's 15 s dead-connection limit. */
const SSE_KEEP_ALIVE_MS = 5000

export function jsonReply(status: number, json: unknown, headers?: Record<string, string>): Reply {
  return { status, json, ...(headers ? { headers } : {}) }
}

export class SimHttpServer {
  readonly rest = new Router<RestHandler>()
  readonly streams = new Router<StreamResolver>()
  private readonly server = createServer((req, res) => void this.onRequest(req, res))
  private readonly wss = new WebSocketServer({
    noServer: true,
    // field-notes.md: clients may ask for the `updates` subprotocol; agree when they do, unless told not to.
    handleProtocols: (protocols) =>
      protocols.has(LIVE_DATA_SUBPROTOCOL) && this.faults.current.wsSubprotocol !== 'never'
        ? LIVE_DATA_SUBPROTOCOL
        : false,
  })
  private readonly openStreams = new Set<ServerResponse>()

  constructor(
    private readonly hub: Hub,
    private readonly faults: Faults,
    private readonly notFound: (ctx: RequestContext, methodAllowed: boolean) => Reply,
    private readonly clock: Pick<WorldClock, 'serverNow'>,
  ) {
    this.server.on('upgrade', (req, socket, head) => this.onUpgrade(req, socket, head))
  }

  async listen(port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => resolve())
    })
    return (this.server.address() as AddressInfo).port
  }

  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate()
    for (const res of this.openStreams) res.destroy()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private context(req: IncomingMessage, body: unknown, params: Params = {}): RequestContext {
    return {
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', 'http://127.0.0.1'),
      params,
      headers: req.headers,
      body,
    }
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The server's own clock, as every HTTP server states it (Node would send the wall clock's).
    res.setHeader('date', new Date(this.clock.serverNow()).toUTCString())
    try {
      const body = await readBody(req)
      const ctx = this.context(req, body)
      if (ctx.method === 'GET') {
        const stream = this.streams.match('GET', ctx.url.pathname)
        if (stream.target) return this.openEventStream(stream.target({ ...ctx, params: stream.params }), req, res)
      }
      if (this.faults.slowMs > 0) await new Promise((r) => setTimeout(r, this.faults.slowMs))
      const fault = this.faults.nextHttpFault()
      if (fault.kind === '429') {
        return send(
          res,
          jsonReply(
            429,
            { error: 'rate_limited', message: `too many requests; retry after ${fault.retryAfterSeconds} s` },
            { 'retry-after': String(fault.retryAfterSeconds) },
          ),
        )
      }
      if (fault.kind === '503')
        return send(
          res,
          jsonReply(503, { error: 'unavailable', message: 'service temporarily unavailable (injected fault)' }),
        )
      const found = this.rest.match(ctx.method, ctx.url.pathname)
      if (!found.target) return send(res, this.notFound(ctx, found.methodAllowed))
      send(res, this.echoing(this.shaped(ctx, await found.target({ ...ctx, params: found.params }))))
    } catch (error) {
      send(res, jsonReply(500, { error: 'internal', message: error instanceof Error ? error.message : String(error) }))
    }
  }

  /** A successful JSON reply in a shape no client reads while the `badShape` fault lasts (faults.ts). */
  private shaped(ctx: { method: string; url: URL }, reply: Reply): Reply {
    const ok = reply.status >= 200 && reply.status < 300 && reply.json !== undefined
    if (!ok || !this.faults.answersBadShape(ctx.method, ctx.url.pathname)) return reply
    return { ...reply, json: { unexpected: 'shape', note: 'fault injection' } }
  }

  /** The reply with the key echoed into its JSON while the `echoKey` fault is on (faults.ts). */
  private echoing(reply: Reply): Reply {
    if (reply.json === undefined || !this.faults.current.echoKey) return reply
    const body = this.faults.echoed(JSON.stringify(reply.json))
    return { ...reply, json: undefined, body, contentType: 'application/json; charset=utf-8' }
  }

  private openEventStream(resolution: StreamResolution, req: IncomingMessage, res: ServerResponse): void {
    if (!resolution.ok) return send(res, resolution.reply)
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
    res.write(': connected\n\n')
    this.openStreams.add(res)
    const sink: Sink = {
      send: (text) => {
        if (res.writableLength > MAX_BUFFERED_BYTES) {
          res.destroy()
          return false
        }
        if (res.writableEnded || res.destroyed) return false
        res.write(`data: ${text}\n\n`)
        return true
      },
      close: () => res.end(),
    }
    const unsubscribe = this.hub.subscribe(resolution.channels, sink)
    // A quiet stream still says it is alive (an event stream has no ping; a comment is ignored by readers).
    const keepAlive = setInterval(() => {
      if (!res.writableEnded && !res.destroyed) res.write(': keep-alive\n\n')
    }, SSE_KEEP_ALIVE_MS)
    keepAlive.unref()
    req.on('close', () => {
      clearInterval(keepAlive)
      unsubscribe()
      this.openStreams.delete(res)
    })
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy())
    const ctx = this.context(req, undefined)
    const found = this.streams.match('GET', ctx.url.pathname)
    const resolution: StreamResolution = found.target
      ? found.target({ ...ctx, params: found.params })
      : { ok: false, reply: this.notFound(ctx, found.methodAllowed) }
    if (!resolution.ok) return refuseUpgrade(socket, resolution.reply)
    this.wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const sink: Sink = {
        send: (text) => {
          if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
            ws.terminate()
            return false
          }
          if (ws.readyState !== ws.OPEN) return false
          ws.send(text)
          return true
        },
        close: () => ws.close(1012, 'connection dropped by the simulator'),
      }
      const unsubscribe = this.hub.subscribe(resolution.channels, sink)
      ws.on('close', unsubscribe)
      ws.on('error', () => ws.terminate())
    })
  }
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) return INVALID_JSON
    chunks.push(chunk)
  }
  if (size === 0) return undefined
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown
  } catch {
    return INVALID_JSON
  }
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent) return void res.end()
  const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.body ?? '')
  res.writeHead(reply.status, {
    'content-type': reply.json !== undefined ? 'application/json; charset=utf-8' : (reply.contentType ?? 'text/plain'),
    'content-length': Buffer.byteLength(body),
    ...reply.headers,
  })
  res.end(body)
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden' }

function refuseUpgrade(socket: Duplex, reply: Reply): void {
  const body = JSON.stringify(reply.json ?? {})
  socket.end(
    `HTTP/1.1 ${reply.status} ${STATUS_TEXT[reply.status] ?? 'Not Found'}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  )
}
