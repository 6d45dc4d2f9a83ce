/**
 * What `npm run bench -- hostile-probes` sends at the browser host's door (issue 25.5), and what
 * each must get: a missing, wrong or misplaced token, a foreign Origin or Host, a `same-site` or
 * `cross-site` fetch with the cookie, two Host headers, WebSocket versions other than 13, CONNECT
 * and other methods, and path traversal forms with the cookie. A refusal is 403 (405 for a method);
 * a traversal form may be answered any way but with a file outside the built renderer. No answer
 * may carry the token (nor a file's content it must not serve).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { hostTokenFile } from '../src/host/host-token'
import { BRIDGE_SCRIPT_PATH } from '../src/host/protocol'
import { TEAM_IMAGE_PATH } from '../src/shared/team-images'
import { bridgeHandshake, forgedGet, rawRequest, rawUpgrade } from '../src/test-support/raw-http'

export interface DoorTarget {
  port: number
  origin: string
  token: string
  dataDir: string
}

export interface DoorAnswer {
  /** The HTTP status; 101 when a WebSocket opened, -1 when the host sent no status line. */
  status: number
  /** The body held the token or a file the host must not serve. */
  leaked: boolean
  /** False when a socket written by hand was still open when the wait ran out. */
  closed: boolean
}

export interface DoorCase {
  group: string
  name: string
  send(): Promise<DoorAnswer>
  /** Whether the answer is what the issue expects of it. */
  holds(answer: DoorAnswer): boolean
}

/** How long a socket written by hand is given for the host to answer and close it. */
const RAW_WAIT_MS = 5_000
/** Enough `..` steps to reach `/` from any folder the renderer is served from. */
const UP_STEPS = 12
/** One step up, the ways a server may be tricked into decoding it (encoded, doubled, overlong, Windows). */
const UP_FORMS = [
  '../',
  '..%2f',
  '..%2F',
  '%2e%2e/',
  '%2e%2e%2f',
  '%2E%2E%2F',
  '..%5c',
  '..\\',
  '%252e%252e%252f',
  '.%2e/',
  '%2e./',
  '%c0%ae%c0%ae/',
  '..%c0%af',
  '..;/',
  '....//',
  '..%00/',
  '%uff0e%uff0e/',
  '..%ef%bc%8f',
  '..%u2215',
]
const ROUTES = ['/', '/index.html', BRIDGE_SCRIPT_PATH, `${TEAM_IMAGE_PATH}abc`, '/assets/x.js', '/favicon.ico']

const refusedWith =
  (...statuses: number[]) =>
  (answer: DoorAnswer) =>
    statuses.includes(answer.status) && answer.closed && !answer.leaked

export function doorCases(target: DoorTarget): DoorCase[] {
  const { port, origin, token } = target
  const own = { Host: `127.0.0.1:${port}`, Origin: origin }
  const cookie = { ...own, Cookie: `om_token=${token}` }
  const secrets = [token, ...fileSentinels()]
  const leaked = (body: string) => secrets.some((secret) => body.includes(secret))
  const get = (path: string, headers: Record<string, string>) => async (): Promise<DoorAnswer> => {
    const answer = await forgedGet(port, path, headers)
    return { status: answer.status, leaked: leaked(answer.body), closed: true }
  }
  const raw = (text: string) => async (): Promise<DoorAnswer> => {
    const answer = await rawRequest(port, text, RAW_WAIT_MS)
    return { status: Number(answer.statusLine.split(' ')[1] ?? -1) || -1, leaked: false, closed: answer.closedByHost }
  }
  const handshake = (query: string, headers: Record<string, string>) => async (): Promise<DoorAnswer> => ({
    status: await bridgeHandshake(port, query, headers),
    leaked: false,
    closed: true,
  })
  const cases: DoorCase[] = []
  const add = (group: string, name: string, send: () => Promise<DoorAnswer>, holds = refusedWith(403)) =>
    cases.push({ group, name, send, holds })

  for (const route of ROUTES) {
    add('no-token', route, get(route, own))
    for (const [name, wrong] of wrongTokens(token))
      add('wrong-token', `${route} ${name}`, get(`${route}?token=${wrong}`, own))
    for (const [name, path, headers] of misplacedTokens(route, token, own))
      add('misplaced-token', `${route} ${name}`, get(path, headers))
  }
  add('no-token', 'bridge socket', handshake('', own))
  add('wrong-token', 'bridge socket', handshake('?token=wrong', own))
  add('misplaced-token', 'bridge socket, Authorization', handshake('', { ...own, Authorization: `Bearer ${token}` }))

  const foreignOrigins = ['http://evil.example', 'null', `https://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`]
  for (const foreign of [...foreignOrigins, `http://localhost.evil.example:${port}`]) {
    add('foreign-origin', foreign, get(`/?token=${token}`, { ...own, Origin: foreign }))
  }
  for (const foreign of foreignOrigins)
    add('foreign-origin', `bridge socket ${foreign}`, handshake(`?token=${token}`, { ...own, Origin: foreign }))
  add('foreign-origin', 'bridge socket, no Origin', handshake(`?token=${token}`, { Host: own.Host }))

  for (const host of [
    'evil.example',
    `evil.example:${port}`,
    '127.0.0.1:1',
    `localhost:${port + 1}`,
    `127.0.0.1.nip.io:${port}`,
  ]) {
    add('foreign-host', host, get(`/?token=${token}`, { ...own, Host: host }))
  }
  add('foreign-host', 'bridge socket', handshake(`?token=${token}`, { ...own, Host: `evil.example:${port}` }))

  for (const site of ['same-site', 'cross-site']) {
    const { Origin: _origin, ...noOrigin } = cookie
    for (const path of [BRIDGE_SCRIPT_PATH, `${TEAM_IMAGE_PATH}abc`, '/']) {
      add('same-site', `${site} ${path}`, get(path, { ...noOrigin, 'Sec-Fetch-Site': site }))
    }
  }

  const first = `GET /?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`
  add('two-hosts', 'own, then foreign', raw(`${first}Host: evil.example\r\nConnection: close\r\n\r\n`))
  add('two-hosts', 'own twice', raw(`${first}Host: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`))
  add(
    'two-hosts',
    'foreign, then own',
    raw(`GET /?token=${token} HTTP/1.1\r\nHost: evil.example\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
  )

  for (const version of ['8', '7', '12', '14', '']) {
    add(
      'websocket-version',
      `version "${version}"`,
      raw(rawUpgrade(port, origin, `/__host/bridge?token=${token}`, version)),
    )
  }
  add('websocket-path', 'not the bridge socket', raw(rawUpgrade(port, origin, `/index.html?token=${token}`)))

  for (const authority of [`127.0.0.1:${port}`, 'evil.example:443']) {
    add('connect', authority, raw(`CONNECT ${authority} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`), refusedWith(405))
  }
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH']) {
    const text = `${method} /?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\n\r\n`
    add('method', method, raw(text), refusedWith(405))
  }

  for (const path of traversalPaths(target)) {
    // With the cookie: the door lets it in, and the static files must not serve it.
    add('traversal', path, get(path, cookie), (answer) => answer.status > 0 && !answer.leaked)
  }
  return cases
}

function wrongTokens(token: string): Array<[string, string]> {
  return [
    ['wrong', 'wrong'],
    ['one short', token.slice(0, -1)],
    ['one more', `${token}x`],
    ['other case', token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase()],
  ]
}

/** The token somewhere the door must not look for it. */
function misplacedTokens(
  route: string,
  token: string,
  own: Record<string, string>,
): Array<[string, string, Record<string, string>]> {
  return [
    ['Authorization header', route, { ...own, Authorization: `Bearer ${token}` }],
    ['X-Token header', route, { ...own, 'X-Token': token }],
    ['Referer', route, { ...own, Referer: `${own.Origin}/?token=${token}` }],
    ['cookie of another name', route, { ...own, Cookie: `token=${token}` }],
    ['in the path', `${route}${token}`, own],
    ['Token= (case)', `${route}?Token=${token}`, own],
    ['after a wrong one', `${route}?token=wrong&token=${token}`, own],
    ['in the fragment', `${route}#token=${token}`, own],
  ]
}

/** Files outside the built renderer, each reached by every way of stepping up, with and without a folder first. */
function traversalPaths(target: DoorTarget): string[] {
  const outside = ['/etc/passwd', resolve('package.json'), hostTokenFile(target.dataDir)].map((file) => file.slice(1))
  const paths = UP_FORMS.flatMap((up) => outside.map((file) => `/${up.repeat(UP_STEPS)}${file}`))
  paths.push(
    ...UP_FORMS.slice(0, 6).map((up) => `/assets/${up.repeat(UP_STEPS)}${outside[1]}`),
    `/index.html%00/${'../'.repeat(UP_STEPS)}etc/passwd`,
    `/${'.%00./'.repeat(UP_STEPS)}etc/passwd`,
    '/..',
    '/%2e%2e',
  )
  return paths
}

/** A line of each file a traversal must not reach, to find in an answer. */
function fileSentinels(): string[] {
  const firstLine = (file: string, line = 0) => {
    try {
      return readFileSync(file, 'utf8').split('\n')[line]?.trim() ?? ''
    } catch {
      return ''
    }
  }
  return [firstLine('/etc/passwd'), firstLine(resolve('package.json'), 1)].filter((line) => line.length > 4)
}
