/** The public routes' assumptions (odds-public.ts P2–P5) hold for the variants a real server may send. */
import { describe, expect, it } from 'vitest'
import { PublicClassWire, PublicLeagueWire, PublicMatchWire, unwrapList } from './odds-public'

describe('public route records', () => {
  it('reads a match entry in our names or the data service’s, with a start in ISO, seconds or ms', () => {
    const ours = PublicMatchWire.parse({
      matchId: 5,
      homeTeam: 'A',
      awayTeam: 'B',
      league: 'L',
      leagueId: 9,
      startTime: '2026-11-25T10:00:00Z',
      status: 'live',
      odds: { fullTime: [{ name: 'match_winner', outcomes: [{ key: 'home', price: 1.8 }] }] },
    })
    const theirs = PublicMatchWire.parse({
      match_id: 5,
      home_team_name: 'A',
      away_team_name: 'B',
      league_name: 'L',
      league_id: 9,
      start_time: 1_795_600_800,
      status_type: 'live',
      odds: { fullTime: { match_winner: { home: { value: 1.8 } } } },
    })
    expect(theirs).toEqual({ ...ours, startTime: 1_795_600_800_000 })
    expect(ours.startTime).toBe(Date.parse('2026-11-25T10:00:00Z'))
    expect(PublicMatchWire.parse({ id: 5, startTime: 1_795_600_800_000 }).startTime).toBe(1_795_600_800_000)
  })

  it('keeps the readable points of a price trail and refuses an entry without a match id', () => {
    const record = PublicMatchWire.parse({
      matchId: 5,
      prices: [
        { ts: '2026-11-25T10:00:00Z', oddType: 'full-time', oddKey: 'match_winner#home', price: 1.9 },
        { ts: 'not a time', oddType: 'full-time', oddKey: 'match_winner#home', price: 1.8 },
        { time: 1_795_600_900, odd_type: 'full-time', odd_key: 'match_winner#away', value: 2.05 },
        { ts: 1, oddType: 'full-time', oddKey: 'match_winner#away', price: 0.5 },
      ],
    })
    expect(record.prices).toEqual([
      { ts: Date.parse('2026-11-25T10:00:00Z'), oddType: 'full-time', oddKey: 'match_winner#home', price: 1.9 },
      { ts: 1_795_600_900_000, oddType: 'full-time', oddKey: 'match_winner#away', price: 2.05 },
    ])
    expect(PublicMatchWire.safeParse({ homeTeam: 'A' }).success).toBe(false)
  })

  it('reads a league’s count under any of its names, and a class', () => {
    expect(PublicLeagueWire.parse({ league_id: 3, league_name: 'Cup', class_id: 1, available: 4 })).toEqual({
      id: 3,
      name: 'Cup',
      classId: 1,
      className: null,
      count: 4,
    })
    expect(PublicLeagueWire.parse({ id: 3, name: 'Cup' }).count).toBeNull()
    expect(PublicLeagueWire.safeParse({ id: 3 }).success).toBe(false)
    expect(PublicClassWire.parse({ class_id: 1, class_name: 'England', alpha: 'EN' })).toEqual({
      id: 1,
      name: 'England',
      alpha: 'EN',
    })
  })

  it('takes a list as it is or inside {data}', () => {
    expect(unwrapList([1])).toEqual([1])
    expect(unwrapList({ data: [1] })).toEqual([1])
    expect(unwrapList({ rows: [1] })).toEqual({ rows: [1] })
  })
})
