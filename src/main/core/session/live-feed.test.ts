/**
 * A restart (the feed switched) stops the old engine at once: its ticks must not reach the cache
 * while the new feed's keys are still being read, or they would be recorded as the new feed's.
 * Real simulator, real sockets; the session is reduced to the two calls LiveFeed makes.
 */
import { afterEach, expect, it, vi } from 'vitest'
import { startSimulator, type SimulatorHandle } from '../../../sim'
import type { PriceTick } from '../../../shared/domain'
import { DEFAULT_SETTINGS } from '../../../shared/settings'
import { DataServiceClient } from '../clients/data-service/data-service-client'
import { HttpClient } from '../clients/http/http-client'
import { OddsClient } from '../clients/odds/odds-client'
import { ServiceGate } from '../clients/http/service-gate'
import { LiveFeed } from './live-feed'

const closing: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close()
})

function liveFeedOn(
  sim: SimulatorHandle,
  matchId: number,
  getKey: (account: string) => Promise<string | null>,
  ticks: PriceTick[],
): LiveFeed {
  const endpoints = { ...DEFAULT_SETTINGS, ...sim, sport: 'badminton' }
  const odds = new OddsClient({
    http: new HttpClient({ service: 'odds-feed', getKey: async () => sim.apiKey }),
    settings: () => endpoints,
  })
  const data = new DataServiceClient({
    http: new HttpClient({ service: 'data-service', getKey: async () => sim.apiKey }),
    settings: () => endpoints,
  })
  const feed = new LiveFeed({
    session: { getKey, endpoints: () => endpoints, mode: () => ({ mode: 'demo' }) },
    odds,
    data,
    conflationMs: () => 50,
    watched: () => [{ sport: 'badminton', matchId }] as never,
    archive: { latestPrices: () => [], overrideEvents: () => [], labels: () => null },
    restStates: () => ({ odds: new ServiceGate('odds-feed').state(), data: new ServiceGate('data-service').state() }),
    sinks: { onTicks: (batch) => ticks.push(...batch) },
  })
  closing.push(() => feed.close())
  return feed
}

async function firstLiveMatch(sim: SimulatorHandle): Promise<number> {
  const endpoints = { ...DEFAULT_SETTINGS, ...sim, sport: 'badminton' }
  const odds = new OddsClient({
    http: new HttpClient({ service: 'odds-feed', getKey: async () => sim.apiKey }),
    settings: () => endpoints,
  })
  const list = await odds.matches('badminton', { status: 'live' })
  if (!list.ok || !list.value.records[0]) throw new Error('no live badminton match')
  return list.value.records[0].matchId
}

it('delivers no tick of the old engine once a restart has begun, and the new engine delivers again', async () => {
  const sim = await startSimulator({ port: 0, rate: 200, liveMatches: 1, apiKey: 'live-feed-restart-key' })
  closing.push(() => sim.close())
  let keyRead: (key: string) => void = () => {}
  let pendingKey: Promise<string> | null = null
  const getKey = () => pendingKey ?? Promise.resolve(sim.apiKey)
  const ticks: PriceTick[] = []
  const matchId = await firstLiveMatch(sim)
  const feed = liveFeedOn(sim, matchId, getKey, ticks)
  await feed.restart()
  await vi.waitFor(() => expect(ticks.length).toBeGreaterThan(0), { timeout: 15_000 })

  // The new feed's keys take a while (a keychain read): meanwhile the old engine must be silent.
  pendingKey = new Promise((resolve) => (keyRead = resolve))
  const restarted = feed.restart()
  const atRestart = ticks.length
  // A second listener on the same match is the positive signal that the feed kept sending.
  const probe: PriceTick[] = []
  const probeFeed = liveFeedOn(sim, matchId, async () => sim.apiKey, probe)
  await probeFeed.restart()
  await vi.waitFor(() => expect(probe.length).toBeGreaterThan(20), { timeout: 15_000 })
  expect(ticks.length).toBe(atRestart)

  pendingKey = null
  keyRead(sim.apiKey)
  await restarted
  await vi.waitFor(() => expect(ticks.length).toBeGreaterThan(atRestart), { timeout: 15_000 })
})

it('fills a watched match header from the data service REST record, with no live data message', async () => {
  const sim = await startSimulator({ port: 0, rate: 200, liveMatches: 2 })
  closing.push(() => sim.close())
  const matchId = await firstLiveMatch(sim)
  // The data streams' token is refused, so only the REST record (read with the client's own key) can fill it.
  const feed = liveFeedOn(sim, matchId, async (account) => (account === 'data-service' ? 'refused' : sim.apiKey), [])
  await feed.restart()
  await vi.waitFor(() => expect(feed.boards()[0]?.header.statusReason).toEqual(expect.any(String)), { timeout: 15_000 })
  const header = feed.boards()[0]!.header
  expect(header.status).toBe('live')
  expect(header.score?.home.current).toEqual(expect.any(Number))
  const data = feed.health().streams.filter((s) => s.service === 'data')
  expect(data.length).toBe(4)
  await vi.waitFor(() =>
    expect(feed.health().streams.filter((s) => s.service === 'data' && s.state === 'rejected')).toHaveLength(4),
  )
})
