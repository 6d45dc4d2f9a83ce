import { describe, expect, it } from 'vitest'
import type { OverrideEvent } from '../../../../shared/domain'
import type { HistorySeries, OutcomeSeries } from '../../../../shared/history'
import type { MatchLabels } from '../../../../shared/labels'
import { alignOutcomes, marketsOf, namerOf, outcomesOfMarket, overrideMarkers, seriesSpan } from './series-align'

function outcome(
  oddType: string,
  oddKey: string,
  points: [t: number, price: number, suspended?: boolean][],
): OutcomeSeries {
  return {
    oddType,
    oddKey,
    t: points.map((p) => p[0]),
    price: points.map((p) => p[1]),
    suspended: points.map((p) => p[2] ?? false),
  }
}

/** The feed labelled the winner market (outcomes by team name); the total market is known by its keys only. */
const labels: MatchLabels = {
  teams: { home: 'Lions', away: 'Tigers' },
  layout: {
    matchId: 7,
    groups: [
      {
        oddType: 'main',
        markets: [
          {
            name: 'winner',
            label: 'Match winner',
            line: null,
            suspended: false,
            outcomes: [
              { outcomeId: '7|main|winner#home', key: 'home', label: 'Lions' },
              { outcomeId: '7|main|winner#away', key: 'away', label: 'Tigers' },
            ],
          },
        ],
      },
    ],
  },
}
const names = namerOf({ matchId: 7, labels })

function series(outcomes: OutcomeSeries[], overrides: OverrideEvent[] = []): HistorySeries {
  return { matchId: 7, from: null, to: null, totalTicks: 0, outcomes, overrides, labels }
}

const home = outcome('main', 'winner#home', [
  [1000, 1.5],
  [3000, 1.6],
])
const away = outcome('main', 'winner#away', [
  [2000, 2.4],
  [3000, 2.3, true],
  [5000, 2.2],
])
const total = outcome('main', 'total#over', [[1000, 1.9]])

describe('markets of a series', () => {
  it('lists each (odd type, market) once in first-seen order and picks its outcomes', () => {
    const all = [home, total, away, outcome('live', 'winner#home', [[1, 2]])]
    expect(marketsOf(all, names).map((m) => [m.key, m.label])).toEqual([
      ['main · winner', 'Match winner (Main)'],
      ['main · total', 'Total (Main)'],
      ['live · winner', 'Winner (Live)'],
    ])
    expect(outcomesOfMarket(all, 'main · winner').map((o) => o.oddKey)).toEqual(['winner#home', 'winner#away'])
  })
})

describe('alignOutcomes', () => {
  it('puts every outcome on the union of times, carrying the last price forward, in seconds', () => {
    const data = alignOutcomes([home, away], names)
    expect(data.x).toEqual([1, 2, 3, 5])
    expect(data.ys).toEqual([
      [1.5, 1.5, 1.6, 1.6],
      [null, 2.4, 2.3, 2.2],
    ])
    expect(data.labels).toEqual(['Lions', 'Tigers'])
  })

  it('takes the last of several points recorded at one time', () => {
    const data = alignOutcomes(
      [
        outcome('m', 'w#h', [
          [1000, 1.5],
          [1000, 1.7],
          [2000, 1.6],
        ]),
      ],
      names,
    )
    expect(data.x).toEqual([1, 2])
    expect(data.ys[0]).toEqual([1.7, 1.6])
  })

  it('shades from a suspension until the next unsuspended time, and to the end when still suspended', () => {
    expect(alignOutcomes([home, away], names).suspendedSpans).toEqual([[3, 5]])
    const still = outcome('m', 'w#h', [
      [1000, 1.5],
      [2000, 1.5, true],
      [4000, 1.5, true],
    ])
    expect(alignOutcomes([still], names).suspendedSpans).toEqual([[2, 4]])
  })

  it('draws nothing for no outcomes', () => {
    expect(alignOutcomes([], names)).toEqual({ x: [], ys: [], labels: [], suspendedSpans: [] })
  })
})

describe('overrideMarkers', () => {
  const event = (oddType: string, oddKey: string, receivedTs: number): OverrideEvent => ({
    feed: 'demo',
    own: false,
    matchId: 7,
    oddType,
    oddKey,
    action: 'set',
    oddValue: 1.8,
    previousValue: null,
    suspended: false,
    durationSeconds: 60,
    setAt: receivedTs,
    expiresAt: receivedTs + 60_000,
    serverTs: receivedTs,
    receivedTs,
  })

  it('keeps the chosen market only, placed at receive time', () => {
    const s = series(
      [home],
      [event('main', 'winner#away', 4000), event('main', 'total#over', 4500), event('live', 'winner#home', 1)],
    )
    const market = marketsOf(s.outcomes, names)[0]
    if (!market) throw new Error('no market')
    expect(overrideMarkers(s.overrides, market, names)).toEqual([{ x: 4, action: 'set', label: 'set Tigers 1.80' }])
  })
})

describe('seriesSpan', () => {
  it('is the earliest to the latest recorded time, or null without points', () => {
    expect(seriesSpan(series([home, away]))).toEqual({ from: 1000, to: 5000 })
    expect(seriesSpan(series([outcome('m', 'w#h', [])]))).toBeNull()
  })
})
