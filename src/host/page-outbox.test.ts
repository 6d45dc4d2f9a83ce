/**
 * The page outbox over a real loopback WebSocket whose client stops reading (a hung tab): what
 * waits in the host's socket stays under the bound at every send, the droppable events are
 * dropped and the rare ones still go, the page is told what it missed once it reads again, and a
 * page blocked too long is closed.
 */
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import type { HostToPage } from './protocol'
import { PageOutbox, type OutboxLimits } from './page-outbox'

const servers: WebSocketServer[] = []
afterEach(() => servers.splice(0).forEach((server) => server.close()))

const LIMITS: OutboxLimits = { maxBufferedBytes: 256 * 1024, closeBlockedAfterMs: 60_000 }

/** The host's end of a socket and a page at the other end that has stopped reading. */
async function frozenPage() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const hostSide = new Promise<WebSocket>((resolve) => server.once('connection', resolve))
  const page = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`)
  const received: HostToPage[] = []
  page.on('message', (data) => received.push(JSON.parse(String(data)) as HostToPage))
  const closed = new Promise<void>((resolve) => page.once('close', () => resolve()))
  await new Promise((resolve) => page.once('open', resolve))
  page.pause()
  return { ws: await hostSide, page, received, closed }
}

const patch = (n: number) => JSON.stringify({ event: 'board:patch', payload: { n, pad: 'x'.repeat(32 * 1024) } })
const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('PageOutbox', () => {
  it('keeps what waits for a page that stopped reading under the bound, and tells it what it missed', async () => {
    const { ws, page, received } = await frozenPage()
    const reported: string[] = []
    const outbox = new PageOutbox(ws, LIMITS, (kind) => reported.push(kind))
    let most = 0
    // 32 MB of patches, far more than the socket buffers of both ends hold.
    for (let n = 0; n < 1000; n++) {
      outbox.sendEvent('board:patch', patch(n))
      if (n === 500) outbox.sendEvent('watchlists:changed', '{"event":"watchlists:changed","payload":"rare"}')
      // A page that asks but does not read its answers: a whole board each time would pile up too.
      if (n === 600) await outbox.answer(7, () => Promise.resolve({ ok: true, value: 'x'.repeat(512 * 1024) }))
      most = Math.max(most, ws.bufferedAmount)
      if (n % 10 === 0) await turn()
    }
    expect(most).toBeLessThanOrEqual(LIMITS.maxBufferedBytes + patch(0).length)

    page.resume()
    await vi.waitFor(() => expect(ws.bufferedAmount).toBe(0), { interval: 10 })
    outbox.sendEvent('board:patch', patch(1000))
    await vi.waitFor(() => expect(received.at(-1)).toMatchObject({ payload: { n: 1000 } }), { interval: 10 })
    const events = received.map((m) => ('event' in m ? m.event : '?'))
    expect(events.length).toBeLessThan(1000) // patches were dropped…
    expect(events).toContain('watchlists:changed') // …but not the rare event
    expect(received).toContainEqual({
      id: 7,
      result: { ok: false, error: expect.objectContaining({ code: 'not_available' }) },
    })
    expect(received.at(-2)).toEqual({ event: 'bridge:dropped', payload: { channel: 'board:patch' } })
    expect(events.filter((e) => e === 'bridge:dropped')).toHaveLength(1)
  })

  it('closes a page that stays blocked past the limit, once', async () => {
    const { ws, page, closed } = await frozenPage()
    let now = 0
    const closedAfter: string[] = []
    const outbox = new PageOutbox(
      ws,
      LIMITS,
      (kind, message) => closedAfter.push(`${kind}: ${message}`),
      () => now,
    )
    for (let n = 0; ws.bufferedAmount <= LIMITS.maxBufferedBytes; n++) {
      outbox.sendEvent('board:patch', patch(n))
      await turn()
    }
    outbox.sendEvent('board:patch', patch(-1)) // blocked from now
    now += LIMITS.closeBlockedAfterMs - 1
    outbox.sendEvent('board:patch', patch(-2))
    expect(closedAfter).toEqual([])
    now += 1
    outbox.sendEvent('board:patch', patch(-3))
    outbox.sendEvent('board:patch', patch(-4))
    expect(closedAfter).toEqual([
      'page-closed-blocked: closed a page that read nothing for 60 s; it reconnects when it runs again',
    ])
    page.resume()
    await closed
  })
})
