/**
 * Ice hockey: three 20-minute periods with intermissions; goals at seeded minutes. A draw after
 * regulation stands (the 1X2 market prices it). The last two minutes of a one-goal game are the
 * decisive moment where the bookmaker suspends.
 */
import type { Rng } from '../../rng'
import type { MatchScript, ScoreStep, SportRules } from '../script'
import { ordinal, sum } from '../script'

const PERIODS = 3
const PERIOD_S = 20 * 60
const INTERMISSION_S = 17 * 60
const CLOSING_S = 2 * 60

function goalsInPeriod(rng: Rng, rate: number): number[] {
  const goals: number[] = []
  // About `rate` goals per period, at seeded seconds of the period.
  for (let i = 0; i < 4; i++) if (rng.chance(rate / 4)) goals.push(rng.int(10, PERIOD_S - 5))
  return goals.sort((a, b) => a - b)
}

export const hockeyRules: SportRules = {
  periodLabel: (period) => `${ordinal(period)} period`,

  buildScript(rng: Rng, homeStrength: number): MatchScript {
    const home: number[] = [0]
    const away: number[] = [0]
    const steps: ScoreStep[] = [
      { at: 0, period: 1, home: [0], away: [0], homeDisplay: 0, awayDisplay: 0, decisive: false },
    ]
    const snapshot = (at: number, period: number, decisive: boolean, incident?: ScoreStep['incident']): ScoreStep => ({
      at,
      period,
      home: [...home],
      away: [...away],
      homeDisplay: sum(home),
      awayDisplay: sum(away),
      decisive,
      ...(incident ? { incident } : {}),
    })
    for (let p = 1; p <= PERIODS; p++) {
      const periodStart = (p - 1) * (PERIOD_S + INTERMISSION_S)
      if (p > 1) {
        home.push(0)
        away.push(0)
        steps.push(snapshot(periodStart, p, false))
      }
      const events = [
        ...goalsInPeriod(rng, 1.0 + homeStrength).map((s) => ({ s, isHome: true })),
        ...goalsInPeriod(rng, 2.0 - homeStrength).map((s) => ({ s, isHome: false })),
      ].sort((a, b) => a.s - b.s)
      let closingMarked = false
      for (const goal of events) {
        if (p === PERIODS && !closingMarked && goal.s >= PERIOD_S - CLOSING_S) {
          closingMarked = true
          steps.push(snapshot(periodStart + PERIOD_S - CLOSING_S, p, Math.abs(sum(home) - sum(away)) <= 1))
        }
        const side = goal.isHome ? home : away
        side[p - 1] = (side[p - 1] ?? 0) + 1
        const closing = p === PERIODS && goal.s >= PERIOD_S - CLOSING_S
        steps.push(
          snapshot(periodStart + goal.s, p, closing && Math.abs(sum(home) - sum(away)) <= 1, {
            type: 'goal',
            isHome: goal.isHome,
          }),
        )
      }
      if (p === PERIODS && !closingMarked) {
        steps.push(snapshot(periodStart + PERIOD_S - CLOSING_S, p, Math.abs(sum(home) - sum(away)) <= 1))
      }
      const winner = (home[p - 1] ?? 0) === (away[p - 1] ?? 0) ? null : (home[p - 1] ?? 0) > (away[p - 1] ?? 0)
      steps.push(snapshot(periodStart + PERIOD_S, p, false, { type: 'period', isHome: winner }))
    }
    const end = (PERIODS - 1) * (PERIOD_S + INTERMISSION_S) + PERIOD_S
    return { steps, duration: end + 1 }
  },

  scoreBias: (step) => (step.homeDisplay - step.awayDisplay) * 0.9,
}
