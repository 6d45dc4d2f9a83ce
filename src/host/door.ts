/**
 * The browser host's door: what every HTTP request and the bridge WebSocket must show to get in,
 * and the headers every answer carries. A request needs this run's token (query or cookie), a
 * `Host` that names this machine's loopback at this port (a rebound DNS name pointing a foreign
 * site at 127.0.0.1 is refused), and no `Origin` but our own (another site's page, or a sandboxed
 * `null` one, is refused; the WebSocket must name ours, since browsers always send it there).
 * A page on another port of 127.0.0.1 is the same *site*, so the SameSite cookie goes with its
 * requests: the app's resources are served to our own origin only (`Sec-Fetch-Site`, and the
 * `Cross-Origin-Resource-Policy` header on every answer). A request the door cannot read (a
 * malformed target, two `Host` headers, a WebSocket version other than 13) is refused too.
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
  'Cross-Origin-Resource-Policy': 'same-origin',
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]']
/** What a browser says of a request from our own page (`same-origin`) or one the user made (`none`). */
const OWN_FETCH_SITES: ReadonlySet<string> = new Set(['same-origin', 'none'])
/** The only WebSocket protocol version a browser speaks (RFC 6455); `ws` would also accept 8. */
const WEBSOCKET_VERSION = '13'
const REQUEST_BASE = 'http://127.0.0.1'

/** The refusal of a request that is ours but for its token: the trader's browser on a bare link. */
export const TOKEN_REFUSAL = 'missing or wrong token'

export interface Door {
  port: number
  token: string
}

/** Why the request may not come in, in words fit for a log (never the token), or null to let it in. */
export function refusal(request: IncomingMessage, door: Door, kind: 'http' | 'websocket'): string | null {
  const url = requestUrl(request)
  if (!url) return 'malformed request target'
  if (headerCount(request, 'host') > 1) return 'more than one Host header'
  const host = request.headers.host
  if (!host || !isLoopback(host, door.port)) return `foreign Host header "${clip(host ?? '(none)')}"`
  const origin = request.headers.origin
  if (origin === undefined ? kind === 'websocket' : !isOwnOrigin(origin, door.port)) {
    return `foreign Origin "${clip(origin ?? '(none)')}"`
  }
  // Absent from clients that are not browsers (they send no cookie of ours either).
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && !OWN_FETCH_SITES.has(site)) return `a ${clip(site)} request (Sec-Fetch-Site)`
  const version = request.headers['sec-websocket-version']
  if (kind === 'websocket' && version !== WEBSOCKET_VERSION) {
    return `WebSocket version "${clip(version ?? '(none)')}" (only ${WEBSOCKET_VERSION})`
  }
  if (sameToken(url.searchParams.get('token'), door.token)) return null
  if (sameToken(readCookie(request, TOKEN_COOKIE), door.token)) return null
  return TOKEN_REFUSAL
}

/**
 * The request's target as a URL, or null when it is not a path of ours: browsers send only the
 * origin form (`/path?query`); `//host…`, `*` and absolute URLs are not asked of this server.
 */
export function requestUrl(request: IncomingMessage): URL | null {
  const target = request.url ?? ''
  if (!target.startsWith('/')) return null
  const url = URL.parse(target, REQUEST_BASE)
  // `//host/…` and `/\\host/…` name another host: not a path.
  return url?.origin === REQUEST_BASE ? url : null
}

/** True when the request's URL carries the right token (the page is then given the cookie). */
export function hasTokenInQuery(request: IncomingMessage, door: Door): boolean {
  return sameToken(requestUrl(request)?.searchParams.get('token'), door.token)
}

/** Node keeps the first of a repeated `Host`; the raw list shows them all. */
function headerCount(request: IncomingMessage, name: string): number {
  let count = 0
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i]?.toLowerCase() === name) count++
  return count
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
export function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text
}
