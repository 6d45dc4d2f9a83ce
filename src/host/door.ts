/**
 * The browser host's door: what every HTTP request and the bridge WebSocket must show to get in,
 * and the headers every answer carries. A request needs this run's token (query or cookie), a
 * `Host` that names this machine's loopback at this port (a rebound DNS name pointing a foreign
 * site at 127.0.0.1 is refused), and no `Origin` but our own (another site's page, or a sandboxed
 * `null` one, is refused; the WebSocket must name ours, since browsers always send it there).
 */
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { CONTENT_SECURITY_POLICY_HEADER } from '../shared/csp'

export const TOKEN_COOKIE = 'om_token'

/** Sent with every answer, refusals and 404s included (frame-ancestors is in the CSP header). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY_HEADER,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]']

/** The refusal of a request that is ours but for its token: the trader's browser on a bare link. */
export const TOKEN_REFUSAL = 'missing or wrong token'

export interface Door {
  port: number
  token: string
}

/** Why the request may not come in, in words fit for a log (never the token), or null to let it in. */
export function refusal(request: IncomingMessage, door: Door, kind: 'http' | 'websocket'): string | null {
  const host = request.headers.host
  if (!host || !isLoopback(host, door.port)) return `foreign Host header "${clip(host ?? '(none)')}"`
  const origin = request.headers.origin
  if (origin === undefined ? kind === 'websocket' : !isOwnOrigin(origin, door.port)) {
    return `foreign Origin "${clip(origin ?? '(none)')}"`
  }
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  if (sameToken(url.searchParams.get('token'), door.token)) return null
  if (sameToken(readCookie(request, TOKEN_COOKIE), door.token)) return null
  return TOKEN_REFUSAL
}

/** True when the request's URL carries the right token (the page is then given the cookie). */
export function hasTokenInQuery(request: IncomingMessage, door: Door): boolean {
  return sameToken(new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('token'), door.token)
}

function isLoopback(host: string, port: number): boolean {
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`)
}

function isOwnOrigin(origin: string, port: number): boolean {
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${port}`)
}

function sameToken(candidate: string | null | undefined, token: string): boolean {
  if (!candidate || candidate.length !== token.length) return false
  return timingSafeEqual(Buffer.from(candidate), Buffer.from(token))
}

function readCookie(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}

/** A header an attacker chose goes into a log line: keep it short. */
function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text
}
