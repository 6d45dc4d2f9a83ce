/**
 * The frame inspector against the simulator over real sockets (a watch engine on one live match,
 * the sim sending torn, unknown-kind and hostile frames, some over the frame cap), and against a
 * small real server that echoes a stream's own token back in a frame.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { FRAME_TEXT_CAP, INSPECTOR_LEASE_MS, type FrameBatch, type InspectorFrame } from '../../../shared/inspector'
import { startSimulator, type SimulatorHandle } from '../../../sim/index'
import { waitUntil } from '../../../test-support/wait'
import { SecretScrubber } from '../faults/secret-scrubber'
import type { FrameTapPoint } from '../streams/frame-tap'
import { LiveStream } from '../streams/live-stream'
import { SlotQueue } from '../streams/slots'
import { WatchEngine } from '../watch/watch-engine'
import { FrameInspector, MAX_BATCH_FRAMES } from './frame-inspector'

const SPORT = 'badminton'
/** Not shaped like a credential: only the stream's own redaction can keep it out. */
const SIM_KEY = 'sim-key-kept-out'
const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function inspectorRig(clock: () => number = Date.now) {
  const point: FrameTapPoint = { tap: null }
  const sent: FrameBatch[] = []
  const inspector = new FrameInspector({
    point,
    scrub: (text) => new SecretScrubber().scrub(text),
    send: (batch) => sent.push(batch),
    clock,
  })
  cleanups.push(() => inspector.stop())
  const frames = () => sent.flatMap((b) => b.frames)
  return { point, sent, inspector, frames }
}

async function watchOneLiveMatch(point: FrameTapPoint) {
  const sim: SimulatorHandle = await startSimulator({ seed: 11, rate: 400, liveMatches: 2, speed: 60, apiKey: SIM_KEY })
  cleanups.push(() => sim.close())
  let ticks = 0
  const engine = new WatchEngine({
    feed: 'demo',
    endpoints: sim,
    keys: { odds: sim.apiKey, data: sim.apiKey },
    fetchSnapshot: async (sport, matchId, signal) => {
      const url = `${sim.oddsBaseUrl}/bookmaker/${sim.bookmakerId}/${sport}/${matchId}`
      const res = await fetch(url, { headers: { authorization: `Bearer ${sim.apiKey}` }, signal })
      if (!res.ok) throw new Error(`snapshot ${res.status}`)
      return res.json()
    },
    sinks: { onTicks: (t) => (ticks += t.length) },
    backoff: { baseMs: 20, capMs: 200 },
    frames: point,
  })
  cleanups.push(() => engine.close())
  const [matchId] = sim.control.liveOddsMatchIds(SPORT)
  if (matchId === undefined) throw new Error('sim has no live match')
  engine.watch(SPORT, matchId)
  /** Resolves once the engine has taken `more` ticks beyond now: frames kept flowing. */
  const moreTicks = async (more: number) => {
    const target = ticks + more
    await waitUntil(() => ticks >= target, `${more} more ticks`, 20_000)
  }
  return { sim, engine, matchId, moreTicks }
}

const refusedFrames = (frames: InspectorFrame[], reason: 'malformed' | 'unknown_kind') =>
  frames.filter((f) => f.refused?.reason === reason)

describe('FrameInspector', () => {
  it('captures nothing while closed, every stream frame while open, refused ones with their reason', async () => {
    const { point, sent, inspector, frames } = inspectorRig()
    const { sim, matchId, moreTicks } = await watchOneLiveMatch(point)

    await moreTicks(30)
    expect(point.tap).toBeNull()
    expect(sent).toEqual([])

    inspector.open('lease-test-1')
    expect(point.tap).toBe(inspector)
    await waitUntil(() => frames().some((f) => f.type === 'price'), 'a price frame')
    sim.control.setFaults({ malformedRatio: 0.1, unknownKindRatio: 0.1, hostileRatio: 0.05, hostileHugeEvery: 3 })
    await waitUntil(
      () =>
        refusedFrames(frames(), 'malformed').some((f) => f.refused?.detail.startsWith('frame over')) &&
        refusedFrames(frames(), 'malformed').some((f) => f.refused?.detail.startsWith('not JSON')) &&
        refusedFrames(frames(), 'unknown_kind').length > 0 &&
        frames().some((f) => f.stream === `data:${SPORT}:time`),
      () => `refused frames of each reason and a data frame; have ${frames().length} frames`,
      30_000,
    )
    const all = frames()
    const price = all.find((f) => f.type === 'price')
    expect(price).toMatchObject({ stream: `odds:${matchId}:updates`, matchId, refused: null, truncated: false })
    expect(price?.size).toBe(Buffer.byteLength(price?.text ?? ''))
    expect(JSON.parse(price?.text ?? '')).toMatchObject({ type: 'price', matchId })
    // A torn frame is shown as it came: cut mid-way, with why it was refused.
    const torn = refusedFrames(all, 'malformed').find((f) => f.refused?.detail.startsWith('not JSON'))
    expect(torn?.text.length).toBeGreaterThan(0)
    expect(() => JSON.parse(torn?.text ?? '')).toThrow()
    // A frame over the cap never became text: no text, no size, the reason.
    const huge = refusedFrames(all, 'malformed').find((f) => f.refused?.detail.startsWith('frame over'))
    expect(huge).toMatchObject({ text: '', size: null, stream: expect.stringMatching(/^(odds|data):/) })
    // An unknown kind: its type is the message's own on the odds feed, the stream's on the data service.
    for (const unknown of refusedFrames(all, 'unknown_kind')) {
      expect(unknown.refused?.detail).toMatch(/^sim_unknown_kind_\d$/)
      const [service, , kind] = unknown.stream.split(':')
      expect(unknown.type).toBe(service === 'data' ? kind : unknown.refused?.detail)
    }
    // Arrival order is kept across streams, and every frame's stream is described with its address.
    expect(all.map((f) => f.seq)).toEqual(all.map((_, i) => i + 1))
    const streams = new Map(sent.flatMap((b) => b.streams).map((s) => [s.id, s]))
    for (const f of all)
      expect(streams.get(f.stream)?.url).toMatch(/^(ws|http):\/\/127\.0\.0\.1:\d+\/.*\?token=\[redacted\]$/)
    expect(JSON.stringify(sent)).not.toContain(SIM_KEY)

    inspector.close('lease-test-1')
    expect(point.tap).toBeNull()
    const batches = sent.length
    sim.control.setFaults({})
    await moreTicks(30)
    expect(sent.length).toBe(batches)
  }, 60_000)

  it('stops capturing when a page stops renewing its lease', async () => {
    let now = 1_000_000
    const { point, inspector } = inspectorRig(() => now)
    inspector.open('lease-test-2')
    inspector.open('lease-test-3')
    inspector.close('lease-test-2')
    expect(point.tap).toBe(inspector)
    now += INSPECTOR_LEASE_MS
    await waitUntil(() => point.tap === null, 'the lease to run out')
    expect(inspector.capturing).toBe(false)
  })

  it('passes on at most MAX_BATCH_FRAMES frames a batch and counts the rest as skipped', async () => {
    const { sent, inspector } = inspectorRig()
    const stream = {
      id: 'odds:1:updates',
      service: 'odds',
      kind: 'updates',
      matchId: 1,
      transport: 'ws',
      url: 'ws://h/x',
    } as const
    inspector.open('lease-test-5')
    for (let i = 0; i < MAX_BATCH_FRAMES + 3; i++)
      inspector.frame(stream, { text: '{"type":"price"}', size: 16, json: { type: 'price' }, refused: null, at: i })
    await waitUntil(() => sent.length > 0, 'a batch')
    expect(sent[0]?.frames).toHaveLength(MAX_BATCH_FRAMES)
    expect(sent[0]?.skipped).toBe(3)
    const { matchId: _, ...described } = stream
    expect(sent[0]?.streams).toEqual([{ ...described, url: 'ws://h/x?token=[redacted]' }])
  })

  it("keeps a stream's token and anything shaped like a credential out of what it sends", async () => {
    const token = 'tok-Secret-9'
    const http = createServer()
    const wss = new WebSocketServer({ noServer: true })
    const padding = 'x'.repeat(FRAME_TEXT_CAP)
    http.on('upgrade', (req, socket, head) =>
      wss.handleUpgrade(req, socket, head, (ws) => {
        // A server that echoes the address it was asked for, the bare token (shaped like no
        // credential: only the stream's own redaction catches it) and a bearer header.
        const yours = new URL(req.url ?? '', 'http://x').searchParams.get('token')
        ws.send(JSON.stringify({ type: 'price', matchId: 7, echo: req.url, yours, auth: 'Bearer abc.def.ghi' }))
        ws.send(`${padding}${req.url ?? ''}`)
      }),
    )
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise((resolve) => http.close(resolve)))
    cleanups.push(() => wss.close())
    const port = (http.address() as AddressInfo).port
    const { point, sent, inspector, frames } = inspectorRig()
    const stream = new LiveStream({
      id: 'odds:7:updates',
      service: 'odds',
      kind: 'updates',
      matchId: 7,
      wsUrl: `ws://127.0.0.1:${port}/live/7/updates`,
      sseUrl: `http://127.0.0.1:${port}/live/7/updates`,
      token,
      decode: () => ({ ok: false, reason: 'unknown_kind', detail: `no such kind (token=${token})` }),
      onMessage: () => {},
      slots: new SlotQueue(1),
      staleAfterMs: 10_000,
      backoff: { baseMs: 10_000, capMs: 10_000 },
      frames: point,
    })
    cleanups.push(() => stream.close())
    inspector.open('lease-test-4')
    stream.start()
    await waitUntil(() => frames().length === 2, 'both frames')
    const [echo, long] = frames()
    expect(echo?.text).toContain('/live/7/updates?token=[redacted]')
    expect(echo?.text).toContain('Bearer [redacted]')
    expect(echo?.text).toContain('"yours":"[redacted]"')
    expect(echo?.refused?.detail).toBe('no such kind (token=[redacted])')
    expect(long).toMatchObject({
      truncated: true,
      size: FRAME_TEXT_CAP + Buffer.byteLength(`/live/7/updates?token=${token}`),
    })
    expect(long?.text).toHaveLength(FRAME_TEXT_CAP)
    expect(JSON.stringify(sent)).not.toContain(token)
    expect(JSON.stringify(sent)).not.toContain('abc.def.ghi')
  })
})
