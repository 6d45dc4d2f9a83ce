import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MatchPricesWire } from '../../../../shared/wire/odds'
import { startSimulator } from '../../../../sim'
import { testHttp, type TestHttp } from '../http/test-support'
import { ODDS_PAGE_SIZE, OddsClient } from './odds-client'

type Sim = Awaited<ReturnType<typeof startSimulator>>
let sim: Sim
let t: TestHttp
let odds: OddsClient
const settings = { oddsBaseUrl: '', bookmakerId: '' }

beforeAll(async () => {
  // Enough live matches that the match list spans several 100-match pages.
  sim = await startSimulator({ seed: 11, rate: 20, liveMatches: 150 })
  settings.oddsBaseUrl = sim.oddsBaseUrl
  settings.bookmakerId = sim.bookmakerId
})
afterAll(() => sim.close())

beforeEach(() => {
  sim.control.setFaults({})
  settings.bookmakerId = sim.bookmakerId
  t = testHttp('odds-feed', sim.apiKey)
  odds = new OddsClient({ http: t.http, settings: () => settings })
})

/** A live badminton match and one outcome of its first group, from the server's own truth. */
function anOutcome() {
  const matchId = sim.control.liveOddsMatchIds('badminton')[0]!
  const prices = MatchPricesWire.parse(sim.control.matchPrices('badminton', matchId))
  const market = prices.odds.fullTime![0]!
  return { matchId, oddKey: `${market.name}#${market.outcomes[0]!.key}` }
}

describe('OddsClient against the simulator', () => {
  it('reads the bookmaker record', async () => {
    const result = await odds.bookmaker()
    expect(result.ok && result.value.sports).toContain('badminton')
    expect(result.ok && result.value.id).toBe(sim.bookmakerId)
  })

  it('walks the match list pages until a short page', async () => {
    const result = await odds.matches('badminton')
    if (!result.ok) throw new Error(result.error.message)
    const pagesRead = t.logs.filter((l) => l.includes('/badminton/matches?page=')).length
    expect(result.value.records.length).toBeGreaterThan(2 * ODDS_PAGE_SIZE)
    expect(pagesRead).toBe(Math.floor(result.value.records.length / ODDS_PAGE_SIZE) + 1)
    expect(new Set(result.value.records.map((m) => m.matchId)).size).toBe(result.value.records.length)
    expect(result.value.malformed).toBe(0)
    expect(result.value.records.every((m) => m.totalOdds > 0)).toBe(true)
    const live = await odds.matches('badminton', { status: 'live' })
    if (!live.ok) throw new Error(live.error.message)
    const liveIds = live.value.records.map((m) => m.matchId)
    expect(liveIds.length).toBeLessThan(result.value.records.length)
    expect(liveIds).toEqual(expect.arrayContaining(sim.control.liveOddsMatchIds('badminton')))
  })

  it('reads match prices equal to the server truth, and verify', async () => {
    sim.control.setRate(0)
    try {
      const { matchId } = anOutcome()
      const prices = await odds.matchPrices('badminton', matchId)
      expect(prices).toEqual({ ok: true, value: MatchPricesWire.parse(sim.control.matchPrices('badminton', matchId)) })
      const verify = await odds.verify('badminton', matchId)
      expect(verify.ok && verify.value.matchId).toBe(matchId)
    } finally {
      sim.control.setRate(20)
    }
  })

  it('sets an override visible in the server truth, then lifts it', async () => {
    const { matchId, oddKey } = anOutcome()
    const target = { sport: 'badminton', matchId, oddType: 'full-time' }
    const set = await odds.setOverride(target, { oddKey, oddValue: 7.77, durationSeconds: 60, suspended: false })
    expect(set.ok).toBe(true)
    const active = () => sim.control.matchPrices('badminton', matchId).override.filter((o) => o.oddKey === oddKey)
    expect(active()).toMatchObject([{ oddType: 'full-time', oddKey, oddValue: 7.77, durationSeconds: 60 }])

    expect((await odds.liftOverride(target, oddKey)).ok).toBe(true)
    expect(active()).toEqual([])
    expect(await odds.liftOverride(target, oddKey)).toMatchObject({ ok: false, error: { kind: 'not_available' } })
  })

  it('refuses an invalid override before sending, and reports a server refusal in its words', async () => {
    const { matchId } = anOutcome()
    const target = { sport: 'badminton', matchId, oddType: 'full-time' }
    const invalid = await odds.setOverride(target, {
      oddKey: 'no-hash',
      oddValue: 0.5,
      durationSeconds: 60,
      suspended: false,
    })
    expect(invalid).toEqual({
      ok: false,
      error: {
        kind: 'bad_request',
        message: 'oddKey must be <market_name>#<outcome_key>; oddValue must be a decimal price above 1',
      },
    })
    expect(await odds.setOverride({ ...target, oddType: 'period-time' }, {})).toMatchObject({
      ok: false,
      error: { kind: 'bad_request' },
    })
    expect(t.logs).toEqual([])

    const refused = await odds.setOverride(target, {
      oddKey: 'nope#x',
      oddValue: 2,
      durationSeconds: 60,
      suspended: false,
    })
    expect(refused).toMatchObject({ ok: false, error: { kind: 'bad_request', status: 400 } })
    expect(!refused.ok && refused.error.message).toMatch(/^refused by the odds feed: unknown oddKey 'nope#x'/)
  })

  it('401: key rejected, then no further requests until the key changes', async () => {
    t.key.value = 'wrong-key'
    expect(await odds.bookmaker()).toEqual({
      ok: false,
      error: { kind: 'key_rejected', status: 401, message: 'key rejected' },
    })
    expect(await odds.matches('badminton')).toMatchObject({ ok: false, error: { kind: 'key_rejected' } })
    expect(t.logs).toHaveLength(1)
    expect(t.http.gate.state().status).toBe('key_rejected')
    t.key.value = sim.apiKey
    expect((await odds.bookmaker()).ok).toBe(true)
    expect(t.http.gate.state().status).toBe('ok')
  })

  it("403: another bookmaker's key has no access; 404: an unknown bookmaker or sport", async () => {
    t.key.value = `${sim.apiKey}-rival`
    expect(await odds.matches('badminton')).toEqual({
      ok: false,
      error: { kind: 'no_access', status: 403, message: 'no access to this sport' },
    })
    expect(t.http.gate.state()).toMatchObject({ status: 'no_access', noAccess: ['badminton'] })
    t.key.value = sim.apiKey
    expect(await odds.matchPrices('football', 1)).toMatchObject({
      ok: false,
      error: { kind: 'not_available', status: 404 },
    })
    settings.bookmakerId = '00000000-0000-4000-8000-000000000000'
    expect(await odds.bookmaker()).toEqual({
      ok: false,
      error: { kind: 'not_available', status: 404, message: 'not available for this bookmaker' },
    })
  })
})
