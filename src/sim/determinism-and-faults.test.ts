/** Same seed → same world and messages; each fault option does what it says. */
import { afterEach, describe, expect, it } from 'vitest'
import { startSimulator, type SimulatorHandle } from './index'
import { waitUntil } from '../test-support/wait'
import { getJson, oddsStreamUrl, SseCollector, WsCollector } from './test-support'

const opened: SimulatorHandle[] = []
const start = async (...args: Parameters<typeof startSimulator>): Promise<SimulatorHandle> => {
  const sim = await startSimulator(...args)
  opened.push(sim)
  return sim
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

const START = Date.UTC(2025, 5, 1, 18)

describe('determinism', () => {
  it('same seed and startTime → same world, same prices, same messages per seq', async () => {
    const [a, b] = await Promise.all([
      start({ seed: 99, startTime: START, rate: 0 }),
      start({ seed: 99, startTime: START, rate: 0 }),
    ])
    expect(a.bookmakerId).toBe(b.bookmakerId)
    for (const route of ['/teams', '/leagues', '/matches?select=id,start_time,home_team_id,away_team_id,status_type']) {
      expect((await getJson(`${a.dataBaseUrl}${route}`, a.apiKey)).body).toEqual(
        (await getJson(`${b.dataBaseUrl}${route}`, b.apiKey)).body,
      )
    }
    const id = a.control.liveOddsMatchIds('hockey')[0] as number
    expect(b.control.liveOddsMatchIds('hockey')[0]).toBe(id)
    expect(a.control.matchPrices('hockey', id)).toEqual(b.control.matchPrices('hockey', id))

    const wsA = await WsCollector.open(oddsStreamUrl(a, 'hockey', id, 'updates'))
    const wsB = await WsCollector.open(oddsStreamUrl(b, 'hockey', id, 'updates'))
    a.control.setRate(3000)
    b.control.setRate(3000)
    const enough = (m: string[]) => m.filter((t) => t.includes('"price"')).length >= 30
    await Promise.all([wsA.until(enough), wsB.until(enough)])
    const bySeq = (messages: string[]) =>
      new Map(
        messages
          .map((t) => JSON.parse(t) as Record<string, unknown>)
          .filter((m) => m.type === 'price')
          .map(({ ts: _sendTime, ...m }) => [m.seq as number, m]),
      )
    const seqA = bySeq(wsA.messages)
    const seqB = bySeq(wsB.messages)
    const common = [...seqA.keys()].filter((s) => seqB.has(s))
    expect(common.length).toBeGreaterThan(10)
    for (const s of common) expect(seqA.get(s)).toEqual(seqB.get(s))
    wsA.close()
    wsB.close()
  })

  it('another seed → another world', async () => {
    const [a, b] = await Promise.all([
      start({ seed: 1, startTime: START, rate: 0 }),
      start({ seed: 2, startTime: START, rate: 0 }),
    ])
    expect(a.bookmakerId).not.toBe(b.bookmakerId)
    expect((await getJson(`${a.dataBaseUrl}/teams?select=color_primary`, a.apiKey)).body).not.toEqual(
      (await getJson(`${b.dataBaseUrl}/teams?select=color_primary`, b.apiKey)).body,
    )
  })
})

describe('faults', () => {
  it('dropEverySeconds closes every live connection, WebSocket and event stream', async () => {
    const sim = await start({ rate: 100, faults: { dropEverySeconds: 0.3 } })
    const id = sim.control.liveOddsMatchIds('badminton')[0] as number
    const ws = await WsCollector.open(oddsStreamUrl(sim, 'badminton', id, 'updates'))
    const { collector: sse } = await SseCollector.open(oddsStreamUrl(sim, 'badminton', id, 'updates', 'http'))
    await ws.until(() => ws.closeCode !== undefined)
    expect(ws.closeCode).toBe(1012)
    await sse.until(() => sse.ended)
    await waitUntil(() => sim.control.stats().connections === 0, 'every connection closed')
  })

  it('dropConnections() drops on demand', async () => {
    const sim = await start({ rate: 100 })
    const ws = await WsCollector.open(`${sim.wsBaseUrl}/live/score?token=${sim.apiKey}`)
    expect(sim.control.stats().connections).toBe(1)
    sim.control.dropConnections()
    await ws.until(() => ws.closeCode !== undefined)
  })

  it('malformedRatio 1 spoils every message; unknownKindRatio 1 adds an unknown kind before each', async () => {
    const sim = await start({ rate: 1000, faults: { malformedRatio: 1 } })
    const id = sim.control.liveOddsMatchIds('cricket')[0] as number
    const ws = await WsCollector.open(oddsStreamUrl(sim, 'cricket', id, 'updates'))
    await ws.until((m) => m.length >= 5)
    for (const text of ws.messages.slice(0, 5)) expect(() => JSON.parse(text)).toThrow()
    ws.close()

    sim.control.setFaults({ unknownKindRatio: 1 })
    const ws2 = await WsCollector.open(oddsStreamUrl(sim, 'cricket', id, 'updates'))
    await ws2.until((m) => m.length >= 6)
    const kinds = ws2.messages.map((t) => (JSON.parse(t) as { type: string }).type)
    expect(kinds.filter((k) => k.startsWith('sim_unknown_kind')).length).toBeGreaterThanOrEqual(3)
    expect(kinds).toContain('price')
    ws2.close()
  })

  it('slowMs delays every HTTP answer by at least that long', async () => {
    const sim = await start({ rate: 0, faults: { slowMs: 150 } })
    const t0 = performance.now()
    expect((await getJson(`${sim.dataBaseUrl}/classes`, sim.apiKey)).status).toBe(200)
    expect(performance.now() - t0).toBeGreaterThanOrEqual(145)
  })

  it('burst429: after every N requests, M requests are refused with Retry-After', async () => {
    const sim = await start({ rate: 0, faults: { burst429: { every: 3, count: 2, retryAfterSeconds: 7 } } })
    const answers = []
    for (let i = 0; i < 10; i++) answers.push(await getJson(`${sim.oddsBaseUrl}/hockey-classes`))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429, 200, 200, 200, 429, 429])
    expect(answers[3]?.headers.get('retry-after')).toBe('7')
  })

  it('error5xxRatio answers 503; setFaults({}) turns every fault off', async () => {
    const sim = await start({ rate: 0, faults: { error5xxRatio: 1 } })
    expect((await getJson(`${sim.dataBaseUrl}/classes`, sim.apiKey)).status).toBe(503)
    sim.control.setFaults({})
    expect((await getJson(`${sim.dataBaseUrl}/classes`, sim.apiKey)).status).toBe(200)
  })
})
