import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { pg } from '../../../../shared/postgrest/query'
import { startSimulator } from '../../../../sim'
import type { AnswerOutcome } from '../http/parse-answer'
import { testHttp, type TestHttp } from '../http/test-support'
import { DataServiceClient, type DataSettings } from './data-service-client'
import type { CachedReference, ReferenceCache } from './reference-cache'
import { DATA_ROUTES, type DataRoute } from './routes'

/** The cache port in memory: the SQLite cache has its own tests; this one checks the client's use of it. */
class MemoryReferenceCache implements ReferenceCache {
  readonly entries = new Map<string, CachedReference>()
  getReference(sport: string, route: string, paramsKey: string): CachedReference | null {
    return this.entries.get(`${sport} ${route} ${paramsKey}`) ?? null
  }
  putReference(sport: string, route: string, paramsKey: string, records: unknown[], fetchedAt: number): void {
    this.entries.set(`${sport} ${route} ${paramsKey}`, { records, fetchedAt })
  }
}

type Sim = Awaited<ReturnType<typeof startSimulator>>
let sim: Sim
let t: TestHttp
let cache: MemoryReferenceCache
let clock: { now: number }
/** The answers that had records refused. */
let malformed: AnswerOutcome[]
let data: DataServiceClient
let settings: DataSettings

function client(http = t.http): DataServiceClient {
  return new DataServiceClient({
    http,
    settings: () => settings,
    cache,
    now: () => clock.now,
    onAnswer: (outcome) => {
      if (outcome.refused > 0) malformed.push(outcome)
    },
  })
}

beforeAll(async () => {
  // Enough matches that /matches spans more than two pages of 50.
  sim = await startSimulator({ seed: 3, rate: 10, liveMatches: 80 })
})
afterAll(() => sim.close())

beforeEach(() => {
  sim.control.setFaults({})
  settings = { sport: 'badminton', dataBaseUrl: sim.dataBaseUrl, imageBaseUrl: sim.imageBaseUrl, language: 'en' }
  t = testHttp('data-service', sim.apiKey)
  cache = new MemoryReferenceCache()
  clock = { now: Date.now() }
  malformed = []
  data = client()
})

const offsetsRead = (logs: string[]) => logs.map((l) => /limit=(\d+)&offset=(\d+)/.exec(l)?.slice(1).join('@'))

describe('DataServiceClient against the simulator', () => {
  it('reads every one of the 36 routes, every record valid under the shared schemas', async () => {
    const routes = Object.keys(DATA_ROUTES) as DataRoute[]
    expect(routes).toHaveLength(36)
    for (const route of routes) {
      const page = await data.list('badminton', route, { limit: 3 })
      if (!page.ok) throw new Error(`${route}: ${page.error.message}`)
      expect({ route, malformed: page.value.malformed }).toEqual({ route, malformed: 0 })
    }
    expect(malformed).toEqual([])
  })

  it("reaches another sport's data service by swapping the sport in the configured URL", async () => {
    const page = await data.list('hockey', 'leagues', { limit: 2 })
    expect(page.ok && page.value.records.length).toBe(2)
    expect(t.logs.at(-1)).toMatch(/^GET \/data\/hockey\/leagues\?/)
  })

  it('walks offset in steps of 50 when more than 50 are asked for', async () => {
    const page = await data.list('badminton', 'matches', { query: pg().order('id'), limit: 120 })
    if (!page.ok) throw new Error(page.error.message)
    expect(offsetsRead(t.logs)).toEqual(['50@0', '50@50', '20@100'])
    const ids = page.value.records.map((m) => m.id)
    expect(ids).toHaveLength(120)
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true)

    const tail = await data.list('badminton', 'matches', { query: pg().order('id'), limit: 'all', offset: 100 })
    expect(tail.ok && tail.value.records.slice(0, 20).map((m) => m.id)).toEqual(ids.slice(100))
    expect(tail.ok && tail.value.records.length % 50).not.toBe(0)
  })

  it('filters with the query builder, reads one record by id, and asks for the language', async () => {
    const teams = await data.list('badminton', 'teams', { limit: 2 })
    const team = teams.ok ? teams.value.records[1] : undefined
    if (!team) throw new Error('no team')
    expect(await data.byId('badminton', 'teams', team.id)).toMatchObject({
      ok: true,
      value: { id: team.id, name: team.name },
    })
    expect(await data.byId('badminton', 'teams', 999_999_999)).toEqual({ ok: true, value: null })

    const english = await data.list('badminton', 'countries', { limit: 'all' })
    const german = await data.list('badminton', 'countries', { limit: 'all', lang: 'de' })
    if (!english.ok || !german.ok) throw new Error('countries failed')
    const denmark = english.value.records.find((c) => c.name === 'Denmark')
    expect(german.value.records.find((c) => c.id === denmark?.id)?.name).toBe('Dänemark')
    expect(t.logs.filter((l) => l.includes('/countries?')).map((l) => /lang=(\w+)/.exec(l)?.[1])).toEqual(['en', 'de'])
  })

  it('builds image URLs that the image service serves, and refuses hashes that are not plain tokens', async () => {
    const teams = await data.list('badminton', 'teams', { limit: 1 })
    const hash = teams.ok ? teams.value.records[0]?.hash_image : undefined
    const url = data.imageUrl(String(hash))
    expect(url).toBe(`${sim.imageBaseUrl}/${hash}.png`)
    const response = await fetch(url!)
    expect(response.status).toBe(200)
    expect(data.imageUrl('../../etc/passwd')).toBeNull()
  })

  it('serves daily routes from the cache for a day; force and age refetch; other routes always fetch', async () => {
    const first = await data.list('badminton', 'classes')
    const second = await data.list('badminton', 'classes')
    expect(first.ok && first.value.fromCache).toBe(false)
    expect(second.ok && second.value.fromCache).toBe(true)
    expect(second.ok && second.value.records).toEqual(first.ok && first.value.records)
    expect(t.logs).toHaveLength(1)

    expect((await data.list('badminton', 'classes', { force: true })).ok).toBe(true)
    expect(t.logs).toHaveLength(2)
    clock.now += 25 * 60 * 60 * 1000
    const stale = await data.list('badminton', 'classes')
    expect(stale.ok && stale.value.fromCache).toBe(false)
    expect(t.logs).toHaveLength(3)

    await data.list('badminton', 'matches-live')
    await data.list('badminton', 'matches-live')
    expect(t.logs).toHaveLength(5)
    expect([...cache.entries.keys()]).toEqual(['badminton classes limit=50&offset=0&lang=en'])
  })

  it('401 rejects the key and stops calling; 403 refuses only that sport; 404 is "not available"', async () => {
    t.key.value = 'not-the-key'
    expect(await data.list('badminton', 'teams')).toEqual({
      ok: false,
      error: { kind: 'key_rejected', status: 401, message: 'key rejected' },
    })
    expect(await data.list('badminton', 'leagues')).toMatchObject({ ok: false, error: { kind: 'key_rejected' } })
    expect(t.logs).toHaveLength(1)
    expect(JSON.stringify({ logs: t.logs, states: t.states })).not.toContain('not-the-key')

    t.key.value = `${sim.apiKey}:hockey` // a key whose plan covers hockey only
    expect(await data.list('badminton', 'teams')).toEqual({
      ok: false,
      error: { kind: 'no_access', status: 403, message: 'no access to this sport' },
    })
    expect(await data.list('badminton', 'teams')).toMatchObject({ ok: false, error: { kind: 'no_access' } })
    expect((await data.list('hockey', 'teams', { limit: 1 })).ok).toBe(true)
    expect(t.logs).toHaveLength(3)
    expect(t.http.gate.state()).toMatchObject({ status: 'ok', noAccess: ['badminton'] })

    expect(await data.list('curling', 'teams')).toEqual({
      ok: false,
      error: { kind: 'not_available', status: 404, message: 'not available for this sport' },
    })
    expect(await data.list('badminton', 'players' as DataRoute)).toEqual({
      ok: false,
      error: { kind: 'bad_request', message: 'unknown data service route "players"' },
    })
  })

  it('429: the retry goes out no sooner than Retry-After, then the answer arrives', async () => {
    const arrivals: { line: string; at: number }[] = []
    const timed = testHttp('data-service', sim.apiKey, {
      log: (line) => arrivals.push({ line, at: performance.now() }),
    })
    const timedData = client(timed.http)
    sim.control.setFaults({ burst429: { every: 1, count: 1, retryAfterSeconds: 1 } })
    expect((await timedData.list('badminton', 'matches-live')).ok).toBe(true) // request 1 passes, arms the burst
    const result = await timedData.list('badminton', 'matches-live')
    expect(result.ok).toBe(true)
    const refused = arrivals.findIndex((a) => a.line.includes('→ 429'))
    expect(refused).toBe(1)
    const waited = arrivals[refused + 1]!.at - arrivals[refused]!.at
    expect(waited).toBeGreaterThanOrEqual(1000)
    expect(timed.states.map((s) => s.status)).toContain('backing_off')
    expect(timed.http.gate.state().status).toBe('ok')
  })

  it('503: capped retries, a failing state, and recovery once the service is back', async () => {
    sim.control.setFaults({ error5xxRatio: 1 })
    expect(await data.list('badminton', 'matches-live')).toEqual({
      ok: false,
      error: { kind: 'server', status: 503, message: 'the data service failed (status 503)' },
    })
    expect(t.logs.filter((l) => l.includes('→ 503'))).toHaveLength(4) // first attempt + 3 retries
    expect(t.http.gate.state().status).toBe('failing')
    sim.control.setFaults({})
    expect((await data.list('badminton', 'matches-live')).ok).toBe(true)
    expect(t.http.gate.state().status).toBe('ok')
  })

  it('times out a slow service in words', async () => {
    sim.control.setFaults({ slowMs: 400 })
    const slow = client(testHttp('data-service', sim.apiKey, { timeoutMs: 100, retry: { maxRetries: 0 } }).http)
    expect(await slow.list('badminton', 'teams')).toEqual({
      ok: false,
      error: { kind: 'timeout', message: 'no answer from the data service within 0.1 s' },
    })
  })
})

/** A loopback data service whose answers the test writes; records every request path. */
async function scriptedDataService(answer: (url: URL, res: ServerResponse) => void) {
  const paths: string[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    paths.push(`${url.pathname}${url.search}`)
    answer(url, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  settings.dataBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data/badminton`
  return {
    paths,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

describe('DataServiceClient against a scripted data service', () => {
  it('skips and counts a record that fails its schema, keeps the good ones, and reports the route', async () => {
    const teams = await data.list('badminton', 'teams', { limit: 3 })
    if (!teams.ok) throw new Error(teams.error.message)
    const [a, b, c] = teams.value.records
    const server = await scriptedDataService((_url, res) =>
      res.end(JSON.stringify([a, { ...b, id: 'not-a-number' }, c])),
    )
    try {
      const page = await data.list('badminton', 'teams', { limit: 3, force: true })
      expect(page.ok && page.value.records.map((r) => r.id)).toEqual([a!.id, c!.id])
      expect(page.ok && page.value.malformed).toBe(1)
      expect(malformed).toEqual([
        {
          route: '/teams',
          read: 2,
          refused: 1,
          whole: false,
          firstRefusal: expect.stringMatching(/^record 1 field id: /),
        },
      ])
    } finally {
      server.close()
    }
  })

  it('an abort in the middle of a walk answers "aborted" and caches nothing of the pages already read', async () => {
    const controller = new AbortController()
    const fullPage = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: `Team ${i + 1}` }))
    const server = await scriptedDataService((url, res) => {
      if (url.searchParams.get('offset') === '0') return void res.end(JSON.stringify(fullPage))
      controller.abort() // the second page is in flight: the trader cancels now, and it never answers
    })
    try {
      const result = await data.list('badminton', 'teams', { limit: 120, signal: controller.signal })
      expect(result).toEqual({ ok: false, error: { kind: 'aborted', message: 'request cancelled' } })
      expect(server.paths).toEqual([
        '/data/badminton/teams?limit=50&offset=0&lang=en',
        '/data/badminton/teams?limit=50&offset=50&lang=en',
      ])
      expect(cache.entries.size).toBe(0)
    } finally {
      server.close()
    }
  })
})
