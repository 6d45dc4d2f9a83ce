/**
 * The browser host's door over real sockets: raw HTTP requests and WebSocket handshakes with
 * forged Host and Origin headers (DNS rebinding, cross-site WebSocket hijacking), a missing or
 * wrong token, the security headers on every answer, and the token never in the host's log. The
 * real host runs as a child process; needs the built renderer (`npx electron-vite build`).
 */
import { existsSync, readdirSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchHost, type HostProcess } from '../../e2e/host'
import type { AppHealth } from '../shared/health'
import {
  bridgeHandshake,
  forgedGet,
  MALFORMED_HTTP_REQUESTS,
  MALFORMED_UPGRADE_TARGETS,
  rawRequest,
  rawUpgrade,
} from '../test-support/raw-http'
import { connectBridge } from './test-bridge-client'

let host: HostProcess
let port: number
beforeAll(async () => {
  host = await launchHost()
  port = Number(new URL(host.origin).port)
})
afterAll(() => host.stop())

const get = (path: string, headers: Record<string, string>) => forgedGet(port, path, headers)
const handshake = (query: string, headers: Record<string, string>) => bridgeHandshake(port, query, headers)
/** The status line of raw bytes, once the host closed the socket (see rawRequest). */
const raw = async (text: string) => (await rawRequest(port, text)).statusLine
const upgrade = (target: string, version = '13') => rawUpgrade(port, host.origin, target, version)

async function health(): Promise<AppHealth> {
  const bridge = await connectBridge(host.origin, host.token)
  try {
    return await bridge.invoke<AppHealth>('feed:health')
  } finally {
    bridge.close()
  }
}

const crashFiles = () => {
  const dir = join(host.dataDir, 'crashes')
  return existsSync(dir) ? readdirSync(dir) : []
}

const own = () => ({ Host: `127.0.0.1:${port}`, Origin: host.origin })
const tokenQuery = () => `?token=${host.token}`

function expectSecurityHeaders(headers: IncomingHttpHeaders): void {
  expect(headers['content-security-policy']).toContain("script-src 'self'")
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('no-referrer')
}

describe('the browser host door (HTTP)', () => {
  it('lets in the token with a loopback Host at its port, and sends the security headers', async () => {
    for (const name of ['127.0.0.1', 'localhost']) {
      const answer = await get(`/${tokenQuery()}`, { Host: `${name}:${port}` })
      expect(answer.status).toBe(200)
      expectSecurityHeaders(answer.headers)
    }
    const cookie = `om_token=${host.token}`
    expect((await get('/index.html', { Host: `127.0.0.1:${port}`, Cookie: cookie, Origin: host.origin })).status).toBe(
      200,
    )
  })

  it.each([
    ['a rebound DNS name', { Host: 'evil.example' }],
    ['a rebound DNS name at our port', { Host: 'evil.example:PORT' }],
    ['loopback at another port', { Host: '127.0.0.1:1' }],
    ['a foreign Origin', { Host: '127.0.0.1:PORT', Origin: 'http://evil.example' }],
    ['an opaque Origin', { Host: '127.0.0.1:PORT', Origin: 'null' }],
    ['our host name over https', { Host: '127.0.0.1:PORT', Origin: 'https://127.0.0.1:PORT' }],
  ])('refuses %s, even with the right token, and still sends the security headers', async (_name, forged) => {
    const headers = Object.fromEntries(Object.entries(forged).map(([k, v]) => [k, v.replace('PORT', String(port))]))
    const answer = await get(`/${tokenQuery()}`, headers)
    expect(answer.status).toBe(403)
    expectSecurityHeaders(answer.headers)
  })

  it('refuses a missing or wrong token on every route', async () => {
    for (const path of ['/', '/index.html', '/__host/bridge.js', '/team-image/abc', '/assets/x.js', '/?token=wrong']) {
      const answer = await get(path, own())
      expect(answer.status, path).toBe(403)
      expectSecurityHeaders(answer.headers)
    }
  })

  it('sends the security headers on a 404 too', async () => {
    const answer = await get(`/no-such-file.js${tokenQuery()}`, own())
    expect(answer.status).toBe(404)
    expectSecurityHeaders(answer.headers)
  })
})

describe('the browser host door (bridge WebSocket)', () => {
  it('opens with the token, our Origin and a loopback Host', async () => {
    expect(await handshake(tokenQuery(), own())).toBe(101)
    expect(await handshake('', { ...own(), Cookie: `om_token=${host.token}` })).toBe(101)
  })

  it.each([
    ['no token', '', own],
    ['a wrong token', '?token=wrong', own],
    [
      'another site’s Origin (cross-site WebSocket hijacking)',
      'TOKEN',
      () => ({ ...own(), Origin: 'http://evil.example' }),
    ],
    ['no Origin', 'TOKEN', () => ({ Host: `127.0.0.1:${port}` })],
    ['a rebound DNS name as Host', 'TOKEN', () => ({ ...own(), Host: `evil.example:${port}` })],
  ])('refuses %s', async (_name, query, headers) => {
    expect(await handshake(query === 'TOKEN' ? tokenQuery() : query, headers())).toBe(403)
  })
})

describe('the browser host door (counting and logging)', () => {
  it('counts refusals as refused input and never writes the token to its log', async () => {
    await get(`/${tokenQuery()}`, { Host: `evil.example:${port}` })
    await handshake(tokenQuery(), { ...own(), Origin: 'http://evil.example' })
    const bridge = await connectBridge(host.origin, host.token)
    try {
      const health = await bridge.invoke<AppHealth>('feed:health')
      expect(health.faults.byKind['refused:host-door']).toBeGreaterThanOrEqual(2)
      expect(health.faults.recent.map((f) => f.message)).toContainEqual(
        expect.stringContaining('refused: foreign Host header "evil.example'),
      )
      expect(JSON.stringify(health)).not.toContain(host.token)
    } finally {
      bridge.close()
    }
    expect(host.stderr()).toContain('refused:host-door')
    expect(host.stderr()).not.toContain(host.token)
  })
})

describe('the browser host door (what it cannot read)', () => {
  it('answers malformed upgrades and requests with a refusal and closes them: no crash, each counted', async () => {
    const before = (await health()).faults.byKind['refused:host-door'] ?? 0
    const targets = MALFORMED_UPGRADE_TARGETS
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => raw(upgrade(`${targets[i % targets.length]}?token=${host.token}`))),
    )
    expect(new Set(answers)).toEqual(new Set(['HTTP/1.1 403 Forbidden']))
    const malformed = MALFORMED_HTTP_REQUESTS
    const refused = await Promise.all(malformed.map(({ text }) => raw(text)))
    expect(refused).toEqual(malformed.map(({ status }) => status))
    const after = await health()
    expect(after.faults.byKind['uncaught-exception']).toBeUndefined()
    expect(after.faults.byKind['refused:host-door']).toBe(before + 300 + malformed.length)
    expect(crashFiles()).toEqual([])
  })

  it('counts 500 refused requests but logs them in a line or two, not one each', async () => {
    const lines = () =>
      host
        .stderr()
        .split('\n')
        .filter((line) => line.includes('refused:host-door')).length
    const before = { lines: lines(), count: (await health()).faults.byKind['refused:host-door'] ?? 0 }
    for (let i = 0; i < 10; i++) await Promise.all(Array.from({ length: 50 }, () => get('/', own())))
    expect((await health()).faults.byKind['refused:host-door']).toBe(before.count + 500)
    expect(lines() - before.lines).toBeLessThanOrEqual(1)
  })
})

describe('the browser host door (same origin only)', () => {
  const withCookie = () => ({ ...own(), Cookie: `om_token=${host.token}` })

  it('serves its resources to its own page and the address bar, with Cross-Origin-Resource-Policy', async () => {
    for (const site of ['same-origin', 'none']) {
      const answer = await get('/__host/bridge.js', { ...withCookie(), 'Sec-Fetch-Site': site })
      expect(answer.status, site).toBe(200)
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin')
    }
  })

  it.each(['same-site', 'cross-site'])('refuses a %s request, even with the cookie', async (site) => {
    for (const path of ['/__host/bridge.js', '/team-image/abc', '/']) {
      const { Origin: _origin, ...noOrigin } = withCookie()
      const answer = await get(path, { ...noOrigin, 'Sec-Fetch-Site': site })
      expect(answer.status, path).toBe(403)
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin')
    }
  })

  it('refuses two Host headers', async () => {
    const first = `GET /?token=${host.token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`
    expect(await raw(`${first}Host: evil.example\r\nConnection: close\r\n\r\n`)).toBe('HTTP/1.1 403 Forbidden')
    expect(await raw(`${first}Connection: close\r\n\r\n`)).toBe('HTTP/1.1 200 OK')
  })

  it('refuses a WebSocket of another protocol version than 13', async () => {
    expect(await raw(upgrade(`/__host/bridge${tokenQuery()}`, '8'))).toBe('HTTP/1.1 403 Forbidden')
  })

  it('answers CONNECT and other methods with a refusal and closes', async () => {
    expect(await raw(`CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)).toBe(
      'HTTP/1.1 405 Method Not Allowed',
    )
    for (const method of ['OPTIONS', 'TRACE', 'DELETE', 'POST']) {
      const request = `${method} /?token=${host.token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\n\r\n`
      expect(await raw(request), method).toBe('HTTP/1.1 405 Method Not Allowed')
    }
  })
})
