/**
 * The match clock. World time starts at `startTime` and runs `speed` times faster than the wall clock;
 * a match's state at a world instant is a pure function of its schedule, fate and script.
 */
import type { MatchStatusType } from '../../shared/domain'
import type { WorldMatch } from './model'
import type { ScoreStep } from './script'
import { stepAt } from './script'
import { SPORT_RULES } from './sports'

export class WorldClock {
  private readonly realStart: number
  /** How far the server's own clock is off the wall clock (the `clockOffsetMs` fault). */
  private serverSkewMs = 0

  /**
   * World time is `startTime` at wall-clock `startedAt` (default: the moment the clock is made; a
   * resumed world's first start), then runs `speed` times faster.
   */
  constructor(
    readonly startTime: number,
    private readonly speed: number,
    private readonly now: () => number = Date.now,
    startedAt?: number,
  ) {
    this.realStart = startedAt ?? now()
  }

  /** World-clock epoch ms now. */
  worldNow(): number {
    return this.startTime + (this.now() - this.realStart) * this.speed
  }

  realNow(): number {
    return this.now()
  }

  setServerSkew(ms: number): void {
    this.serverSkewMs = ms
  }

  /** What the server's clock reads at wall-clock `realMs`: the time it stamps (messages' `ts`, HTTP `Date`). */
  stamp(realMs: number): number {
    return realMs + this.serverSkewMs
  }

  serverNow(): number {
    return this.stamp(this.now())
  }
}

export interface MatchMoment {
  status: MatchStatusType
  /** Human reason (`status.reason`): "2nd game", "Ended", "Retired", "Not started", … */
  reason: string
  /** Match-clock seconds played. */
  elapsedS: number
  step: ScoreStep
  stepIndex: number
}

export function momentOf(match: WorldMatch, worldNow: number): MatchMoment {
  const rules = SPORT_RULES[match.sport]
  const first = match.script.steps[0] as ScoreStep
  const notStarted = (status: MatchStatusType, reason: string): MatchMoment => ({
    status,
    reason,
    elapsedS: 0,
    step: first,
    stepIndex: 0,
  })
  const fate = match.fate
  if (fate.kind === 'postponed') return notStarted('postponed', 'Postponed')
  if (fate.kind === 'canceled') return notStarted('canceled', 'Canceled')
  let raw = (worldNow - match.startTime) / 1000
  if (raw < 0) return notStarted('upcoming', 'Not started')
  if (fate.kind === 'delayed') {
    if (raw < fate.delayS) return notStarted('delayed', 'Start delayed')
    raw -= fate.delayS
  }
  let elapsed = raw
  let paused = false
  if (fate.kind === 'interrupted' && raw >= fate.pauseAtS) {
    paused = raw < fate.pauseAtS + fate.pauseForS
    elapsed = paused ? fate.pauseAtS : raw - fate.pauseForS
  }
  const end = fate.kind === 'retired' ? fate.atS : match.script.duration
  const { step, index } = stepAt(match.script, Math.min(elapsed, end))
  if (elapsed >= end) {
    return {
      status: 'finished',
      reason: fate.kind === 'retired' ? 'Retired' : 'Ended',
      elapsedS: end,
      step,
      stepIndex: index,
    }
  }
  if (paused) return { status: 'interrupted', reason: 'Interrupted', elapsedS: elapsed, step, stepIndex: index }
  return { status: 'live', reason: rules.periodLabel(step.period), elapsedS: elapsed, step, stepIndex: index }
}
