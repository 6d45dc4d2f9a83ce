/**
 * Requests to the browser host the way an attacker writes them, not the way a browser does: a GET
 * with exactly the headers given (a forged `Host` too), a WebSocket handshake with chosen headers,
 * and raw bytes on a fresh socket (two `Host` headers, an unparseable target, CONNECT). Shared by
 * the host's door tests and `npm run bench -- hostile-probes`.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import WebSocket from 'ws'
import { BRIDGE_SOCKET_PATH } from '../host/protocol'

export interface ForgedAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** A GET with exactly these headers (node lets a caller forge Host, which a browser's fetch cannot). */
export function forgedGet(port: number, path: string, headers: Record<string, string>): Promise<ForgedAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, setHost: false, agent: false }, (res) => {
      let body = ''
      res.setEncoding('latin1')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** A bridge WebSocket handshake with these headers: 101 when it opens, else the refusal's status (-1: no answer). */
export function bridgeHandshake(port: number, query: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${BRIDGE_SOCKET_PATH}${query}`, { headers })
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    ws.on('open', () => {
      ws.close()
      resolve(101)
    })
    ws.on('error', () => resolve(-1))
  })
}

export interface RawAnswer {
  /** The answer's status line; empty when the host sent nothing. */
  statusLine: string
  /** False when the host still held the socket open when the wait ran out (then the socket is destroyed). */
  closedByHost: boolean
}

/**
 * Writes `text` on a fresh socket and reads until the host closes it. Without `timeoutMs` it never
 * ends on its own: a host that holds the socket keeps the caller waiting (a test's own timeout
 * then fails it); with it, the socket is let go after that long and reported as held.
 */
export function rawRequest(port: number, text: string, timeoutMs?: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let answer = ''
    const statusLine = () => answer.split('\r\n')[0] ?? ''
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            socket.destroy()
            resolve({ statusLine: statusLine(), closedByHost: false })
          }, timeoutMs)
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
    socket.on('end', () => {
      clearTimeout(timer)
      resolve({ statusLine: statusLine(), closedByHost: true })
    })
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

/** A WebSocket handshake written by hand (the ws client always says version 13), to any target. */
export function rawUpgrade(port: number, origin: string, target: string, version = '13'): string {
  return (
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\nUpgrade: websocket\r\n` +
    `Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: ${version}\r\n\r\n`
  )
}

/** Upgrade targets no URL parser of ours takes as a path (issue 25.1 ended the host with the first). */
export const MALFORMED_UPGRADE_TARGETS = ['//[', 'http://[', '//a:99999', '//', '*', '/\\\\evil.example/__host/bridge']

/** Requests Node's parser or the door cannot read, and the refusal each must get. */
export const MALFORMED_HTTP_REQUESTS: ReadonlyArray<{ text: string; status: string }> = [
  { text: 'GET //[ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', status: 'HTTP/1.1 403 Forbidden' },
  { text: 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n', status: 'HTTP/1.1 400 Bad Request' },
  { text: 'NOT-A-METHOD / HTTP/1.1\r\n\r\n', status: 'HTTP/1.1 400 Bad Request' },
  {
    text: `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    status: 'HTTP/1.1 431 Request Header Fields Too Large',
  },
  { text: '\u0000\u0001\u0002 binary\r\n\r\n', status: 'HTTP/1.1 400 Bad Request' },
]
