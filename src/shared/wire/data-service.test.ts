/** The live-message schemas turn the service's all-string values into numbers and booleans. */
import { describe, expect, it } from 'vitest'
import {
  LeaguesByDateRecord,
  LiveIncidentMessage,
  LiveScoreMessage,
  LiveStatusMessage,
  LiveTimeMessage,
  MatchRecord,
  scorePeriods,
} from './data-service'

describe('live data messages', () => {
  it('score: numbers from strings, periods in order, unknown fields kept', () => {
    const m = LiveScoreMessage.parse({
      sport: 'badminton',
      match_id: '123',
      team: 'home',
      score: '1',
      period_1: '21',
      period_2: '7',
      extra: 'x',
    })
    expect(m).toMatchObject({ match_id: 123, score: 1, periods: [21, 7], extra: 'x' })
    expect(
      LiveScoreMessage.parse({
        sport: 'badminton',
        match_id: '1',
        team: 'away',
        score: '0',
        period_1: '19',
        period_2: '',
      }).periods,
    ).toEqual([19])
  })

  it('incident: booleans from "true"/"false", empty text → null', () => {
    expect(
      LiveIncidentMessage.parse({
        sport: 'hockey',
        match_id: '9',
        type: 'goal',
        is_home: 'false',
        home_score: '0',
        away_score: '1',
      }).is_home,
    ).toBe(false)
    expect(
      LiveIncidentMessage.parse({ sport: 'hockey', match_id: '9', type: 'period', is_home: '' }).is_home,
    ).toBeNull()
    expect(
      LiveIncidentMessage.parse({
        sport: 'hockey',
        match_id: '9',
        type: 'period',
        time: '',
        home_score: '',
        class: '',
      }),
    ).toMatchObject({
      time: null,
      home_score: null,
      class: null,
    })
    expect(
      LiveTimeMessage.parse({ sport: 'hockey', match_id: '9', specific_start_time: '', period_1: '600' }).clock,
    ).toEqual({ start: null, periods: [{ seconds: 600 }] })
    expect(LiveStatusMessage.parse({ sport: 'hockey', match_id: '9', type: 'live', reason: '' }).reason).toBeNull()
  })

  it('rejects what cannot be a message', () => {
    expect(LiveStatusMessage.safeParse({ sport: 'badminton', match_id: 'abc', type: 'live' }).success).toBe(false)
    expect(LiveStatusMessage.safeParse({ sport: 'badminton', match_id: '', type: 'live' }).success).toBe(false)
    expect(LiveScoreMessage.safeParse({ sport: 'badminton', match_id: '1', team: 'left', score: '1' }).success).toBe(
      false,
    )
    expect(LiveScoreMessage.safeParse({ sport: 'badminton', match_id: '1', team: 'home', score: 'x' }).success).toBe(
      false,
    )
    expect(LiveTimeMessage.safeParse({ match_id: '1', specific_start_time: 'yesterday-ish' }).success).toBe(false)
  })
})

describe('records', () => {
  it('accepts the /leagues-by-date text class_id and reads score periods', () => {
    expect(
      LeaguesByDateRecord.safeParse({ date: '2024-05-01', leagues: [{ class_id: 'Denmark', league_id: 1 }] }).success,
    ).toBe(true)
    const m = MatchRecord.parse({ id: 1, home_team_score: { current: 1, display: 1, period_1: 21, period_2: 18 } })
    expect(scorePeriods(m.home_team_score)).toEqual([21, 18])
  })
})
