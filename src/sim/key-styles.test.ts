/**
 * Both key styles the provider issues (shared/wire/keys.ts), as the simulator takes them: a
 * dashboard key as `Authorization: Bearer`, a marketplace key as `X-RapidAPI-Key` with the
 * `X-RapidAPI-Host` of the API called, on REST and on the live streams of both services.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataMarketplaceHost } from '../shared/wire/keys'
import { startSimulator, type SimulatorHandle } from './index'
import { getJson, oddsStreamUrl, SseCollector, WsCollector } from './test-support'

let sim: SimulatorHandle
beforeAll(async () => {
  sim = await startSimulator({ seed: 5, rate: 500, speed: 60 })
})
afterAll(async () => sim.close())

const marketplace = (host: string, key = sim.apiKey) => ({ 'x-rapidapi-key': key, 'x-rapidapi-host': host })
const hockeyData = () => sim.dataBaseUrl.replace(/badminton$/, 'hockey')
const oddsHost = () => new URL(sim.oddsBaseUrl).host

describe('data service REST', () => {
  it("takes a marketplace key with the sport's marketplace host, for each sport", async () => {
    const badminton = await getJson(
      `${sim.dataBaseUrl}/teams?limit=1`,
      undefined,
      marketplace('badminton-devs.p.rapidapi.com'),
    )
    expect(badminton.status).toBe(200)
    const hockey = await getJson(`${hockeyData()}/teams?limit=1`, undefined, marketplace(dataMarketplaceHost('hockey')))
    expect(hockey.status).toBe(200)
  })

  it('refuses another sport’s host (403), no host (400), a Bearer header as well (400), a wrong key (401)', async () => {
    const url = `${sim.dataBaseUrl}/teams?limit=1`
    const otherSport = await getJson(url, undefined, marketplace(dataMarketplaceHost('hockey')))
    expect(otherSport).toMatchObject({
      status: 403,
      body: { message: 'X-RapidAPI-Host hockey-devs.p.rapidapi.com is not this API (badminton-devs.p.rapidapi.com)' },
    })
    const noHost = await getJson(url, undefined, { 'x-rapidapi-key': sim.apiKey })
    expect(noHost.status).toBe(400)
    const both = await getJson(url, sim.apiKey, marketplace(dataMarketplaceHost('badminton')))
    expect(both).toMatchObject({ status: 400, body: { message: expect.stringContaining('not both') } })
    expect((await getJson(url, undefined, marketplace(dataMarketplaceHost('badminton'), 'wrong'))).status).toBe(401)
  })
})

describe('odds feed REST', () => {
  it('takes a marketplace key naming the host it was sent to, and refuses another host', async () => {
    const url = `${sim.oddsBaseUrl}/bookmaker/${sim.bookmakerId}`
    expect(await getJson(url, undefined, marketplace(oddsHost()))).toMatchObject({
      status: 200,
      body: { sports: ['badminton', 'cricket', 'hockey'] },
    })
    expect((await getJson(url, undefined, marketplace('odds.example.com'))).status).toBe(403)
  })
})

describe('live streams', () => {
  it('a data stream opens on the marketplace headers alone, over WebSocket and event stream', async () => {
    const path = `/live/score`
    const headers = marketplace(dataMarketplaceHost('badminton'))
    const ws = await WsCollector.open(sim.wsBaseUrl + path, [], headers)
    const sse = await SseCollector.open(sim.dataBaseUrl + path, headers)
    try {
      expect(sse.status).toBe(200)
      await ws.until((m) => m.length > 0, 15_000)
      await sse.collector.until((m) => m.length > 0, 15_000)
    } finally {
      ws.close()
      sse.collector.close()
    }
  })

  it('a data stream with a good token but another API’s marketplace host is refused', async () => {
    const url = `${sim.wsBaseUrl}/live/score?token=${sim.apiKey}`
    await expect(WsCollector.open(url, [], marketplace(dataMarketplaceHost('cricket')))).rejects.toThrow(
      'upgrade refused with 403',
    )
  })

  it('an odds stream takes the token with the marketplace headers, and refuses another host', async () => {
    const id = sim.control.liveOddsMatchIds('hockey')[0] as number
    const ws = await WsCollector.open(oddsStreamUrl(sim, 'hockey', id, 'updates'), [], marketplace(oddsHost()))
    try {
      await ws.until((m) => m.length > 0, 15_000)
    } finally {
      ws.close()
    }
    const refused = await SseCollector.open(oddsStreamUrl(sim, 'hockey', id, 'updates', 'http'), marketplace('x.test'))
    expect(refused.status).toBe(403)
  })
})

describe('a simulator that takes one style only', () => {
  it('as a marketplace gateway: refuses a Bearer key and a stream with only its token (401)', async () => {
    const gateway = await startSimulator({ seed: 5, rate: 0, keyStyles: ['marketplace'] })
    try {
      const bookmaker = `${gateway.oddsBaseUrl}/bookmaker/${gateway.bookmakerId}`
      expect(await getJson(bookmaker, gateway.apiKey)).toMatchObject({
        status: 401,
        body: { message: expect.stringContaining('missing X-RapidAPI-Key') },
      })
      const host = new URL(gateway.oddsBaseUrl).host
      expect((await getJson(bookmaker, undefined, marketplace(host, gateway.apiKey))).status).toBe(200)
      const tokenOnly = await SseCollector.open(`${gateway.dataBaseUrl}/live/score?token=${gateway.apiKey}`)
      expect(tokenOnly.status).toBe(401)
    } finally {
      await gateway.close()
    }
  })

  it('with dashboard keys only: refuses a marketplace key (401)', async () => {
    const dashboard = await startSimulator({ seed: 5, rate: 0, keyStyles: ['bearer'] })
    try {
      const headers = marketplace(dataMarketplaceHost('badminton'), dashboard.apiKey)
      expect((await getJson(`${dashboard.dataBaseUrl}/classes`, undefined, headers)).status).toBe(401)
      expect((await getJson(`${dashboard.dataBaseUrl}/classes`, dashboard.apiKey)).status).toBe(200)
    } finally {
      await dashboard.close()
    }
  })
})
