/**
 * Live data streams (field-notes.md): flat JSON objects keyed by `match_id` whose values arrive
 * as strings, for the types status, score, time and incident. Driven by the match clock: every
 * tick compares each match's moment with the last one published and sends what changed.
 */
import type { LiveDataType } from '../../shared/wire/data-service'
import type { Hub } from '../http/hub'
import type { WorldClock } from '../world/clock'
import { momentOf } from '../world/clock'
import type { SportLookup } from '../world/lookup'
import type { ScoreStep } from '../world/script'
import type { SimSport } from '../world/sports'

const TICK_MS = 200
/** At high clock speeds a tick can pass many steps; older incidents are in /matches-incidents. */
const MAX_INCIDENTS_PER_TICK = 20

/** Every data live channel starts with this (the simulator counts their connections). */
export const DATA_LIVE_CHANNEL_PREFIX = 'data:'

export function liveChannel(sport: string, type: string, matchId?: number): string {
  const channel = `${DATA_LIVE_CHANNEL_PREFIX}${sport}:${type}`
  return matchId === undefined ? channel : `${channel}:${matchId}`
}

interface Seen {
  status: string
  reason: string
  stepIndex: number
  minute: number
}

/** Every value as a string: that is how the real service sends them. */
function stringly(fields: Record<string, unknown>): string {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(fields)) out[k] = v === null ? '' : String(v)
  return JSON.stringify(out)
}

export class DataLive {
  private readonly seen = new Map<number, Seen>()
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly lookups: Record<SimSport, SportLookup>,
    private readonly clock: WorldClock,
    private readonly hub: Hub,
  ) {
    this.scan(false)
  }

  start(): void {
    this.timer = setInterval(() => this.scan(true), TICK_MS)
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  private scan(publish: boolean): void {
    const worldNow = this.clock.worldNow()
    for (const [sport, lookup] of Object.entries(this.lookups) as Array<[SimSport, SportLookup]>) {
      for (const match of lookup.world.matches) {
        const moment = momentOf(match, worldNow)
        const minute = Math.floor(moment.elapsedS / 60)
        const before = this.seen.get(match.id)
        this.seen.set(match.id, { status: moment.status, reason: moment.reason, stepIndex: moment.stepIndex, minute })
        if (!publish || !before) continue
        const send = (type: LiveDataType, fields: Record<string, unknown>): void => {
          const text = stringly({ sport, match_id: match.id, ...fields })
          this.hub.publish(liveChannel(sport, type), text)
          this.hub.publish(liveChannel(sport, type, match.id), text)
        }
        if (before.status !== moment.status || before.reason !== moment.reason)
          send('status', { type: moment.status, reason: moment.reason })
        if (before.stepIndex !== moment.stepIndex) {
          const first = Math.max(before.stepIndex + 1, moment.stepIndex - MAX_INCIDENTS_PER_TICK + 1)
          for (let i = first; i <= moment.stepIndex; i++) {
            const step = match.script.steps[i] as ScoreStep
            if (!step.incident) continue
            send('incident', {
              type: step.incident.type,
              class: 'regular',
              time: Math.floor(step.at / 60),
              is_home: step.incident.isHome,
              home_score: step.homeDisplay,
              away_score: step.awayDisplay,
            })
          }
          for (const team of ['home', 'away'] as const) send('score', scoreFields(moment.step, team))
        }
        if (moment.status === 'live' && before.minute !== minute)
          send('time', { time: Math.floor(moment.elapsedS), period: moment.step.period })
      }
    }
  }
}

function scoreFields(step: ScoreStep, team: 'home' | 'away'): Record<string, unknown> {
  const periods = team === 'home' ? step.home : step.away
  const fields: Record<string, unknown> = { team, score: team === 'home' ? step.homeDisplay : step.awayDisplay }
  periods.forEach((points, i) => {
    fields[`period_${i + 1}`] = points
  })
  return fields
}
