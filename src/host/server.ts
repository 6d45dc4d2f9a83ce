/**
 * The headless host: the same core as the Electron app, served to a browser. It serves the built
 * renderer on 127.0.0.1 and carries the bridge contract over a WebSocket. Every HTTP and WebSocket
 * request goes through the door (door.ts: the per-run token, a loopback Host, our own Origin);
 * anything else is answered 403 and counted. Every answer carries the security headers.
 * It listens before its core is up: the page and its script are served at once, and what needs
 * the core (bridge calls, team images, the count of a refusal) waits for it.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
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
import { hasTokenInQuery, refusal, SECURITY_HEADERS, TOKEN_COOKIE, TOKEN_REFUSAL, type Door } from './door'
import { systemFolderOpener } from './open-folder'
import { loadStaticFiles } from './static-files'
import { tokenHelpPage } from './token-help'

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
  const server = createServer()
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
    ({ WebSocketServer }) => new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 }),
  )
  let clients: ReadonlySet<WebSocket> = new Set()
  sockets.then(
    (wss) => (clients = wss.clients),
    () => undefined,
  )
  const broadcast = (message: HostToPage) => {
    const text = JSON.stringify(message)
    for (const client of clients) if (client.readyState === client.OPEN) client.send(text)
  }
  const coreUp = options.createCore(origin, {
    // The page shows it with the browser's Notification API (see browser/bridge.ts).
    notifier: { notify: ({ title, body, matchId }) => broadcast({ notify: { title, body, matchId } }) },
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
    (up) => (removeSink = up.router.addSink((channel, payload) => broadcast({ event: channel, payload }))),
    () => undefined,
  )

  /** Null to let the request in, or why not, reported (counted as refused input; the words never hold the token). */
  const refused = (request: IncomingMessage, kind: 'http' | 'websocket'): string | null => {
    const reason = refusal(request, door, kind)
    if (reason === null) return null
    const path = new URL(request.url ?? '/', origin).pathname
    report({ process: 'host', kind: 'refused:host-door', message: `${kind} ${path} refused: ${reason}` })
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
    const url = new URL(request.url ?? '/', origin)
    if (hasTokenInQuery(request, door)) {
      response.setHeader('Set-Cookie', `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`)
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end()
      return
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

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', origin)
    if (url.pathname !== BRIDGE_SOCKET_PATH || refused(request, 'websocket') !== null) {
      const headers = Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`)
      socket.end(`HTTP/1.1 403 Forbidden\r\n${headers.join('')}Connection: close\r\n\r\n`)
      return
    }
    // The socket opens as soon as ws is loaded; its requests wait for the core (answer below).
    void sockets.then(
      (wss) => wss.handleUpgrade(request, socket, head, (ws) => serveBridge(ws, origin)),
      () => socket.destroy(),
    )
  })

  function serveBridge(ws: WebSocket, senderUrl: string): void {
    ws.on('message', (data) => {
      void answer(ws, String(data), senderUrl).catch(() => undefined)
    })
  }

  async function answer(ws: WebSocket, text: string, senderUrl: string): Promise<void> {
    const { faults, router, focusMatch } = await core
    const parsed = parseJsonSafely(text)
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) {
      // Not a request of ours: nothing to answer to, but counted.
      const detail = parsed.ok ? 'not an object' : parsed.detail
      faults.report({ process: 'host', kind: 'refused:bridge', message: `bridge message refused: ${detail}` })
      return
    }
    const request = parsed.value as PageToHost
    if ('notificationClicked' in request) {
      const matchId = request.notificationClicked?.matchId
      if (Number.isInteger(matchId)) focusMatch(matchId)
      return
    }
    if (typeof request?.id !== 'number' || typeof request.channel !== 'string') return
    const result = await router.dispatch(request.channel, request.input, { url: senderUrl })
    sendToPage(ws, { id: request.id, result })
  }

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    core,
    async close() {
      const up = await core.catch(() => null)
      removeSink()
      for (const client of clients) client.terminate()
      ;(await sockets.catch(() => null))?.close()
      await up?.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function sendToPage(ws: WebSocket, message: HostToPage): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer, cache = 'no-cache'): void {
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': cache }).end(body)
}

function forbid(response: ServerResponse): void {
  response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('forbidden')
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
