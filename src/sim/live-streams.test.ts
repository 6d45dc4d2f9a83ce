/**
 * Both live transports (WebSocket and event stream) for both services, the match clock driving
 * them (status changes, suspension, settlement), and the stream auth rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_DATA_KEYS, LIVE_DATA_MESSAGES, LiveScoreMessage, LiveStatusMessage } from '../shared/wire/data-service'
import { MatchPricesWire, UpdatesMessage } from '../shared/wire/odds'
import { startSimulator, type SimulatorHandle } from './index'
import { getJson, oddsStreamUrl, parseAll, SseCollector, WsCollector } from './test-support'

let sim: SimulatorHandle
beforeAll(async () => {
  // 300× clock: live badminton matches finish within seconds, data messages flow at once.
  sim = await startSimulator({ seed: 11, rate: 2000, speed: 300 })
})
afterAll(async () => sim.close())

describe('odds updates stream', () => {
  it.each(['ws', 'http'] as const)(
    'over %s: canonical price messages with a per-match seq that continues the REST snapshot',
    async (transport) => {
      const id = sim.control.liveOddsMatchIds('cricket')[0] as number
      const snapshot = MatchPricesWire.parse(
        (await getJson(`${sim.oddsBaseUrl}/bookmaker/${sim.bookmakerId}/cricket/${id}`, sim.apiKey)).body,
      )
      const url = oddsStreamUrl(sim, 'cricket', id, 'updates', transport)
      const collector = transport === 'ws' ? await WsCollector.open(url) : (await SseCollector.open(url)).collector
      try {
        await collector.until((m) => m.length >= 20)
        const messages = parseAll(collector.messages).map((m) => UpdatesMessage.parse(m))
        const seqs = messages.flatMap((m) => ('seq' in m ? [m.seq] : []))
        for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe((seqs[i - 1] as number) + 1)
        expect(seqs[0]).toBeGreaterThan(snapshot.seq ?? 0)
        for (const m of messages) {
          expect(m.ts).toBeLessThanOrEqual(Date.now())
          if (m.type === 'price') expect(m.matchId).toBe(id)
        }
      } finally {
        collector.close()
      }
    },
  )

  it('settles a match when it finishes: markets suspended, then finished, then silence', async () => {
    const id = sim.control.liveOddsMatchIds('badminton')[0] as number
    const ws = await WsCollector.open(oddsStreamUrl(sim, 'badminton', id, 'updates'))
    try {
      await ws.until((m) => m.some((t) => t.includes('"match_status"') && t.includes('"finished"')), 15_000)
      const messages = parseAll(ws.messages).map((m) => UpdatesMessage.parse(m))
      const end = messages.findIndex((m) => m.type === 'match_status' && m.status === 'finished')
      expect(messages.slice(end + 1).filter((m) => m.type === 'price')).toEqual([])
      const prices = sim.control.matchPrices('badminton', id)
      for (const group of Object.values(prices.odds)) for (const market of group) expect(market.suspended).toBe(true)
      expect(sim.control.liveOddsMatchIds('badminton')).not.toContain(id)
    } finally {
      ws.close()
    }
  })

  it('refuses streams without the key, with another bookmaker, or for unknown matches', async () => {
    const id = sim.control.liveOddsMatchIds('hockey')[0] as number
    const noKey = `${sim.oddsWsBaseUrl}/live/${sim.bookmakerId}/hockey/${id}/updates`
    await expect(WsCollector.open(noKey)).rejects.toThrow(/401/)
    await expect(WsCollector.open(`${noKey}?token=${sim.apiKey}-rival`)).rejects.toThrow(/403/)
    await expect(WsCollector.open(oddsStreamUrl(sim, 'hockey', 1, 'updates'))).rejects.toThrow(/404/)
    expect((await SseCollector.open(noKey.replace('ws:', 'http:'))).status).toBe(401)
  })
})

describe('data live streams', () => {
  it.each(['ws', 'http'] as const)(
    'over %s: score and time messages with exactly the documented keys, every value a string',
    async (transport) => {
      const base = transport === 'ws' ? sim.wsBaseUrl : sim.dataBaseUrl
      const open = async (type: string) => {
        const url = `${base}/live/${type}?token=${sim.apiKey}`
        return transport === 'ws' ? WsCollector.open(url) : (await SseCollector.open(url)).collector
      }
      const score = await open('score')
      const time = await open('time')
      try {
        await score.until((m) => m.length >= 2)
        await time.until((m) => m.length >= 1)
        const raw = JSON.parse(score.messages[0] as string) as Record<string, unknown>
        for (const v of Object.values(raw)) expect(typeof v).toBe('string')
        // The documented set, and a third period's points where the match has reached one.
        expect(Object.keys(raw).filter((k) => !/^period_[3-9]$/.test(k))).toEqual(LIVE_DATA_KEYS.score)
        expect(raw.overtime).toBe('')
        const parsed = LiveScoreMessage.parse(raw)
        expect(parsed.match_id).toBeTypeOf('number')
        expect(parsed.team === 'home' || parsed.team === 'away').toBe(true)
        expect(parsed.periods.length).toBeGreaterThan(0)
        const clock = JSON.parse(time.messages[0] as string) as Record<string, unknown>
        expect(Object.keys(clock)).toEqual(LIVE_DATA_KEYS.time)
        expect(LIVE_DATA_MESSAGES.time.parse(clock).clock.start).toMatchObject({ at: expect.any(Number) })
      } finally {
        score.close()
        time.close()
      }
    },
  )

  it('agrees to the subprotocol `updates` when offered; told to, insists on it or agrees to none', async () => {
    const url = `${sim.wsBaseUrl}/live/score?token=${sim.apiKey}`
    const offered = await WsCollector.open(url, ['updates'])
    expect(offered.ws.protocol).toBe('updates')
    offered.close()
    sim.control.setFaults({ wsSubprotocol: 'required' })
    try {
      await expect(WsCollector.open(url)).rejects.toThrow(/400/)
      ;(await WsCollector.open(url, ['updates'])).close()
      const sse = await SseCollector.open(url.replace('ws:', 'http:'))
      sse.collector.close()
      expect(sse.status).toBe(200)
      sim.control.setFaults({ wsSubprotocol: 'never' })
      // ws's own client, offering through its protocols argument, refuses a server that agrees to none.
      await expect(WsCollector.open(url, ['updates'])).rejects.toThrow(/no subprotocol/)
    } finally {
      sim.control.setFaults({})
    }
  })

  it('per-event streams carry only that match, and status changes follow the clock', async () => {
    const live = (await getJson(`${sim.dataBaseUrl}/matches-live?select=id`, sim.apiKey)).body as Array<{ id: number }>
    const id = (live[0] as { id: number }).id
    const ws = await WsCollector.open(`${sim.wsBaseUrl}/live/status/${id}?token=${sim.apiKey}`)
    try {
      await ws.until((m) => m.length >= 1, 15_000)
      for (const m of parseAll(ws.messages)) expect(LiveStatusMessage.parse(m).match_id).toBe(id)
    } finally {
      ws.close()
    }
    await expect(WsCollector.open(`${sim.wsBaseUrl}/live/status/${id}?token=wrong`)).rejects.toThrow(/401/)
    await expect(WsCollector.open(`${sim.wsBaseUrl}/live/weather?token=${sim.apiKey}`)).rejects.toThrow(/404/)
  })
})
