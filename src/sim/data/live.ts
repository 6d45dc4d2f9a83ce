/**
 * Live data streams (field-notes.md): flat JSON objects keyed by `match_id`, for the types status,
 * score, time and incident, each with exactly the keys of its documented set (LIVE_DATA_KEYS) and
 * every value a string ("" where there is none). Driven by the match clock: every tick compares
 * each match's moment with the last one published and sends what changed.
 */
import { LIVE_DATA_KEYS, type LiveDataType } from '../../shared/wire/data-service'
import type { ScoreTeamForm } from '../types'
import type { Hub } from '../http/hub'
import type { WorldClock } from '../world/clock'
import { momentOf } from '../world/clock'
import type { SportLookup } from '../world/lookup'
import type { ScoreStep } from '../world/script'
import type { SimSport } from '../world/sports'
import type { WorldMatch } from '../world/model'
import { clockMoments } from './matches'

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

/**
 * The type's documented keys, every value a string: that is how the real service sends them;
 * "" for a key with no value, and a key beyond the set only where `fields` has one (a third period).
 */
function documented(type: LiveDataType, fields: Record<string, unknown>): string {
  const out: Record<string, string> = {}
  for (const key of LIVE_DATA_KEYS[type]) out[key] = ''
  for (const [k, v] of Object.entries(fields)) out[k] = v === null || v === undefined ? '' : String(v)
  return JSON.stringify(out)
}

export class DataLive {
  private readonly seen = new Map<number, Seen>()
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly lookups: Record<SimSport, SportLookup>,
    private readonly clock: WorldClock,
    private readonly hub: Hub,
    private readonly scoreTeam: ScoreTeamForm = 'home-away',
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
    const time = { worldNow, serverNow: this.clock.serverNow() }
    for (const [sport, lookup] of Object.entries(this.lookups) as Array<[SimSport, SportLookup]>) {
      for (const match of lookup.world.matches) {
        const moment = momentOf(match, worldNow)
        const minute = Math.floor(moment.elapsedS / 60)
        const before = this.seen.get(match.id)
        this.seen.set(match.id, { status: moment.status, reason: moment.reason, stepIndex: moment.stepIndex, minute })
        if (!publish || !before) continue
        const send = (type: LiveDataType, fields: Record<string, unknown>): void => {
          const text = documented(type, { sport, match_id: match.id, ...fields })
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
              is_live: true,
              is_home: step.incident.isHome,
              home_score: step.homeDisplay,
              away_score: step.awayDisplay,
            })
          }
          for (const team of ['home', 'away'] as const)
            send('score', scoreFields(moment.step, team, teamField(this.scoreTeam, match, team)))
        }
        if (moment.status === 'live' && before.minute !== minute) {
          const clock = clockMoments(match, moment, time)
          const periods = Object.fromEntries(clock.periods.slice(0, 4).map((at, i) => [`period_${i + 1}`, at]))
          send('time', { specific_start_time: clock.start, ...periods })
        }
      }
    }
  }
}

/** What a score message's `team` says of `side` (D10 in shared/wire/data-service.ts: undocumented). */
function teamField(form: ScoreTeamForm, match: WorldMatch, side: 'home' | 'away'): string | number {
  switch (form) {
    case 'home-away':
      return side
    case '1-2':
      return side === 'home' ? 1 : 2
    case 'team-id':
      return side === 'home' ? match.homeTeamId : match.awayTeamId
    case 'empty':
      return ''
  }
}

function scoreFields(step: ScoreStep, side: 'home' | 'away', team: string | number): Record<string, unknown> {
  const periods = side === 'home' ? step.home : step.away
  const fields: Record<string, unknown> = { team, score: side === 'home' ? step.homeDisplay : step.awayDisplay }
  periods.forEach((points, i) => {
    fields[`period_${i + 1}`] = points
  })
  return fields
}
