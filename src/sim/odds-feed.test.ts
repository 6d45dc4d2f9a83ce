/**
 * The odds feed against its contract: bookmaker routes, auth, match list, snapshots in the
 * canonical shape of src/shared/wire/odds.ts, the override PATCH round trip with expiry, change
 * and lift on both the REST answer and the overrides stream, and the public routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BookmakerWire,
  MatchPricesWire,
  ODD_GROUPS,
  OddsMatchListEntryWire,
  OverridesStreamMessage,
  UpdatesMessage,
  VerifyWire,
} from '../shared/wire/odds'
import { startSimulator, type SimulatorHandle } from './index'
import { rivalApiKey } from './world/build'
import { getJson, oddsStreamUrl, parseAll, sendJson, WsCollector } from './test-support'

let sim: SimulatorHandle
let bk: string
beforeAll(async () => {
  sim = await startSimulator({ seed: 7, rate: 300 })
  bk = `${sim.oddsBaseUrl}/bookmaker/${sim.bookmakerId}`
})
afterAll(async () => sim.close())

const liveMatch = (sport = 'badminton'): number => {
  const id = sim.control.liveOddsMatchIds(sport)[0]
  if (id === undefined) throw new Error(`no live ${sport} match`)
  return id
}

describe('bookmaker routes', () => {
  it('answers the bookmaker record with all three sports', async () => {
    const res = await getJson(bk, sim.apiKey)
    expect(res.status).toBe(200)
    expect(BookmakerWire.parse(res.body).sports).toEqual(['badminton', 'cricket', 'hockey'])
    expect(sim.bookmakerId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('refuses: no key 401, unknown bookmaker 404, another bookmaker key 403, unknown sport 404', async () => {
    expect((await getJson(bk)).status).toBe(401)
    expect((await getJson(bk, 'nope')).status).toBe(401)
    expect(
      (await getJson(`${sim.oddsBaseUrl}/bookmaker/00000000-0000-4000-8000-000000000000`, sim.apiKey)).status,
    ).toBe(404)
    expect((await getJson(bk, rivalApiKey(sim.apiKey))).status).toBe(403)
    expect((await getJson(`${bk}/curling/matches`, sim.apiKey)).status).toBe(404)
    expect((await getJson(`${bk}/badminton/999`, sim.apiKey)).status).toBe(404)
  })

  it.each(['badminton', 'cricket', 'hockey'] as const)(
    '%s snapshots carry the sport groups, priced with a ~5%% margin',
    async (sport) => {
      const id = liveMatch(sport)
      const res = await getJson(`${bk}/${sport}/${id}`, sim.apiKey)
      const prices = MatchPricesWire.parse(res.body)
      expect(prices.matchId).toBe(id)
      expect(Object.keys(prices.odds).sort()).toEqual(
        ODD_GROUPS[sport].map((g) => g.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())).sort(),
      )
      for (const group of Object.values(prices.odds)) {
        expect(group.length).toBeGreaterThan(0)
        for (const market of group) {
          const implied = market.outcomes.reduce((s, o) => s + 1 / (o.price as number), 0)
          expect(implied).toBeGreaterThan(1.0)
          expect(implied).toBeLessThan(1.12)
        }
      }
      expect(prices.seq).toBeTypeOf('number')
      expect(VerifyWire.parse((await getJson(`${bk}/${sport}/${id}/verify`, sim.apiKey)).body).ok).toBe(true)
    },
  )

  it('match list: live/upcoming only, totalOdds > 0, filters, pages of 100', async () => {
    const all = (await getJson(`${bk}/hockey/matches`, sim.apiKey)).body as unknown[]
    expect(all.length).toBeGreaterThan(0)
    for (const raw of all) {
      const e = OddsMatchListEntryWire.parse(raw)
      expect(e.totalOdds).toBeGreaterThan(0)
      expect(['live', 'upcoming', 'interrupted', 'delayed']).toContain(e.status)
    }
    const live = (await getJson(`${bk}/hockey/matches?status=live`, sim.apiKey)).body as Array<{ matchId: number }>
    expect(live.map((m) => m.matchId).sort()).toEqual([...sim.control.liveOddsMatchIds('hockey')].sort())
    const first = OddsMatchListEntryWire.parse(all[0])
    const byTeam = (
      await getJson(`${bk}/hockey/matches?homeTeam=${encodeURIComponent(first.homeTeam ?? '')}`, sim.apiKey)
    ).body as Array<{ homeTeam: string }>
    for (const m of byTeam) expect(m.homeTeam).toBe(first.homeTeam)
    expect((await getJson(`${bk}/hockey/matches?page=1`, sim.apiKey)).body).toEqual([])
    expect((await getJson(`${bk}/hockey/matches?status=finished`, sim.apiKey)).status).toBe(400)
    expect((await getJson(`${bk}/hockey/matches?page=-1`, sim.apiKey)).status).toBe(400)
  })
})

describe('overrides', () => {
  const patch = (sport: string, id: number, oddType: string, body: unknown) =>
    sendJson('PATCH', `${bk}/${sport}/${id}/${oddType}`, sim.apiKey, body)

  it('PATCH sets, a second PATCH changes, expiry restores; REST answer and both streams agree', async () => {
    const id = liveMatch()
    const overrides = await WsCollector.open(oddsStreamUrl(sim, 'badminton', id, 'overrides'))
    const updates = await WsCollector.open(oddsStreamUrl(sim, 'badminton', id, 'updates'))
    try {
      const set = await patch('badminton', id, 'full-time', {
        oddKey: 'match_winner#home',
        oddValue: 7.5,
        durationSeconds: 30,
        suspended: false,
      })
      expect(set.status).toBe(200)
      expect(set.body).toMatchObject({ action: 'set', oddValue: 7.5 })
      const changed = await patch('badminton', id, 'full-time', {
        oddKey: 'match_winner#home',
        oddValue: 9.25,
        durationSeconds: 1,
        suspended: true,
      })
      expect(changed.body).toMatchObject({ action: 'changed', previousValue: 7.5 })

      const snapshot = MatchPricesWire.parse((await getJson(`${bk}/badminton/${id}`, sim.apiKey)).body)
      const home = snapshot.odds.fullTime
        ?.find((m) => m.name === 'match_winner')
        ?.outcomes.find((o) => o.key === 'home')
      expect(home).toMatchObject({ price: 9.25, suspended: true })
      expect(snapshot.override).toEqual([
        expect.objectContaining({ oddType: 'full-time', oddKey: 'match_winner#home', oddValue: 9.25 }),
      ])
      // The control view serves the same override; the rest of the book may have walked in between.
      const control = sim.control.matchPrices('badminton', id)
      expect(control.override).toEqual(snapshot.override)
      expect(control.odds.fullTime?.find((m) => m.name === 'match_winner')?.outcomes).toContainEqual(home)

      await overrides.until((m) => m.some((t) => t.includes('"expired"')), 5000)
      const events = parseAll(overrides.messages)
        .map((m) => OverridesStreamMessage.parse(m))
        .filter((m) => m.type === 'override')
      expect(events.map((e) => e.action)).toEqual(['set', 'changed', 'expired'])
      const after = MatchPricesWire.parse((await getJson(`${bk}/badminton/${id}`, sim.apiKey)).body)
      expect(after.override).toEqual([])
      const restored = after.odds.fullTime
        ?.find((m) => m.name === 'match_winner')
        ?.outcomes.find((o) => o.key === 'home')
      expect(restored?.price).not.toBe(9.25)
      const served = parseAll(updates.messages)
        .map((m) => UpdatesMessage.parse(m))
        .filter((m) => m.type === 'price' && m.oddKey === 'match_winner#home')
      // Walk moves may come before the PATCH; after it the served prices are the overrides'.
      const prices = served.map((m) => (m.type === 'price' ? m.price : 0))
      const at = prices.indexOf(7.5)
      expect(at).toBeGreaterThanOrEqual(0)
      expect(prices.slice(at, at + 2)).toEqual([7.5, 9.25])
    } finally {
      overrides.close()
      updates.close()
    }
  })

  it('DELETE lifts an override before it expires', async () => {
    const id = liveMatch('hockey')
    const overrides = await WsCollector.open(oddsStreamUrl(sim, 'hockey', id, 'overrides'))
    try {
      expect(
        (
          await patch('hockey', id, 'period-time', {
            oddKey: 'period_winner#draw',
            oddValue: 4,
            durationSeconds: 600,
            suspended: false,
          })
        ).status,
      ).toBe(200)
      const lifted = await sendJson(
        'DELETE',
        `${bk}/hockey/${id}/period-time?oddKey=${encodeURIComponent('period_winner#draw')}`,
        sim.apiKey,
        '',
      )
      expect(lifted).toMatchObject({ status: 200, body: { action: 'lifted' } })
      await overrides.until((m) => m.some((t) => t.includes('"lifted"')))
      expect(sim.control.matchPrices('hockey', id).override).toEqual([])
      expect(
        (
          await sendJson(
            'DELETE',
            `${bk}/hockey/${id}/period-time?oddKey=${encodeURIComponent('period_winner#draw')}`,
            sim.apiKey,
            '',
          )
        ).status,
      ).toBe(404)
    } finally {
      overrides.close()
    }
  })

  it.each([
    ['not JSON', 'full-time', '{oops', /not valid JSON/],
    ['missing fields', 'full-time', { oddKey: 'match_winner#home' }, /oddValue/],
    [
      'extra field',
      'full-time',
      { oddKey: 'match_winner#home', oddValue: 2, durationSeconds: 5, suspended: false, x: 1 },
      /x/,
    ],
    [
      'bad oddKey form',
      'full-time',
      { oddKey: 'nohash', oddValue: 2, durationSeconds: 5, suspended: false },
      /market_name/,
    ],
    [
      'price not above 1',
      'full-time',
      { oddKey: 'match_winner#home', oddValue: 1, durationSeconds: 5, suspended: false },
      /above 1/,
    ],
    [
      'unknown oddKey',
      'full-time',
      { oddKey: 'match_winner#draw', oddValue: 2, durationSeconds: 5, suspended: false },
      /unknown oddKey 'match_winner#draw'/,
    ],
    [
      'unknown oddType',
      'half-time',
      { oddKey: 'match_winner#home', oddValue: 2, durationSeconds: 5, suspended: false },
      /unknown oddType 'half-time'/,
    ],
  ])('PATCH with %s → 400 in words', async (_name, oddType, body, message) => {
    const res = await patch('badminton', liveMatch(), oddType, body)
    expect(res.status).toBe(400)
    expect((res.body as { message: string }).message).toMatch(message)
  })

  it('PATCH needs the bookmaker key', async () => {
    const res = await sendJson('PATCH', `${bk}/badminton/${liveMatch()}/full-time`, rivalApiKey(sim.apiKey), {
      oddKey: 'match_winner#home',
      oddValue: 2,
      durationSeconds: 5,
      suspended: false,
    })
    expect(res.status).toBe(403)
  })
})

describe('public routes', () => {
  it('serve current feed, history, classes and leagues without a key', async () => {
    const feed = (await getJson(`${sim.oddsBaseUrl}/hockey`)).body as Array<Record<string, unknown>>
    expect(feed.length).toBeGreaterThan(0)
    const history = (await getJson(`${sim.oddsBaseUrl}/cricket-history`)).body as Array<Record<string, unknown>>
    expect(history.length).toBeGreaterThan(0)
    for (const h of history) expect(h.status).toBe('finished')
    expect(((await getJson(`${sim.oddsBaseUrl}/hockey-classes`)).body as unknown[]).length).toBeGreaterThan(0)
    const leagues = (await getJson(`${sim.oddsBaseUrl}/cricket-leagues`)).body as Array<{ count: number }>
    expect(leagues.some((l) => l.count > 0)).toBe(true)
    expect((await getJson(`${sim.oddsBaseUrl}/esports`)).body).toEqual([])
    expect((await getJson(`${sim.oddsBaseUrl}/curling`)).status).toBe(404)
  })
})
