/**
 * The odds feed's public routes put to use (issue 21.7), against the simulator over loopback and a
 * real SQLite cache: leagues with the provider's counts and class names, the current feed of a
 * sport, a route a sport does not have said in words, and a match's history cut to what the app
 * did not record.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type SimulatorHandle } from '../../../sim'
import { openCache, type Cache } from '../cache'
import { feedScoped } from '../cache/feed-scoped'
import { tempDir } from '../cache/test-helpers'
import { testHttp } from '../clients/http/test-support'
import { OddsClient } from '../clients/odds/odds-client'
import { PublicMatchWire } from '../../../shared/wire/odds-public'
import { PublicFeed } from './public-feed'

let sim: SimulatorHandle
let cache: Cache
const folder = tempDir()

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 21, rate: 20, liveMatches: 2, apiKey: 'public-routes-key' })
  cache = openCache(join(folder.dir, 'cache.sqlite'))
})
afterAll(async () => {
  cache.close()
  await sim.close()
  folder.remove()
})

function oddsClient(): OddsClient {
  const { http } = testHttp('odds-feed', sim.apiKey)
  return new OddsClient({ http, settings: () => ({ oddsBaseUrl: sim.oddsBaseUrl, bookmakerId: sim.bookmakerId }) })
}

function publicFeed(): PublicFeed {
  return new PublicFeed(
    oddsClient(),
    feedScoped(cache, () => 'real'),
  )
}

describe('the public routes', () => {
  it('lists a sport’s leagues with the provider’s available counts, named by their class', async () => {
    const listing = await publicFeed().leagues('badminton')
    expect(listing.note).toBeNull()
    expect(listing.leagues.length).toBeGreaterThan(0)
    for (const league of listing.leagues) {
      expect(league.count).toEqual(expect.any(Number))
      expect(league.className).toEqual(expect.any(String))
    }
    expect(listing.leagues.some((l) => (l.count ?? 0) > 0)).toBe(true)
  })

  it('lists the current feed of a sport, and says so when a sport has no such route', async () => {
    const current = await publicFeed().currentFeed('hockey')
    expect(current.note).toBeNull()
    expect(current.matches.length).toBeGreaterThan(0)
    expect(current.matches[0]).toMatchObject({ sport: 'hockey', home: { name: expect.any(String) } })
    expect(await publicFeed().currentFeed('curling')).toEqual({
      sport: 'curling',
      matches: [],
      note: 'the provider has no public feed for curling',
    })
    expect((await publicFeed().leagues('curling')).note).toBe('the provider lists no leagues for curling')
  })

  it("a finished match's closing prices fill what was not recorded, and not what was", async () => {
    const feed = publicFeed()
    const history = await oddsClient().publicList('badminton', 'history', PublicMatchWire)
    if (!history.ok) throw new Error(history.error.message)
    const match = history.value.records.find((r) => Object.keys(r.odds).length > 0)
    if (!match) throw new Error('no settled match with prices in the history')

    const unrecorded = await feed.history('badminton', match.matchId)
    expect(unrecorded).toMatchObject({ found: true, note: "from the provider's history", covered: 0 })
    expect(unrecorded.gaps.length).toBeGreaterThan(0)
    expect(unrecorded.homeScore).toEqual(expect.any(Number))

    // The app recorded one outcome: the provider's undated closing price of it is no gap any more.
    const [first] = unrecorded.gaps
    cache.recordTicks('real', [
      {
        matchId: match.matchId,
        oddType: first!.oddType,
        oddKey: first!.oddKey,
        price: first!.price,
        suspended: false,
        serverTs: 1_000,
        receivedTs: 1_000,
      },
    ])
    cache.flush()
    const partly = await feed.history('badminton', match.matchId)
    expect(partly.covered).toBe(1)
    expect(partly.gaps).toHaveLength(unrecorded.gaps.length - 1)

    expect(await feed.history('badminton', 999_999_999)).toMatchObject({
      found: false,
      note: "this match is not in the provider's history",
      gaps: [],
    })
    expect(await feed.history('curling', match.matchId)).toMatchObject({
      found: false,
      note: 'the provider keeps no history for curling',
    })
  })
})
