/**
 * The headless host: the same core as the Electron app, served to a browser. It serves the built
 * renderer on 127.0.0.1 and carries the bridge contract over a WebSocket. Every HTTP and WebSocket
 * request goes through the door (door.ts: the per-run token, a loopback Host, our own Origin);
 * anything else is answered 403 and counted. Every answer carries the security headers.
 * It listens before its core is up: the page and its script are served at once, and what needs
 * the core (bridge calls, team images, the count of a refusal) waits for it.
 */
import { randomBytes } from 'node:crypto'
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { join } from 'node:path'
import type { WebSocket } from 'ws'
import { parseJsonSafely } from '../shared/safe-json'
import type { Core } from '../main/core/app'
import type { Fault } from '../main/core/faults/fault-reporter'
import { downloadExporter, type FolderOpener, type HostPorts } from '../main/core/host-ports'
import { PLACEHOLDER_PNG } from '../main/core/images/placeholder'
import { TEAM_IMAGE_PATH } from '../shared/team-images'
import { markStartup } from '../shared/startup-marks'
import { BRIDGE_SCRIPT_PATH, BRIDGE_SOCKET_PATH, type HostToPage, type PageToHost } from './protocol'
import {
  clip,
  hasTokenInQuery,
  refusal,
  requestUrl,
  SECURITY_HEADERS,
  TOKEN_COOKIE,
  TOKEN_REFUSAL,
  type Door,
} from './door'
import { systemFolderOpener } from './open-folder'
import { loadStaticFiles } from './static-files'
import { tokenHelpPage } from './token-help'
import { DEFAULT_OUTBOX_LIMITS, PageOutbox, type OutboxLimits } from './page-outbox'
import type { EventChannel } from '../shared/bridge/channels'

/**
 * The largest message a page sends is a fault report (a 20,000-character stack, escaped); a
 * megabyte cap let a hostile page make the host hold and parse a megabyte a message.
 */
const BRIDGE_MAX_MESSAGE_BYTES = 256 * 1024
/** A page's requests worked on at once; its next messages wait in its socket meanwhile. */
const MAX_REQUESTS_AT_ONCE = 8
/**
 * How long a connection may take to send a request's headers. A browser sends them at once; a
 * peer that trickles a header line every few seconds (slowloris) held a socket, a descriptor, for
 * Node's default minute.
 */
export const HEADERS_TIMEOUT_MS = 10_000

export interface HostOptions {
  port: number
  rendererDir: string
  /** Builds the core once the host knows its own origin (the bridge's trusted sender) and ports. */
  createCore: (origin: string, ports: HostPorts) => Promise<Core>
  token?: string
  /** Where the token is kept, named on the page a link without it gets (token-help.ts). */
  tokenFile?: string
  /** Shows a folder on this machine (the crash files); the system's file manager unless given. */
  folders?: FolderOpener
  /** What may wait for a page that does not read (see page-outbox.ts); the defaults unless given. */
  outboxLimits?: OutboxLimits
  /** How long a request's headers may take before it is answered 408 and closed (HEADERS_TIMEOUT_MS). */
  headersTimeoutMs?: number
}

export interface RunningHost {
  url: string
  origin: string
  token: string
  /**
   * The core, once it is up and the page script is built; the host already serves the page
   * meanwhile. Rejects when either failed: the host cannot serve the app then.
   */
  core: Promise<Core>
  close(): Promise<void>
}

/** Resolves once the host listens; its core starts then (see RunningHost.core). */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const staticFile = loadStaticFiles(options.rendererDir)
  const index = staticFile('/index.html')
  if (!index) throw new Error(`no index.html in ${options.rendererDir}: build the renderer first`)
  const indexHtml = injectBridgeScript(index.body.toString('utf8'))
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS
  // Node looks for late headers only every connectionsCheckingInterval (30 s unless told).
  const server = createServer({ headersTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout / 2) })
  // A port in use rejects here (the caller says so in words) rather than throwing from an event.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const door: Door = { port: (server.address() as AddressInfo).port, token }
  const origin = `http://127.0.0.1:${door.port}`
  const tokenHelp = tokenHelpPage(origin, options.tokenFile)
  markStartup('host:listening')

  const bridgeScript = bundleBridgeScript()
  // Loaded here, not imported above: ws and the core are most of what the host loads before it can listen.
  const sockets = import('ws').then(
    ({ WebSocketServer }) => new WebSocketServer({ noServer: true, maxPayload: BRIDGE_MAX_MESSAGE_BYTES }),
  )
  const outboxes = new Map<WebSocket, PageOutbox>()
  const broadcast = (channel: EventChannel | 'notify', message: HostToPage) => {
    const text = JSON.stringify(message)
    for (const outbox of outboxes.values()) outbox.sendEvent(channel, text)
  }
  const coreUp = options.createCore(origin, {
    // The page shows it with the browser's Notification API (see browser/bridge.ts).
    notifier: { notify: ({ title, body, matchId }) => broadcast('notify', { notify: { title, body, matchId } }) },
    exporter: downloadExporter,
    windows: { openMatch: (matchId) => ({ url: `/#/match/${matchId}` }) },
    folders: options.folders ?? systemFolderOpener,
  })
  const core = Promise.all([coreUp, bridgeScript, sockets]).then(([up]) => up)
  // A failed start is the caller's to report (RunningHost.core); requests waiting on it just end.
  core.catch(() => undefined)
  /** Counted through the core's fault door once the core is up (a refusal may come before). */
  const report = (fault: Fault) =>
    void core.then(
      (up) => up.faults.report(fault),
      () => undefined,
    )
  let removeSink = () => {}
  core.then(
    (up) => (removeSink = up.router.addSink((channel, payload) => broadcast(channel, { event: channel, payload }))),
    () => undefined,
  )

  /** Counts a refusal as refused input; the words never hold the token (nor the raw target). */
  const countRefusal = (what: string, reason: string) =>
    report({ process: 'host', kind: 'refused:host-door', message: `${what} refused: ${reason}` })

  /** Null to let the request in, or why not, counted. */
  const refused = (request: IncomingMessage, kind: 'http' | 'websocket'): string | null => {
    const reason = refusal(request, door, kind)
    if (reason === null) return null
    countRefusal(`${kind} ${requestUrl(request)?.pathname ?? '(malformed target)'}`, reason)
    return reason
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // Only a page script that could not be built or a core that did not start end up here.
    serve(request, response).catch(() => (response.headersSent ? response.end() : response.writeHead(503).end()))
  })

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value)
    const reason = refused(request, 'http')
    if (reason === TOKEN_REFUSAL) return send(response, 403, 'text/html; charset=utf-8', tokenHelp, 'no-store')
    if (reason !== null) return forbid(response)
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      countRefusal(`http ${clip(request.method ?? '')}`, 'not a method of this server')
      response.writeHead(405, { Allow: 'GET, HEAD', Connection: 'close' }).end()
      return
    }
    const url = requestUrl(request) ?? new URL('/', origin) // admitted: never null
    if (hasTokenInQuery(request, door)) {
      response.setHeader('Set-Cookie', `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`)
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      markStartup('host:page-served')
      return send(response, 200, 'text/html; charset=utf-8', indexHtml, 'no-store')
    }
    if (url.pathname === BRIDGE_SCRIPT_PATH)
      return send(response, 200, 'text/javascript; charset=utf-8', await bridgeScript)
    if (url.pathname.startsWith(TEAM_IMAGE_PATH))
      return serveTeamImage(response, url.pathname.slice(TEAM_IMAGE_PATH.length))
    const file = staticFile(url.pathname)
    if (!file) return send(response, 404, 'text/plain; charset=utf-8', 'not found')
    return send(response, 200, file.type, file.body)
  }

  /** Cached team image by hash; the image cache refuses any hash outside the strict pattern. */
  async function serveTeamImage(response: ServerResponse, hash: string): Promise<void> {
    const image = await (await core).images.get(hash).catch(() => null)
    send(response, 200, 'image/png', Buffer.from(image?.bytes ?? PLACEHOLDER_PNG), 'max-age=86400')
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (refused(request, 'websocket') !== null) return refuseSocket(socket, 403)
    if (requestUrl(request)?.pathname !== BRIDGE_SOCKET_PATH) {
      countRefusal(`websocket ${requestUrl(request)?.pathname}`, 'not the bridge socket')
      return refuseSocket(socket, 403)
    }
    // The socket opens as soon as ws is loaded; its requests wait for the core (answer below).
    void sockets.then(
      (wss) => wss.handleUpgrade(request, socket, head, (ws) => serveBridge(ws, origin)),
      () => socket.destroy(),
    )
  })
  // A proxy's method: no listener would leave the socket unanswered.
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    countRefusal('http CONNECT', 'not a method of this server')
    refuseSocket(socket, 405)
  })
  // What Node's parser could not read (a malformed request line or header, headers too large):
  // answered and closed like any refusal; a peer that went away is just let go.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
    countRefusal('http (unreadable request)', clip(error.code ?? error.message))
    refuseSocket(socket, CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400)
  })

  function serveBridge(ws: WebSocket, senderUrl: string): void {
    const outbox = new PageOutbox(ws, options.outboxLimits ?? DEFAULT_OUTBOX_LIMITS, (kind, message) =>
      report({ process: 'host', kind, message }),
    )
    outboxes.set(ws, outbox)
    ws.on('close', () => outboxes.delete(ws))
    // At most a few requests are worked on at once: a page sending board:get in a loop would
    // otherwise have thousands of whole boards built side by side (their awaits interleave). The
    // rest wait as text, and the socket is not read meanwhile, so the page's own sends back up
    // instead of the host's memory (what ws had already read is at most a socket read's worth).
    const waiting: string[] = []
    let working = 0
    const work = () => {
      while (working < MAX_REQUESTS_AT_ONCE && waiting.length > 0) {
        working++
        void answer(outbox, waiting.shift() ?? '', senderUrl)
          .catch(() => undefined)
          .finally(() => {
            working--
            work()
          })
      }
      if (waiting.length === 0 && ws.isPaused) ws.resume()
    }
    ws.on('message', (data) => {
      waiting.push(String(data))
      if (working >= MAX_REQUESTS_AT_ONCE) ws.pause()
      work()
    })
    // A frame ws refuses (over the size cap, invalid UTF-8, a broken frame): it closes the socket
    // itself; without a listener the error would be thrown out of the socket's read.
    ws.on('error', (error) =>
      report({ process: 'host', kind: 'refused:bridge', message: `bridge socket closed: ${error.message}` }),
    )
  }

  async function answer(outbox: PageOutbox, text: string, senderUrl: string): Promise<void> {
    const { faults, router, focusMatch } = await core
    const parsed = parseJsonSafely(text)
    const refuse = (detail: string) =>
      faults.report({ process: 'host', kind: 'refused:bridge', message: `bridge message refused: ${detail}` })
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) {
      // Not a request of ours: nothing to answer to, but counted.
      refuse(parsed.ok ? 'not an object' : parsed.detail)
      return
    }
    const request = parsed.value as PageToHost
    if ('notificationClicked' in request) {
      const matchId = request.notificationClicked?.matchId
      if (Number.isInteger(matchId)) focusMatch(matchId)
      else refuse('a notification click without a match id')
      return
    }
    // Without a numeric id there is no one to answer to, but it is still a refusal, counted.
    if (typeof request.id !== 'number' || typeof request.channel !== 'string') {
      refuse('not a request (a numeric id and a channel name)')
      return
    }
    await outbox.answer(request.id, () => router.dispatch(request.channel, request.input, { url: senderUrl }))
  }

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    core,
    async close() {
      const up = await core.catch(() => null)
      removeSink()
      for (const client of outboxes.keys()) client.terminate()
      ;(await sockets.catch(() => null))?.close()
      await up?.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer, cache = 'no-cache'): void {
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': cache }).end(body)
}

function forbid(response: ServerResponse): void {
  response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('forbidden')
}

/** Statuses for what Node's parser refuses; anything else it cannot read is a 400. */
const CLIENT_ERROR_STATUS: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
}

/**
 * A refusal on a socket no HTTP response object owns (an upgrade, CONNECT, an unreadable request):
 * the status line with the security headers, then the socket is closed, whether or not the peer
 * closes its side (the server allows half-open sockets).
 */
function refuseSocket(socket: Duplex, status: number): void {
  const headers = Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`)
  socket.on('error', () => socket.destroy())
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.join('')}Content-Length: 0\r\nConnection: close\r\n\r\n`,
    () => socket.destroy(),
  )
}

/**
 * The page script goes first, so `window.oddsMonitor` exists before the renderer's module runs:
 * deferred scripts and module scripts run in document order once the page is parsed. Deferred, it
 * no longer holds up the parser, so the renderer's script and chunks are fetched beside it.
 */
function injectBridgeScript(html: string): string {
  return html.replace('<head>', `<head>\n    <script defer src="${BRIDGE_SCRIPT_PATH}"></script>`)
}

async function bundleBridgeScript(): Promise<string> {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'browser/bridge.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: true,
    // While the host's own coverage is collected (e2e/coverage.ts), the page script carries its
    // source map so the page's half of the host is measured against browser/bridge.ts too.
    sourcemap: process.env['NODE_V8_COVERAGE'] ? 'inline' : false,
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no bridge script')
  return output.text
}
