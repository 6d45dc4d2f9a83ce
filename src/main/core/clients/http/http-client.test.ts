import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { waitUntil } from '../../../../test-support/wait'
import type { HttpClientOptions } from './http-client'
import { testHttp } from './test-support'

const KEY = 'sk-test-7f3a9c1e'

interface Hit {
  method: string
  path: string
  authorization: string | undefined
  marketplaceKey: string | undefined
  marketplaceHost: string | undefined
  body: string
  at: number
}

/** A loopback server whose answers the test scripts, recording every request it receives. */
async function scriptedServer(answer: (hit: Hit, index: number, res: ServerResponse) => void) {
  const hits: Hit[] = []
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const hit = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        marketplaceKey: req.headers['x-rapidapi-key'] as string | undefined,
        marketplaceHost: req.headers['x-rapidapi-host'] as string | undefined,
        body,
        at: performance.now(),
      }
      hits.push(hit)
      answer(hit, hits.length - 1, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  servers.push(server)
  return { hits, url: (path: string) => new URL(`http://127.0.0.1:${port}${path}`) }
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

function client(options: Partial<HttpClientOptions> = {}, key: string | null = KEY) {
  return testHttp('data-service', key, options)
}

const sportRequest = (url: URL, sport = 'badminton') => ({ url, scope: sport, subject: 'this sport' })

describe('HttpClient', () => {
  it('sends the Bearer key and answers parsed JSON', async () => {
    const server = await scriptedServer((_hit, _i, res) => json(res, 200, [{ id: 1 }]))
    const { http } = client()
    const result = await http.send(sportRequest(server.url('/data/badminton/classes?limit=1')))
    expect(result).toEqual({ ok: true, value: [{ id: 1 }] })
    expect(server.hits[0]?.authorization).toBe(`Bearer ${KEY}`)
    expect(http.gate.state().status).toBe('ok')
  })

  it('sends a marketplace key as X-RapidAPI-Key with the host the request names (else its own), no Bearer', async () => {
    const server = await scriptedServer((_hit, _i, res) => json(res, 200, []))
    const { http } = client({ keyStyle: () => 'marketplace' })
    const url = server.url('/data/hockey/classes')
    await http.send({ ...sportRequest(url, 'hockey'), marketplaceHost: 'hockey-devs.p.rapidapi.com' })
    await http.send(sportRequest(url))
    expect(
      server.hits.map(({ authorization, marketplaceKey, marketplaceHost }) => [
        authorization,
        marketplaceKey,
        marketplaceHost,
      ]),
    ).toEqual([
      [undefined, KEY, 'hockey-devs.p.rapidapi.com'],
      [undefined, KEY, url.host],
    ])
  })

  it('a key rejected in one style is tried again once the style changes', async () => {
    const server = await scriptedServer((hit, _i, res) =>
      hit.marketplaceKey === KEY ? json(res, 200, []) : json(res, 401, { message: 'bad key' }),
    )
    let style: 'bearer' | 'marketplace' = 'bearer'
    const { http } = client({ keyStyle: () => style })
    expect((await http.send(sportRequest(server.url('/x')))).ok).toBe(false)
    expect((await http.send(sportRequest(server.url('/x')))).ok).toBe(false)
    expect(server.hits).toHaveLength(1)
    style = 'marketplace'
    expect(await http.send(sportRequest(server.url('/x')))).toEqual({ ok: true, value: [] })
    expect(server.hits).toHaveLength(2)
  })

  it('401: key rejected, no retry, later calls fail fast until the key changes', async () => {
    const server = await scriptedServer((hit, _i, res) =>
      hit.authorization === 'Bearer new-key' ? json(res, 200, []) : json(res, 401, { message: 'bad key' }),
    )
    const { http, key, states } = client()
    const first = await http.send(sportRequest(server.url('/x')))
    expect(first).toEqual({ ok: false, error: { kind: 'key_rejected', status: 401, message: 'key rejected' } })
    const second = await http.send(sportRequest(server.url('/x')))
    expect(second.ok).toBe(false)
    expect(server.hits).toHaveLength(1)
    expect(states.at(-1)?.status).toBe('key_rejected')

    key.value = 'new-key'
    expect((await http.send(sportRequest(server.url('/x')))).ok).toBe(true)
    expect(server.hits).toHaveLength(2)
    expect(http.gate.state().status).toBe('ok')
  })

  it('403: no access to that sport only; other sports still go out', async () => {
    const server = await scriptedServer((hit, _i, res) =>
      hit.path.includes('hockey') ? json(res, 403, {}) : json(res, 200, []),
    )
    const { http } = client()
    const refused = await http.send(sportRequest(server.url('/hockey/x'), 'hockey'))
    expect(refused).toEqual({
      ok: false,
      error: { kind: 'no_access', status: 403, message: 'no access to this sport' },
    })
    expect((await http.send(sportRequest(server.url('/hockey/x'), 'hockey'))).ok).toBe(false)
    expect((await http.send(sportRequest(server.url('/badminton/x')))).ok).toBe(true)
    expect(server.hits.map((h) => h.path)).toEqual(['/hockey/x', '/badminton/x'])
    expect(http.gate.state().noAccess).toEqual(['hockey'])
  })

  it('404: not available for this sport, without retry', async () => {
    const server = await scriptedServer((_hit, _i, res) => json(res, 404, {}))
    const { http } = client()
    expect(await http.send(sportRequest(server.url('/nope')))).toEqual({
      ok: false,
      error: { kind: 'not_available', status: 404, message: 'not available for this sport' },
    })
    expect(server.hits).toHaveLength(1)
  })

  it('429: waits at least Retry-After before the retry, then succeeds', async () => {
    const server = await scriptedServer((_hit, i, res) =>
      i === 0 ? json(res, 429, {}, { 'retry-after': '1' }) : json(res, 200, ['done']),
    )
    const { http, states } = client()
    const result = await http.send(sportRequest(server.url('/x')))
    expect(result).toEqual({ ok: true, value: ['done'] })
    const [first, second] = server.hits
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000)
    expect(states.map((s) => s.status)).toEqual(['idle', 'backing_off', 'ok'])
  })

  it('429 with a long Retry-After: rate_limited at once, and the gate holds other callers', async () => {
    const server = await scriptedServer((_hit, _i, res) => json(res, 429, {}, { 'retry-after': '120' }))
    const { http } = client({ retry: { maxRetryAfterMs: 1000 } })
    const result = await http.send(sportRequest(server.url('/x')))
    expect(result).toEqual({
      ok: false,
      error: { kind: 'rate_limited', status: 429, message: 'rate limited by the data service; retrying in 120 s' },
    })
    expect(http.gate.state().status).toBe('backing_off')
    expect(http.gate.waitMs()).toBeGreaterThan(100_000)
    // A second caller fails fast instead of hitting the limit again or hanging for two minutes.
    expect(await http.send(sportRequest(server.url('/x')))).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited' },
    })
    expect(server.hits).toHaveLength(1)
  })

  it('Retry-After: 3600 imposes at most five minutes, says so, and the next call after them asks again', async () => {
    const server = await scriptedServer((_hit, i, res) =>
      i === 0 ? json(res, 429, {}, { 'retry-after': '3600' }) : json(res, 200, ['back']),
    )
    let now = 1_000_000
    const { http } = client({ now: () => now })
    const limited = await http.send(sportRequest(server.url('/x')))
    expect(limited).toEqual({
      ok: false,
      error: { kind: 'rate_limited', status: 429, message: 'rate limited by the data service; retrying in 300 s' },
    })
    expect(http.gate.state()).toMatchObject({ status: 'backing_off', retryAt: 1_000_000 + 300_000 })
    now += 300_000
    expect(await http.send(sportRequest(server.url('/x')))).toEqual({ ok: true, value: ['back'] })
  })

  it('reopen lifts a 429 wait, a rejected key and a refused scope: the next call goes to the server', async () => {
    const answers = [401, 403, 429, 200]
    const server = await scriptedServer((_hit, i, res) =>
      json(res, answers[i] ?? 200, [], answers[i] === 429 ? { 'retry-after': '600' } : {}),
    )
    const { http } = client({ retry: { maxRetryAfterMs: 1000 } })
    const ask = () => http.send(sportRequest(server.url('/x')))
    expect(await ask()).toMatchObject({ ok: false, error: { kind: 'key_rejected' } })
    // The same key, set again by the trader after a server glitch.
    expect(await ask()).toMatchObject({ ok: false, error: { kind: 'key_rejected' } })
    expect(server.hits).toHaveLength(1)
    http.gate.reopen('retry now')
    expect(await ask()).toMatchObject({ ok: false, error: { kind: 'no_access' } })
    http.gate.reopen('settings changed')
    expect(await ask()).toMatchObject({ ok: false, error: { kind: 'rate_limited' } })
    http.gate.reopen('retry now')
    expect(http.gate.state()).toMatchObject({ status: 'idle', message: 'retry now', retryAt: null, noAccess: [] })
    expect(await ask()).toEqual({ ok: true, value: [] })
    expect(server.hits).toHaveLength(4)
  })

  it('while a short 429 wait runs, other callers wait on the gate; a cancel ends the wait', async () => {
    const server = await scriptedServer((_hit, i, res) =>
      i === 0 ? json(res, 429, {}, { 'retry-after': '5' }) : json(res, 200, []),
    )
    const { http } = client({ retry: { maxRetryAfterMs: 10_000 } })
    const first = new AbortController()
    const limited = http.send({ ...sportRequest(server.url('/a')), signal: first.signal })
    await waitUntil(() => http.gate.waitMs() > 0, 'the gate to close')
    const second = new AbortController()
    const waiting = http.send({ ...sportRequest(server.url('/b')), signal: second.signal })
    second.abort()
    first.abort()
    const cancelled = { ok: false, error: { kind: 'aborted', message: 'request cancelled' } }
    expect(await waiting).toEqual(cancelled)
    expect(await limited).toEqual(cancelled)
    expect(server.hits.map((h) => h.path)).toEqual(['/a'])
  })

  it('5xx: capped retries, then a server error and a failing state', async () => {
    const server = await scriptedServer((_hit, _i, res) => json(res, 503, {}))
    const { http } = client({ retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 4 } })
    expect(await http.send(sportRequest(server.url('/x')))).toEqual({
      ok: false,
      error: { kind: 'server', status: 503, message: 'the data service failed (status 503)' },
    })
    expect(server.hits).toHaveLength(3)
    expect(http.gate.state().status).toBe('failing')
  })

  it('5xx then success: retried and recovered', async () => {
    const server = await scriptedServer((_hit, i, res) => (i < 2 ? json(res, 502, {}) : json(res, 200, { n: 1 })))
    const { http } = client()
    expect(await http.send(sportRequest(server.url('/x')))).toEqual({ ok: true, value: { n: 1 } })
    expect(server.hits).toHaveLength(3)
  })

  it('PATCH is not retried after a 5xx (the server may have applied it)', async () => {
    const server = await scriptedServer((_hit, _i, res) => json(res, 500, {}))
    const { http } = client()
    const result = await http.send({ ...sportRequest(server.url('/x')), method: 'PATCH', body: { a: 1 } })
    expect(result.ok).toBe(false)
    expect(server.hits).toHaveLength(1)
    expect(server.hits[0]?.body).toBe('{"a":1}')
  })

  it('times out a silent server and names it in words', async () => {
    const server = await scriptedServer(() => undefined)
    const { http } = client({ timeoutMs: 100, retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1 } })
    expect(await http.send(sportRequest(server.url('/x')))).toEqual({
      ok: false,
      error: { kind: 'timeout', message: 'no answer from the data service within 0.1 s' },
    })
    expect(server.hits).toHaveLength(2)
  })

  it('a caller abort ends the request at once as aborted, without retry', async () => {
    const server = await scriptedServer(() => undefined)
    const { http } = client()
    const controller = new AbortController()
    const pending = http.send({ ...sportRequest(server.url('/x')), signal: controller.signal })
    await waitUntil(() => server.hits.length === 1, 'the first request')
    controller.abort()
    expect(await pending).toEqual({ ok: false, error: { kind: 'aborted', message: 'request cancelled' } })
    expect(server.hits).toHaveLength(1)
  })

  it('connection refused: a network error in words after capped retries', async () => {
    const server = await scriptedServer(() => undefined)
    const url = server.url('/x')
    servers.splice(0).forEach((s) => s.close())
    const { http } = client({ retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1 } })
    expect(await http.send(sportRequest(url))).toEqual({
      ok: false,
      error: { kind: 'network', message: 'cannot reach the data service (ECONNREFUSED)' },
    })
  })

  it('400: the server message in words, with an echoed key redacted', async () => {
    const server = await scriptedServer((hit, _i, res) =>
      json(res, 400, { message: `invalid filter from ${hit.authorization}` }),
    )
    const { http, logs } = client()
    const result = await http.send(sportRequest(server.url('/x?id=zz.1')))
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'bad_request',
        status: 400,
        message: 'refused by the data service: invalid filter from Bearer [key]',
      },
    })
    expect(JSON.stringify({ result, logs })).not.toContain(KEY)
  })

  it('a 200 that is not JSON is a bad response', async () => {
    const server = await scriptedServer((_hit, _i, res) => res.end('<html>'))
    const { http } = client()
    expect(await http.send(sportRequest(server.url('/x')))).toEqual({
      ok: false,
      error: { kind: 'bad_response', status: 200, message: 'the data service sent a response that is not JSON' },
    })
  })

  it('an answer that streams past 4 MB is refused, counted, not retried, and the client goes on', async () => {
    const megabyte = Buffer.alloc(1024 * 1024, 0x20)
    const server = await scriptedServer((hit, _i, res) => {
      if (hit.path === '/ok') return json(res, 200, [1])
      // No Content-Length: the bound must hold while reading. Streams until the client hangs up.
      res.writeHead(200, { 'content-type': 'application/json' })
      const pour = () => {
        while (!res.destroyed && res.write(megabyte));
        if (!res.destroyed) res.once('drain', pour)
      }
      pour()
    })
    const refused: unknown[] = []
    const { http } = client({ onRefused: (report) => refused.push(report) })
    expect(await http.send(sportRequest(server.url('/flood')))).toEqual({
      ok: false,
      error: { kind: 'bad_response', status: 200, message: 'the data service sent an answer over 4 MB' },
    })
    expect(server.hits).toHaveLength(1)
    expect(refused).toEqual([{ route: '/flood', read: 0, refused: 1, whole: true, firstRefusal: 'answer over 4 MB' }])
    expect(await http.send(sportRequest(server.url('/ok')))).toEqual({ ok: true, value: [1] })
  })

  it('an answer that declares more than 4 MB is refused before its body is read, and its connection closed', async () => {
    let closed = false
    const server = await scriptedServer((_hit, _i, res) => {
      res.on('close', () => (closed = true))
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(64 * 1024 * 1024) })
      res.write('[') // and nothing more: only the declared length can refuse it
    })
    const { http } = client()
    const result = await http.send(sportRequest(server.url('/declared')))
    expect(result).toEqual({
      ok: false,
      error: { kind: 'bad_response', status: 200, message: 'the data service sent an answer over 4 MB' },
    })
    await waitUntil(() => closed, "the refused answer's connection closed by the client")
  })

  it('follows a redirect within the origin with the key, and to another origin without it', async () => {
    const other = await scriptedServer((_hit, _i, res) => json(res, 200, ['elsewhere']))
    const server = await scriptedServer((hit, _i, res) => {
      if (hit.path === '/moved') return void res.writeHead(302, { location: '/here' }).end()
      if (hit.path === '/away') return void res.writeHead(307, { location: other.url('/there').href }).end()
      json(res, 200, ['here'])
    })
    const { http } = client({ keyStyle: () => 'marketplace' })
    expect(await http.send(sportRequest(server.url('/moved')))).toEqual({ ok: true, value: ['here'] })
    expect(server.hits.map((hit) => [hit.path, hit.marketplaceKey])).toEqual([
      ['/moved', KEY],
      ['/here', KEY],
    ])
    expect(await http.send(sportRequest(server.url('/away')))).toEqual({ ok: true, value: ['elsewhere'] })
    expect(other.hits.map((hit) => [hit.path, hit.marketplaceKey, hit.marketplaceHost, hit.authorization])).toEqual([
      ['/there', undefined, undefined, undefined],
    ])
  })

  it('a redirect loop is a network error in words', async () => {
    const server = await scriptedServer((_hit, _i, res) => res.writeHead(302, { location: '/loop' }).end())
    const { http } = client({ retry: { maxRetries: 0 } })
    expect(await http.send(sportRequest(server.url('/loop')))).toEqual({
      ok: false,
      error: { kind: 'network', message: 'cannot reach the data service (too many redirects)' },
    })
    expect(server.hits).toHaveLength(21)
  })

  it('reads a gzip answer; one in an encoding it did not ask for is refused unread, counted, not retried', async () => {
    const body = JSON.stringify(['packed'])
    const server = await scriptedServer((hit, _i, res) => {
      const gzip = hit.path === '/gzip'
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': gzip ? 'gzip' : 'br' })
      res.end(gzip ? gzipSync(body) : brotliCompressSync(body))
    })
    const refused: unknown[] = []
    const { http } = client({ onRefused: (report) => refused.push(report) })
    expect(await http.send(sportRequest(server.url('/gzip')))).toEqual({ ok: true, value: ['packed'] })
    expect(await http.send(sportRequest(server.url('/br')))).toEqual({
      ok: false,
      error: {
        kind: 'bad_response',
        message: 'the data service sent an answer in an encoding it was not asked for (br)',
      },
    })
    expect(server.hits).toHaveLength(2)
    expect(refused).toEqual([
      {
        route: '/br',
        read: 0,
        refused: 1,
        whole: true,
        firstRefusal: 'answer in an encoding it was not asked for (br)',
      },
    ])
  })

  it('no key set: fails fast without a request', async () => {
    const server = await scriptedServer((_hit, _i, res) => json(res, 200, []))
    const { http } = client({}, null)
    expect(await http.send(sportRequest(server.url('/x')))).toEqual({
      ok: false,
      error: { kind: 'key_rejected', message: 'no key set for the data service' },
    })
    expect(http.gate.state().status).toBe('no_key')
    expect(server.hits).toEqual([])
  })

  it('logs one line per attempt and never the key', async () => {
    const server = await scriptedServer((_hit, i, res) => (i === 0 ? json(res, 503, {}) : json(res, 200, [])))
    const { http, logs, states } = client()
    await http.send(sportRequest(server.url('/data/badminton/teams?id=eq.1')))
    expect(logs).toHaveLength(2)
    expect(logs[1]).toMatch(/^GET \/data\/badminton\/teams\?id=eq\.1 → 200 in \d+ ms$/)
    expect(JSON.stringify({ logs, states })).not.toContain(KEY)
  })
})
