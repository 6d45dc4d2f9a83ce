/**
 * The live messages in the key sets field-notes.md documents (every value a string, "" for none),
 * through the real decoders: what each type tells the header, and what is refused, in words.
 */
import { describe, expect, it } from 'vitest'
import { LIVE_DATA_KEYS, LIVE_DATA_TYPES, type LiveDataType } from '../../../shared/wire/data-service'
import { dataLiveDecoder } from './data-live'

/** A message of `type` with every documented key, "" unless `fields` gives it. */
function documented(type: LiveDataType, fields: Record<string, string>): Record<string, string> {
  return { ...Object.fromEntries(LIVE_DATA_KEYS[type].map((k) => [k, ''])), match_id: '7', ...fields }
}

describe('dataLiveDecoder', () => {
  it('reads every documented message with all values empty but the match: nothing refused, nothing made up', () => {
    const decoded = LIVE_DATA_TYPES.map((type) => dataLiveDecoder(type)(documented(type, {})))
    expect(decoded).toEqual([
      { ok: true, value: { kind: 'status', matchId: 7, status: null, reason: null } },
      { ok: true, value: { kind: 'score', matchId: 7, team: null, current: null, periods: [] } },
      { ok: true, value: { kind: 'time', matchId: 7, clock: { start: null, periods: [null, null, null, null] } } },
      {
        ok: true,
        value: {
          kind: 'incident',
          matchId: 7,
          incident: { type: 'incident', isHome: null, minute: null, homeScore: null, awayScore: null },
        },
      },
    ])
  })

  it('reads status and score, the points of each period until the first empty one', () => {
    const status = documented('status', { sport: 'badminton', type: 'live', reason: '2nd game' })
    expect(dataLiveDecoder('status')(status)).toEqual({
      ok: true,
      value: { kind: 'status', matchId: 7, status: 'live', reason: '2nd game' },
    })
    const score = documented('score', { team: 'away', score: '1', period_1: '21', period_2: '9' })
    expect(dataLiveDecoder('score')(score)).toEqual({
      ok: true,
      value: { kind: 'score', matchId: 7, team: 'away', current: 1, periods: [21, 9] },
    })
    const third = documented('score', { team: 'home', score: '1', period_1: '19', period_3: '4' })
    expect(dataLiveDecoder('score')(third)).toMatchObject({ ok: true, value: { current: 1, periods: [19] } })
  })

  it.each([
    ['home', 'home'],
    ['AWAY', 'away'],
    ['1', 1],
    ['2', 2],
    ['48113', 48113],
    ['', null],
  ])('reads score team %j as %j (D10: scoreSide places numbers once the match is known)', (team, read) => {
    expect(dataLiveDecoder('score')(documented('score', { team, score: '0' }))).toMatchObject({
      ok: true,
      value: { team: read },
    })
  })

  it('reads the clock fields of a time message: moments (ISO or epoch digits) or lengths in seconds', () => {
    const at = Date.UTC(2026, 10, 25, 1, 0)
    const time = documented('time', {
      specific_start_time: new Date(at).toISOString(),
      period_1: String(at / 1000),
      period_2: '612',
    })
    expect(dataLiveDecoder('time')(time)).toEqual({
      ok: true,
      value: {
        kind: 'time',
        matchId: 7,
        clock: { start: { at }, periods: [{ at }, { seconds: 612 }, null, null] },
      },
    })
  })

  it('reads an incident without a minute field as one without a minute (D11)', () => {
    const incident = documented('incident', {
      sport: 'badminton',
      type: 'period',
      is_home: '1',
      home_score: '1',
      away_score: '0',
      is_live: 'true',
      reversed_period_time: '3',
    })
    expect(dataLiveDecoder('incident')(incident)).toEqual({
      ok: true,
      value: {
        kind: 'incident',
        matchId: 7,
        incident: { type: 'period', isHome: true, minute: null, homeScore: 1, awayScore: 0 },
      },
    })
  })

  it('refuses, in words, what a field it reads cannot hold, and tells a kind it does not know', () => {
    expect(dataLiveDecoder('status')({ type: 'sim_unknown_kind_1', note: 'x' })).toMatchObject({
      ok: false,
      reason: 'unknown_kind',
    })
    expect(dataLiveDecoder('score')(documented('score', { team: 'left' }))).toEqual({
      ok: false,
      reason: 'malformed',
      detail: "team: team 'left' is neither home/away, 1/2 nor a team id",
    })
    expect(dataLiveDecoder('time')(documented('time', { specific_start_time: 'soon' }))).toEqual({
      ok: false,
      reason: 'malformed',
      detail: "specific_start_time 'soon' is neither a time nor seconds",
    })
    expect(dataLiveDecoder('score')(documented('score', { match_id: '' }))).toMatchObject({
      ok: false,
      reason: 'malformed',
      detail: expect.stringMatching(/^match_id: /),
    })
    expect(dataLiveDecoder('score')('21')).toMatchObject({ ok: false, reason: 'malformed' })
  })
})
