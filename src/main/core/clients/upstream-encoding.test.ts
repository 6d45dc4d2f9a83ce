/**
 * Issue 11.3: values that come from the renderer (sport, match id, odd type, odd key, search text,
 * match-list filters) can never change the path or the query of an upstream request. A real HTTP
 * server records every request line as it arrived; each hostile value either goes out as one
 * encoded value in its own place, or is refused before any request is made.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { pg } from '../../../shared/postgrest/query'
import { DataServiceClient } from './data-service/data-service-client'
import { testHttp } from './http/test-support'
import { OddsClient } from './odds/odds-client'

const HOSTILE = ['../', '..%2F', '?', '#', '&', ',', ')', 'a&lang=xx#frag', 'x,name.eq.y)', '../../bookmaker/1?']

let server: Server
let base = ''
const requests: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => void requests.splice(0))

const data = () =>
  new DataServiceClient({
    http: testHttp('data-service', 'key').http,
    settings: () => ({ sport: 'badminton', dataBaseUrl: `${base}/data/badminton`, imageBaseUrl: base, language: 'en' }),
  })
const odds = () =>
  new OddsClient({
    http: testHttp('odds-feed', 'key').http,
    settings: () => ({ oddsBaseUrl: `${base}/odds`, bookmakerId: '7' }),
  })

describe('upstream requests built from renderer values', () => {
  it.each(HOSTILE)('search text %j stays one ilike value of the name filter', async (text) => {
    const answer = await data().list('badminton', 'teams', { query: pg().ilike('name', `*${text}*`) })
    expect(answer.ok).toBe(true)
    const url = new URL(requests[0] ?? '', base)
    expect(url.pathname).toBe('/data/badminton/teams')
    expect([...url.searchParams.keys()].sort()).toEqual(['lang', 'limit', 'name', 'offset'])
    expect(url.searchParams.get('name')).toBe(`ilike.*${text}*`)
    expect(url.searchParams.get('lang')).toBe('en')
  })

  it.each(HOSTILE)('a sport %j is refused before any request', async (sport) => {
    expect((await data().list(sport, 'teams')).ok).toBe(false)
    expect((await odds().matchPrices(sport, 1)).ok).toBe(false)
    expect((await odds().matches(sport)).ok).toBe(false)
    expect(requests).toEqual([])
  })

  it.each(HOSTILE)('an odd type %j is refused before any request', async (oddType) => {
    const target = { sport: 'badminton', matchId: 1, oddType }
    expect((await odds().liftOverride(target, 'match_winner#home')).ok).toBe(false)
    expect(requests).toEqual([])
  })

  it.each([Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY])(
    'a match id %s is refused before any request',
    async (id) => {
      expect((await odds().matchPrices('badminton', id)).ok).toBe(false)
      expect(requests).toEqual([])
    },
  )

  it.each(HOSTILE)('an odd key %j goes out as the one oddKey value of the lift', async (tail) => {
    const oddKey = `match_winner#${tail}`
    const answer = await odds().liftOverride({ sport: 'badminton', matchId: 1, oddType: 'full-time' }, oddKey)
    expect(answer.ok).toBe(true)
    const url = new URL(requests[0] ?? '', base)
    expect(url.pathname).toBe('/odds/bookmaker/7/badminton/1/full-time')
    expect([...url.searchParams.entries()]).toEqual([['oddKey', oddKey]])
  })

  it.each(HOSTILE)('a match-list filter %j stays one value of its own parameter', async (league) => {
    expect((await odds().matches('badminton', { league }, { maxPages: 1 })).ok).toBe(true)
    const url = new URL(requests[0] ?? '', base)
    expect(url.pathname).toBe('/odds/bookmaker/7/badminton/matches')
    expect([...url.searchParams.entries()]).toEqual([
      ['page', '0'],
      ['league', league],
    ])
  })
})
