/**
 * The two ways to hold a live stream open: a WebSocket, or the same path as an HTTP event stream
 * (the fallback when WebSocket cannot connect). Both report the same few facts to the stream
 * owner: opened, a text message, a sign of life, and once, how it ended. A deliberate `close()`
 * reports nothing.
 *
 * Signs of life: a quiet stream (a match with no incident for minutes) sends no message, and that
 * is not a fault. So the WebSocket is pinged and every pong says the socket is alive; on the event
 * stream any bytes (the server's `:` keep-alive comments too) say the same.
 */
import WebSocket from 'ws'
import { SseParser } from './sse-parser'

export type TransportEnd =
  /** 401/403 on the upgrade or the event-stream request: the key is refused. */
  | { kind: 'rejected'; status: number }
  /**
   * Anything else; `opened` says whether messages could flow before it ended, `status` is the
   * server's HTTP answer where it answered one instead of a stream (404…), else null.
   */
  | { kind: 'failed'; opened: boolean; message: string; status: number | null }

export interface TransportHandlers {
  onOpen(): void
  onText(text: string): void
  /** The connection answered (a pong, event-stream bytes): alive even when no message is flowing. */
  onAlive(): void
  /** A message refused before it became text (over MAX_FRAME_BYTES); a WebSocket then ends too. */
  onRefused(detail: string): void
  onEnd(end: TransportEnd): void
}

/**
 * The largest message a live stream may send. Feed messages are a few hundred bytes; a frame of
 * megabytes is a broken or hostile server, refused before it is buffered whole.
 */
export const MAX_FRAME_BYTES = 256 * 1024

export interface TransportConnection {
  close(): void
}

export interface TransportOptions {
  /** Upgrade / response-header deadline. */
  connectTimeoutMs: number
  /** How often an open WebSocket is pinged. */
  pingEveryMs: number
  /** Sent with the upgrade / event-stream request (a marketplace key's headers, wire/keys.ts K4). */
  headers?: Record<string, string>
  /** The WebSocket subprotocol to offer; a server that agrees to none is accepted too. */
  subprotocol?: string
}

/** Opens one connection; the stream owner picks WebSocket first, then the event stream. */
export type TransportOpener = (
  url: string,
  handlers: TransportHandlers,
  options: TransportOptions,
) => TransportConnection

export interface TransportOpeners {
  ws: TransportOpener
  sse: TransportOpener
}

function isAuthStatus(status: number): boolean {
  return status === 401 || status === 403
}

/** Calls `onEnd` at most once and never after a deliberate close. */
function once(handlers: TransportHandlers): TransportHandlers & { close(): void; closed: boolean } {
  let done = false
  return {
    get closed() {
      return done
    },
    close: () => {
      done = true
    },
    onOpen: () => {
      if (!done) handlers.onOpen()
    },
    onText: (t) => {
      if (!done) handlers.onText(t)
    },
    onAlive: () => {
      if (!done) handlers.onAlive()
    },
    onRefused: (detail) => {
      if (!done) handlers.onRefused(detail)
    },
    onEnd: (e) => {
      if (done) return
      done = true
      handlers.onEnd(e)
    },
  }
}

/** fetch hides the socket error in `cause` ("fetch failed" alone says nothing). */
function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err)
  return err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message
}

export function openWebSocket(
  url: string,
  handlers: TransportHandlers,
  options: TransportOptions,
): TransportConnection {
  const h = once(handlers)
  let opened = false
  let status: number | null = null
  const { subprotocol } = options
  // Offered by header, not through ws's protocols argument: ws then fails a server that agrees to
  // none ("Server sent no subprotocol"), and the provider's servers need not agree. The server's
  // answer is checked here instead, on the upgrade, before ws's own check runs.
  const ws = new WebSocket(url, {
    handshakeTimeout: options.connectTimeoutMs,
    perMessageDeflate: false,
    maxPayload: MAX_FRAME_BYTES,
    headers: { ...options.headers, ...(subprotocol ? { 'sec-websocket-protocol': subprotocol } : {}) },
  })
  ws.on('upgrade', (res) => {
    // Ours, agreed: ws, which offered nothing itself, would refuse it. Any other answer it refuses.
    if (subprotocol && res.headers['sec-websocket-protocol'] === subprotocol)
      delete res.headers['sec-websocket-protocol']
  })
  ws.on('unexpected-response', (_req, res) => {
    status = res.statusCode ?? null
    res.resume()
    // terminate() while CONNECTING aborts the handshake and emits 'close', where the end is reported.
    ws.terminate()
  })
  let pinger: NodeJS.Timeout | null = null
  const stopPinging = () => {
    if (pinger) clearInterval(pinger)
    pinger = null
  }
  ws.on('open', () => {
    opened = true
    h.onOpen()
    pinger = setInterval(() => ws.ping(), options.pingEveryMs)
    pinger.unref()
  })
  ws.on('pong', () => h.onAlive())
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isBinary) h.onText(data.toString())
  })
  let lastError = ''
  ws.on('error', (err) => {
    lastError = err.message
    // ws closes the connection itself (1009) after this error.
    if ((err as { code?: unknown }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')
      h.onRefused(`frame over ${MAX_FRAME_BYTES} bytes`)
  })
  ws.on('close', (code) => {
    stopPinging()
    if (status !== null && isAuthStatus(status)) h.onEnd({ kind: 'rejected', status })
    else {
      const message = status !== null ? `server answered ${status}` : lastError || `closed (${code})`
      h.onEnd({ kind: 'failed', opened, message, status })
    }
  })
  return {
    close() {
      h.close()
      stopPinging()
      ws.removeAllListeners('message')
      ws.on('error', () => {}) // a late socket error after a deliberate close is not news
      ws.terminate()
    },
  }
}

export function openEventStream(
  url: string,
  handlers: TransportHandlers,
  options: TransportOptions,
): TransportConnection {
  const h = once(handlers)
  const abort = new AbortController()
  const headerTimer = setTimeout(() => abort.abort(new Error('no response in time')), options.connectTimeoutMs)
  let opened = false
  void (async () => {
    try {
      const res = await fetch(url, {
        headers: { ...options.headers, accept: 'text/event-stream' },
        signal: abort.signal,
      })
      clearTimeout(headerTimer)
      if (isAuthStatus(res.status)) {
        await res.body?.cancel()
        h.onEnd({ kind: 'rejected', status: res.status })
        return
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel()
        h.onEnd({ kind: 'failed', opened, message: `server answered ${res.status}`, status: res.status })
        return
      }
      opened = true
      h.onOpen()
      const parser = new SseParser((data) => h.onText(data), {
        // Characters, not bytes: a character is at least one byte, so this never refuses less.
        maxEventChars: MAX_FRAME_BYTES,
        onOversize: () => h.onRefused(`event over ${MAX_FRAME_BYTES} characters`),
      })
      const decoder = new TextDecoder()
      for await (const chunk of res.body) {
        if (h.closed) break
        h.onAlive()
        parser.push(decoder.decode(chunk as Uint8Array, { stream: true }))
      }
      h.onEnd({ kind: 'failed', opened, message: 'event stream ended', status: null })
    } catch (err) {
      clearTimeout(headerTimer)
      const message = describeError(abort.signal.aborted ? abort.signal.reason : err)
      h.onEnd({ kind: 'failed', opened, message, status: null })
    }
  })()
  return {
    close() {
      h.close()
      clearTimeout(headerTimer)
      abort.abort()
    },
  }
}

/** The real network: what every stream uses unless a bench or test hands it frames directly. */
export const NETWORK_TRANSPORTS: TransportOpeners = { ws: openWebSocket, sse: openEventStream }
