/**
 * One REST exchange on node:http / node:https: the request out, redirects followed, and the
 * answer's status, headers and body (a BodySource, read with its bounds by capped-body.ts).
 *
 * Why not fetch (issue 25.8): floods from a hostile server left the process's RSS far above its
 * start with a flat JS heap. fetch inflates gzip and brotli before its reader sees a byte (a bomb
 * is inflated by undici, and a brotli decoder holds up to a 16 MB window per answer), and every
 * socket read is a fresh 64 kB allocation left for the collector. Here:
 * - every socket reads into one shared buffer (`onread`), which the HTTP parser copies the body
 *   out of, so reading allocates only the body chunks, and those are freed as soon as they are
 *   read (release-bytes.ts);
 * - we ask for gzip or deflate only (a 32 kB window) and inflate ourselves, so the bounds count
 *   inflated bytes and ending the body ends the inflater; an answer in an encoding we did not ask
 *   for is refused unread;
 * - sockets are kept alive and bounded per origin, so a flood of answers is read a few at a time.
 * Redirects are followed as fetch did, but the key headers go only to the origin they were set for.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { Socket } from 'node:net'
import { pipeline, type Readable } from 'node:stream'
import { createGunzip, createInflate } from 'node:zlib'
import type { BodySource } from './capped-body'
import { releaseBytes } from './release-bytes'

export interface WireRequest {
  method: string
  url: URL
  headers: Record<string, string>
  body?: string
  /** Headers that carry the key: dropped when a redirect leaves the request's origin. */
  keyHeaders: readonly string[]
  signal: AbortSignal
}

export interface WireAnswer {
  status: number
  headers: Headers
  body: BodySource
}

/** A failure before an answer, named by a short code the caller shows in words (like ECONNREFUSED). */
export class WireError extends Error {
  constructor(readonly code: string) {
    super(code)
  }
}

/** An answer refused before its body is read, for what it declares (an encoding not asked for). */
export class RefusedEncoding extends Error {
  constructor(readonly encoding: string) {
    super(`answer in an encoding it was not asked for (${encoding})`)
  }
}

/** As fetch: at most this many redirects, then a network error. */
const MAX_REDIRECTS = 20
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
/** Connections per origin at once; more requests wait for one (the caller's timeout runs meanwhile). */
const SOCKETS_PER_ORIGIN = 8
const READ_BUFFER_BYTES = 64 * 1024

/**
 * The one buffer every socket reads into. Safe to share: a read is handed to the HTTP parser
 * synchronously, and the parser copies what it keeps (headers, body chunks) before the next read.
 */
const readBuffer = Buffer.allocUnsafeSlow(READ_BUFFER_BYTES)

/** Makes a socket read into `readBuffer` and hand each read on as the 'data' the HTTP client listens to. */
function sharedReadOption() {
  let socket: Socket | undefined
  return {
    bind: (created: Socket) => (socket = created),
    onread: {
      buffer: readBuffer,
      callback: (bytes: number, buffer: Uint8Array) => void socket?.emit('data', buffer.subarray(0, bytes)),
    },
  }
}

class SharedReadHttpAgent extends HttpAgent {
  override createConnection(...args: Parameters<HttpAgent['createConnection']>) {
    const [options, ...rest] = args
    const read = sharedReadOption()
    return read.bind(super.createConnection({ ...options, onread: read.onread } as typeof options, ...rest) as Socket)
  }
}

class SharedReadHttpsAgent extends HttpsAgent {
  override createConnection(...args: Parameters<HttpAgent['createConnection']>) {
    const [options, ...rest] = args
    const read = sharedReadOption()
    return read.bind(super.createConnection({ ...options, onread: read.onread } as typeof options, ...rest) as Socket)
  }
}

const agentOptions = { keepAlive: true, maxSockets: SOCKETS_PER_ORIGIN, maxFreeSockets: SOCKETS_PER_ORIGIN }
const httpAgent = new SharedReadHttpAgent(agentOptions)
const httpsAgent = new SharedReadHttpsAgent(agentOptions)

/** Sends the request, following redirects; resolves once an answer's headers are in. */
export async function exchange(request: WireRequest): Promise<WireAnswer> {
  let { method, url, headers, body } = request
  for (let redirects = 0; ; redirects++) {
    const response = await once(method, url, headers, body, request.signal)
    const location = response.headers.location
    if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || location === undefined) return answerOf(response)
    response.destroy()
    if (redirects === MAX_REDIRECTS) throw new WireError('too many redirects')
    const next = new URL(location, url)
    if (next.protocol !== 'http:' && next.protocol !== 'https:')
      throw new WireError('redirect to an unsupported address')
    if (next.origin !== url.origin) headers = withoutKey(headers, request.keyHeaders)
    if (response.statusCode === 303 && method !== 'HEAD') {
      method = 'GET'
      body = undefined
      headers = withoutBodyHeaders(headers)
    }
    url = next
  }
}

function once(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const secure = url.protocol === 'https:'
  if (!secure && url.protocol !== 'http:') return Promise.reject(new WireError('unsupported address'))
  const send = secure ? httpsRequest : httpRequest
  const sent: Record<string, string> = { ...headers, 'accept-encoding': 'gzip, deflate' }
  if (body !== undefined) sent['content-length'] = String(Buffer.byteLength(body))
  return new Promise((resolve, reject) => {
    const req = send(url, { method, headers: sent, agent: secure ? httpsAgent : httpAgent, signal }, resolve)
    req.on('error', reject)
    req.end(body)
  })
}

function answerOf(response: IncomingMessage): WireAnswer {
  const headers = new Headers()
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  const encoding = (headers.get('content-encoding') ?? 'identity').trim().toLowerCase()
  const inflater =
    encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : null
  if (!inflater && encoding !== 'identity') {
    response.destroy()
    throw new RefusedEncoding(encoding)
  }
  const declared = Number(headers.get('content-length'))
  const chunks: Readable = inflater ? pipeline(response, inflater, () => {}) : response
  return {
    status: response.statusCode ?? 0,
    headers,
    body: {
      // A declared length counts the encoded bytes: a bound on the inflated ones only when not encoded.
      declaredBytes: !inflater && headers.has('content-length') && Number.isFinite(declared) ? declared : null,
      chunks: chunksOf(chunks),
      release: releaseBytes,
    },
  }
}

/**
 * The stream's chunks one at a time, as they came. Readable's own iterator reads in paused mode,
 * which joins the chunks waiting into a new buffer and leaves the parts to the collector (the
 * garbage this module exists to avoid); flowing mode hands each chunk over as it is. Paused while
 * a chunk waits, so a slow reader holds one chunk, not the socket's stream. Listens at once (not
 * at the first read), so an answer refused for its declared length, before any read, is still
 * ended: `return` destroys the stream, its socket and its inflater.
 */
function chunksOf(stream: Readable): AsyncIterableIterator<Uint8Array> {
  const waiting: Uint8Array[] = []
  let ended = false
  let failure: unknown = null
  let wake = () => {}
  stream.on('data', (chunk: Uint8Array) => {
    waiting.push(chunk)
    stream.pause()
    wake()
  })
  stream.on('end', () => {
    ended = true
    wake()
  })
  stream.on('error', (error) => {
    failure = error
    wake()
  })
  const iterator: AsyncIterableIterator<Uint8Array> = {
    async next() {
      for (;;) {
        const chunk = waiting.shift()
        if (chunk) {
          if (waiting.length === 0) stream.resume()
          return { done: false, value: chunk }
        }
        if (failure) throw failure
        if (ended) return { done: true, value: undefined }
        await new Promise<void>((resolve) => (wake = resolve))
      }
    },
    async return() {
      stream.destroy()
      return { done: true, value: undefined }
    },
    [Symbol.asyncIterator]: () => iterator,
  }
  return iterator
}

function withoutKey(headers: Record<string, string>, keyHeaders: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !keyHeaders.includes(name.toLowerCase())))
}

function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'))
}
