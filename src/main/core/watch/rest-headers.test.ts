/**
 * What a /matches record adds to a header (D7): only what no live message has filled, so a REST
 * answer that lands after a live message never takes the header back in time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { blankHeader, type MatchHeader } from '../../../shared/board'
import { MatchRecord } from '../../../shared/wire/data-service'
import { startSimulator } from '../../../sim'
import { waitUntil } from '../../../test-support/wait'
import { RestHeaders, restHeaderPatch } from './rest-headers'

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const NOW = 1_700_000_000_000

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * A live match's record in the shape field-notes.md shows (the simulator serves the same): play
 * began 31 minutes ago, the second game 9 minutes ago; `duration` is the planned 9000 s.
 */
const record = MatchRecord.parse({
  id: 7,
  status: { type: 'live', reason: '2nd game' },
  status_type: 'live',
  home_team_score: { current: 1, display: 1, period_1: 21, period_2: 9, default_time: 1 },
  away_team_score: { current: 0, display: 0, period_1: 17, period_2: 11, default_time: 0 },
  times: { specific_start_time: iso(NOW - 1860_000), period_1: iso(NOW - 1860_000), period_2: iso(NOW - 540_000) },
  specific_start_time: iso(NOW - 1860_000),
  duration: 9000,
  last_period: 'period_2',
})

const empty: MatchHeader = blankHeader(7, 'badminton')

describe('restHeaderPatch', () => {
  it('fills an empty header: status and reason, both scores with their games, the clock of a live match', () => {
    expect(restHeaderPatch(empty, record, NOW)).toEqual({
      status: 'live',
      statusReason: '2nd game',
      score: { home: { current: 1, periods: [21, 9] }, away: { current: 0, periods: [17, 11] } },
      clock: { elapsedSeconds: 1860, period: '2', at: NOW },
    })
  })

  it('leaves what live messages filled, and fills only the team a live score has not reached yet', () => {
    const live: MatchHeader = {
      ...empty,
      status: 'finished',
      statusReason: 'Ended',
      score: { home: { current: 2, periods: [21, 21] }, away: { current: null, periods: [] } },
      clock: { elapsedSeconds: 2400, period: '2', at: NOW - 1000 },
    }
    expect(restHeaderPatch(live, record, NOW)).toEqual({
      score: { home: { current: 2, periods: [21, 21] }, away: { current: 0, periods: [17, 11] } },
    })
  })

  it('replaces both scores when a live message named no side (D10), and leaves a score it agrees with', () => {
    const live: MatchHeader = {
      ...empty,
      score: { home: { current: 0, periods: [19] }, away: { current: 0, periods: [20] } },
    }
    expect(restHeaderPatch(live, record, NOW, true).score).toEqual({
      home: { current: 1, periods: [21, 9] },
      away: { current: 0, periods: [17, 11] },
    })
    const same = { ...live, score: { home: { current: 1, periods: [21, 9] }, away: { current: 0, periods: [17, 11] } } }
    expect(restHeaderPatch(same, record, NOW, true)).not.toHaveProperty('score')
  })

  it("reads the clock from `times`, else the record's own start, never from `duration`", () => {
    const bare = MatchRecord.parse({ ...record, times: {}, last_period: 'period_3' })
    expect(restHeaderPatch(empty, bare, NOW).clock).toEqual({ elapsedSeconds: 1860, period: '3', at: NOW })
    const none = MatchRecord.parse({ ...record, times: 'soon', specific_start_time: null })
    expect(restHeaderPatch(empty, none, NOW)).not.toHaveProperty('clock')
  })

  it("adds the reason to the odds feed's bare status when they agree, never a different status", () => {
    expect(restHeaderPatch({ ...empty, status: 'live' }, record, NOW)).toMatchObject({
      status: 'live',
      statusReason: '2nd game',
    })
    expect(restHeaderPatch({ ...empty, status: 'finished' }, record, NOW)).not.toHaveProperty('status')
  })

  it('gives no score or clock before the start (the service sends empty score objects)', () => {
    const upcoming = MatchRecord.parse({
      id: 7,
      status: { type: 'upcoming', reason: 'Not started' },
      home_team_score: {},
      away_team_score: {},
      times: {},
      duration: 9000,
    })
    expect(restHeaderPatch(empty, upcoming, NOW)).toEqual({ status: 'upcoming', statusReason: 'Not started' })
  })
})

describe('RestHeaders.refresh', () => {
  it('asks again at most once per interval, several asks as one, none for a match forgotten meanwhile', async () => {
    const s = await startSimulator({ seed: 3, liveMatches: 2 })
    cleanups.push(() => s.close())
    const [id = 0] = s.control.liveOddsMatchIds('badminton')
    const asked: number[][] = []
    const records: MatchRecord[] = []
    const headers = new RestHeaders({
      fetch: async (_sport, ids, signal) => {
        asked.push([...ids])
        const res = await fetch(`${s.dataBaseUrl}/matches?id=in.(${ids.join(',')})`, {
          headers: { authorization: `Bearer ${s.apiKey}` },
          signal,
        })
        return MatchRecord.array().parse(await res.json())
      },
      isWatched: () => true,
      onRecord: (_sport, record) => records.push(record),
      refreshMs: 60_000,
    })
    cleanups.push(() => headers.close())
    headers.request('badminton', id)
    await waitUntil(() => records.length === 1, 'the record asked for at watch')
    // Within the interval: the asks wait for its end, as one (the timers are fake from here on).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    cleanups.push(() => void vi.useRealTimers())
    for (let i = 0; i < 3; i++) headers.refresh('badminton', id)
    await vi.advanceTimersByTimeAsync(60_000)
    await waitUntil(() => records.length === 2, 'one refreshed record')
    expect(asked).toEqual([[id], [id]])
    headers.refresh('badminton', id)
    headers.forget('badminton', id)
    await vi.advanceTimersByTimeAsync(120_000)
    expect(asked).toEqual([[id], [id]])
  })
})
