/**
 * Badminton: best of three games to 21, two clear points, capped at 30 (BWF scoring).
 * Game and match points are the decisive moments where the bookmaker suspends.
 */
import type { Rng } from '../../rng'
import type { MatchScript, ScoreStep, SportRules } from '../script'
import { ordinal } from '../script'

const POINTS_TO_WIN = 21
const POINT_CAP = 30
const GAMES_TO_WIN = 2
const INTERVAL_BETWEEN_GAMES_S = 90

function gameOver(a: number, b: number): boolean {
  return (Math.max(a, b) >= POINTS_TO_WIN && Math.abs(a - b) >= 2) || Math.max(a, b) === POINT_CAP
}

/** One more point for the leader would win the game. */
function gamePoint(a: number, b: number): boolean {
  return gameOver(a + 1, b) || gameOver(a, b + 1)
}

export const badmintonRules: SportRules = {
  periodLabel: (game) => `${ordinal(game)} game`,

  buildScript(rng: Rng, homeStrength: number): MatchScript {
    const home = [0]
    const away = [0]
    let gamesHome = 0
    let gamesAway = 0
    let at = 0
    const steps: ScoreStep[] = [
      { at: 0, period: 1, home: [0], away: [0], homeDisplay: 0, awayDisplay: 0, decisive: false },
    ]
    while (gamesHome < GAMES_TO_WIN && gamesAway < GAMES_TO_WIN) {
      const g = home.length - 1
      at += rng.int(8, 22)
      if (rng.chance(homeStrength)) home[g] = (home[g] ?? 0) + 1
      else away[g] = (away[g] ?? 0) + 1
      const h = home[g] ?? 0
      const a = away[g] ?? 0
      const ended = gameOver(h, a)
      if (ended) {
        if (h > a) gamesHome++
        else gamesAway++
      }
      const matchOver = gamesHome === GAMES_TO_WIN || gamesAway === GAMES_TO_WIN
      steps.push({
        at,
        period: home.length,
        home: [...home],
        away: [...away],
        homeDisplay: gamesHome,
        awayDisplay: gamesAway,
        decisive: !ended && gamePoint(h, a),
        ...(ended ? { incident: { type: 'period', isHome: h > a } } : {}),
      })
      if (ended && !matchOver) {
        home.push(0)
        away.push(0)
        at += INTERVAL_BETWEEN_GAMES_S
        steps.push({
          at,
          period: home.length,
          home: [...home],
          away: [...away],
          homeDisplay: gamesHome,
          awayDisplay: gamesAway,
          decisive: false,
        })
      }
    }
    return { steps, duration: at + 1 }
  },

  scoreBias(step: ScoreStep): number {
    const g = step.period - 1
    return (step.homeDisplay - step.awayDisplay) * 1.2 + ((step.home[g] ?? 0) - (step.away[g] ?? 0)) * 0.06
  },
}
