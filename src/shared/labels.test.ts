import { describe, expect, it } from 'vitest'
import type { MatchLayout } from './board'
import { keyToWords, matchName, outcomeText, outcomeWords } from './labels'

const teams = { home: 'Lee Zii Jia', away: 'Viktor Axelsen' }
const layout: MatchLayout = {
  matchId: 7,
  groups: [
    {
      oddType: 'full-time',
      markets: [
        {
          name: 'game_handicap',
          label: 'Game handicap',
          line: -1.5,
          suspended: false,
          outcomes: [
            { outcomeId: '7|full-time|game_handicap#home', key: 'home', label: 'Lee Zii Jia' },
            // A feed that labels an outcome with its bare key.
            { outcomeId: '7|full-time|game_handicap#away', key: 'away', label: 'away' },
          ],
        },
      ],
    },
    {
      oddType: 'game-time',
      markets: [
        {
          name: 'game_winner',
          label: 'Game winner',
          line: null,
          suspended: false,
          outcomes: [{ outcomeId: '7|game-time|game_winner#home', key: 'home', label: 'Lee Zii Jia' }],
        },
      ],
    },
  ],
}

describe('labels', () => {
  it("names an outcome in the feed's words: market label and line, the team for a winner outcome", () => {
    const ref = { matchId: 7, oddType: 'full-time', oddKey: 'game_handicap#away' }
    expect(outcomeWords(ref, { teams, layout })).toEqual({ market: 'Game handicap -1.5', outcome: 'Viktor Axelsen' })
    expect(outcomeText(outcomeWords({ ...ref, oddKey: 'game_handicap#home' }, { teams, layout }))).toBe(
      'Game handicap -1.5 · Lee Zii Jia',
    )
    // A group other than the whole match is named beside the market.
    expect(outcomeWords({ matchId: 7, oddType: 'game-time', oddKey: 'game_winner#home' }, { teams, layout })).toEqual({
      market: 'Game winner (Game time)',
      outcome: 'Lee Zii Jia',
    })
  })

  it('turns keys into words when the layout is not known, never showing a key', () => {
    const ref = { matchId: 9, oddType: 'full-time', oddKey: 'match_winner#away' }
    expect(outcomeWords(ref, { teams, layout: null })).toEqual({ market: 'Match winner', outcome: 'Viktor Axelsen' })
    expect(outcomeWords(ref, undefined)).toEqual({ market: 'Match winner', outcome: 'Away' })
    expect(outcomeWords({ ...ref, oddKey: 'total_points#over' }, undefined).outcome).toBe('Over')
    expect(keyToWords('period-time')).toBe('Period time')
    expect(matchName(9, teams)).toBe('Lee Zii Jia v Viktor Axelsen')
    expect(matchName(9, null)).toBe('Match 9')
  })
})
