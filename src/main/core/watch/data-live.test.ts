import { describe, expect, it } from 'vitest'
import { dataLiveDecoder } from './data-live'

describe('dataLiveDecoder', () => {
  it('turns the all-strings wire form into header updates', () => {
    expect(
      dataLiveDecoder('score')({
        sport: 'badminton',
        match_id: '7',
        team: 'away',
        score: '1',
        period_1: '21',
        period_2: '9',
      }),
    ).toEqual({
      ok: true,
      value: { kind: 'score', matchId: 7, team: 'away', current: 1, periods: [21, 9] },
    })
    expect(dataLiveDecoder('time')({ sport: 'badminton', match_id: '7', time: '754', period: '2' })).toEqual({
      ok: true,
      value: { kind: 'time', matchId: 7, elapsedSeconds: 754, period: '2' },
    })
    expect(
      dataLiveDecoder('incident')({
        sport: 'hockey',
        match_id: '7',
        type: 'goal',
        is_home: 'true',
        time: '',
        home_score: '1',
        away_score: '0',
      }),
    ).toEqual({
      ok: true,
      value: {
        kind: 'incident',
        matchId: 7,
        incident: { type: 'goal', isHome: true, minute: null, homeScore: 1, awayScore: 0 },
      },
    })
    expect(dataLiveDecoder('status')({ sport: 'hockey', match_id: '7', type: 'live', reason: '' })).toEqual({
      ok: true,
      value: { kind: 'status', matchId: 7, status: 'live', reason: null },
    })
  })

  it('tells a kind it does not know from a broken message', () => {
    expect(dataLiveDecoder('status')({ type: 'sim_unknown_kind_1', note: 'x' })).toMatchObject({
      ok: false,
      reason: 'unknown_kind',
    })
    expect(dataLiveDecoder('score')({ sport: 'badminton', match_id: '7', team: 'left', score: '1' })).toMatchObject({
      ok: false,
      reason: 'malformed',
    })
    expect(dataLiveDecoder('score')('21')).toMatchObject({ ok: false, reason: 'malformed' })
  })
})
