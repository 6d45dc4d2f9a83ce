/**
 * Cricket, T20 shape: two innings of at most 120 balls; home bats first. Runs per ball and
 * wickets are seeded. The last over of the chase, or a chase within a boundary or two, is the
 * decisive moment where the bookmaker suspends.
 */
import type { Rng } from '../../rng'
import type { MatchScript, ScoreStep, SportRules } from '../script'
import { ordinal } from '../script'

const BALLS_PER_INNINGS = 120
const WICKETS = 10
const INNINGS_BREAK_S = 15 * 60

/** Runs off one ball, or -1 for a wicket. Weights roughly follow T20 scoring. */
function ball(rng: Rng, strength: number): number {
  const r = rng.next()
  if (r < 0.035 + (0.5 - strength) * 0.02) return -1
  if (r < 0.38) return 0
  if (r < 0.72) return 1
  if (r < 0.82) return 2
  if (r < 0.83) return 3
  if (r < 0.95) return 4
  return 6
}

export const cricketRules: SportRules = {
  periodLabel: (innings) => `${ordinal(innings)} innings`,

  buildScript(rng: Rng, homeStrength: number): MatchScript {
    const runs: [number, number] = [0, 0]
    const steps: ScoreStep[] = [
      { at: 0, period: 1, home: [0], away: [0], homeDisplay: 0, awayDisplay: 0, decisive: false },
    ]
    let at = 0
    for (let innings = 1; innings <= 2; innings++) {
      const batting = innings === 1 ? 0 : 1
      const strength = batting === 0 ? homeStrength : 1 - homeStrength
      let wickets = 0
      let balls = 0
      if (innings === 2) at += INNINGS_BREAK_S
      while (balls < BALLS_PER_INNINGS && wickets < WICKETS && !(innings === 2 && runs[1] > runs[0])) {
        at += rng.int(25, 45)
        balls++
        const outcome = ball(rng, strength)
        if (outcome < 0) wickets++
        else runs[batting] += outcome
        const chase = innings === 2
        const need = runs[0] + 1 - runs[1]
        const decisive = chase && (balls >= BALLS_PER_INNINGS - 6 || (need > 0 && need <= 8))
        const over = balls === BALLS_PER_INNINGS || wickets === WICKETS || (chase && runs[1] > runs[0])
        steps.push({
          at,
          period: innings,
          home: [runs[0]],
          away: innings === 2 ? [runs[1]] : [0],
          homeDisplay: runs[0],
          awayDisplay: runs[1],
          decisive: decisive && !over,
          ...(outcome < 0
            ? { incident: { type: 'wicket', isHome: batting === 0 } }
            : over
              ? { incident: { type: 'period', isHome: null } }
              : {}),
        })
      }
    }
    return { steps, duration: at + 1 }
  },

  scoreBias(step: ScoreStep): number {
    // The first innings says little about the winner; in the chase the gap left to close does.
    if (step.period === 1) return 0
    return (step.homeDisplay - step.awayDisplay) / (step.homeDisplay + 1)
  },
}
