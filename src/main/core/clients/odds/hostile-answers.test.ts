/**
 * Hostile REST answers (issue 11.2) from a small real HTTP server on loopback: each is refused as
 * a bad response with a report (the core counts it as `refused:rest`), never applied, never a crash.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnswerOutcome } from '../http/parse-answer'
import { testHttp } from '../http/test-support'
import { OddsClient } from './odds-client'

const GOOD =
  '{"matchId":5,"sport":"badminton","odds":{"fullTime":[{"name":"m","outcomes":[{"key":"a","price":1.9}]}]},"override":[]}'
let answer = GOOD
let port = 0
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(answer)
})
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function client() {
  /** The answers refused (an answer read is reported too, with nothing refused). */
  const reports: AnswerOutcome[] = []
  const report = (outcome: AnswerOutcome) => {
    if (outcome.refused > 0) reports.push(outcome)
  }
  const { http } = testHttp('odds-feed', 'k', { onRefused: report })
  const odds = new OddsClient({
    http,
    settings: () => ({ oddsBaseUrl: `http://127.0.0.1:${port}/odds`, bookmakerId: 'b' }),
    onAnswer: report,
  })
  return { odds, reports }
}

const price = (p: string) => GOOD.replace('"price":1.9', `"price":${p}`)

describe('hostile REST answers', () => {
  it('reads a good answer (the server is sound)', async () => {
    answer = GOOD
    const { odds, reports } = client()
    expect(await odds.matchPrices('badminton', 5)).toMatchObject({ ok: true, value: { matchId: 5 } })
    expect(reports).toEqual([])
  })

  it.each([
    ['truncated JSON', GOOD.slice(0, 40)],
    ['a __proto__ key', `{"__proto__":{"polluted":true},${GOOD.slice(1)}`],
    ['a constructor key', GOOD.replace('"sport"', '"constructor":{"prototype":{"polluted":true}},"sport"')],
    ['a price of 1', price('1')],
    ['a price below 1', price('0.2')],
    ['an infinite price', price('1e999')],
    ['a price as text', price('"1.9"')],
    ['a wrong type', GOOD.replace('"matchId":5', '"matchId":"5"')],
    ['not an object', '[1,2,3]'],
  ])('refuses %s with a report', async (_what, body) => {
    answer = body
    const { odds, reports } = client()
    const result = await odds.matchPrices('badminton', 5)
    expect(result).toMatchObject({ ok: false, error: { kind: 'bad_response' } })
    expect(reports).toEqual([
      expect.objectContaining({ route: 'bookmaker/{sport}/{matchId}', refused: 1, whole: true }),
    ])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
