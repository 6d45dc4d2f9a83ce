/**
 * A match script: everything that happens in one match, decided up front from the seed.
 * Each step is the whole score after one event (a point, a ball, a goal, a period change) at a
 * match-clock offset, so the state at any moment is a lookup, not a replay: that keeps the REST
 * answers, the live data streams and the price engine consistent with each other for free.
 */
import type { Rng } from '../rng'

export interface ScriptIncident {
  /** Incident kind as clients see it: `period` (a game/period/innings ended), `goal`, `wicket`. */
  type: string
  isHome: boolean | null
}

export interface ScoreStep {
  /** Seconds of match clock since the start. */
  at: number
  /** 1-based period (game, innings, period) being played. */
  period: number
  home: number[]
  away: number[]
  /** Games won (set sports) or the running total (goals, runs). */
  homeDisplay: number
  awayDisplay: number
  /** A decisive moment (game/match point, last over, last minutes of a close game): markets suspend. */
  decisive: boolean
  incident?: ScriptIncident
}

export interface MatchScript {
  steps: ScoreStep[]
  /** Match-clock seconds when the match ends. */
  duration: number
}

export interface SportRules {
  /** "1st game", "2nd period", "1st innings": the live `status.reason`. */
  periodLabel(period: number): string
  buildScript(rng: Rng, homeStrength: number): MatchScript
  /** Positive when the score favours home: drives the drift of winner markets. */
  scoreBias(step: ScoreStep): number
}

/** Last step at or before `at` (steps are sorted by `at`; step 0 is at 0). */
export function stepAt(script: MatchScript, at: number): { step: ScoreStep; index: number } {
  const steps = script.steps
  let lo = 0
  let hi = steps.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((steps[mid] as ScoreStep).at <= at) lo = mid
    else hi = mid - 1
  }
  return { step: steps[lo] as ScoreStep, index: lo }
}

export function ordinal(n: number): string {
  const suffix =
    n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'
  return `${n}${suffix}`
}

export function sum(values: readonly number[]): number {
  let total = 0
  for (const v of values) total += v
  return total
}
