/**
 * Floods from a hostile server on loopback (issue 25.8): many answers at once that never end, or
 * end far past any bound. Each is refused; what they held together never passes the shared
 * budget; the client closes every one of their connections (nothing left streaming or
 * decompressing); and the budget is whole again, so the next sound answer is read.
 */
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { waitUntil } from '../../../../test-support/wait'
import { BodyBudget } from './capped-body'
import { testHttp } from './test-support'

const CHUNK = Buffer.alloc(64 * 1024, 0x20)
const GZIP_BOMB = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20))
let open = 0
let closed = 0

/** Writes `CHUNK` for as long as the client reads, with the socket's own backpressure. */
function endless(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' })
  const write = () => {
    while (!res.destroyed) if (!res.write(CHUNK)) return void res.once('drain', write)
  }
  write()
}

const server = createServer((req, res) => {
  res.on('error', () => {})
  if (req.url === '/sound') return void res.end('[{"id":1}]')
  open += 1
  res.on('close', () => (closed += 1))
  if (req.url === '/gzip') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    return void res.end(GZIP_BOMB)
  }
  endless(res)
})
let base = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})

it('twenty floods at once are refused within one shared budget, every connection closed, and the next answer read', async () => {
  const budget = new BodyBudget(8 * 1024 * 1024)
  const { http } = testHttp('odds-feed', 'k', { bodyBudget: budget, retry: { maxRetries: 0 } })
  const paths = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? '/endless' : '/gzip'))
  const results = await Promise.all(
    paths.map((path) => http.send({ url: new URL(`${base}${path}`), scope: 's', subject: 'this sport' })),
  )
  for (const result of results) expect(result).toMatchObject({ ok: false, error: { kind: 'bad_response' } })
  const messages = results.map((r) => (r.ok ? '' : r.error.message))
  // The budget ran out before most floods reached their own 4 MB bound.
  expect(messages.filter((m) => m.includes('being read at once')).length).toBeGreaterThan(10)
  expect(budget.inUse()).toBe(0)
  await waitUntil(() => closed === open, 'every flood connection closed by the client')
  expect(await http.send({ url: new URL(`${base}/sound`), scope: 's', subject: 'this sport' })).toEqual({
    ok: true,
    value: [{ id: 1 }],
  })
})
