/**
 * The data service's live streams (status, score, time, incident) for one match, validated with
 * the shared wire schemas (which turn the all-strings values into numbers) and mapped once, here,
 * onto updates of the match header.
 */
import type { z } from 'zod'
import type { MatchIncident } from '../../../shared/board'
import {
  LiveIncidentMessage,
  LiveScoreMessage,
  LiveStatusMessage,
  LiveTimeMessage,
  type LiveDataType,
} from '../../../shared/wire/data-service'
import { malformed } from '../streams/decode'
import type { Decoded } from '../streams/live-stream'

export type DataLiveUpdate =
  | { kind: 'status'; matchId: number; status: string; reason: string | null }
  | { kind: 'score'; matchId: number; team: 'home' | 'away'; current: number; periods: number[] }
  | { kind: 'time'; matchId: number; elapsedSeconds: number; period: string | null }
  | { kind: 'incident'; matchId: number; incident: MatchIncident }

/** Validates with `schema`, then maps; a message with a kind but no match is one this client does not know. */
function decoder<S extends z.ZodType>(
  schema: S,
  toUpdate: (m: z.output<S>) => DataLiveUpdate,
): (json: unknown) => Decoded<DataLiveUpdate> {
  return (json) => {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return malformed('not an object')
    const { match_id, type } = json as { match_id?: unknown; type?: unknown }
    if (match_id === undefined && typeof type === 'string') return { ok: false, reason: 'unknown_kind', detail: type }
    const parsed = schema.safeParse(json)
    return parsed.success
      ? { ok: true, value: toUpdate(parsed.data) }
      : malformed(parsed.error.issues[0]?.message ?? 'invalid')
  }
}

const DECODERS: Record<LiveDataType, (json: unknown) => Decoded<DataLiveUpdate>> = {
  status: decoder(LiveStatusMessage, (m) => ({
    kind: 'status',
    matchId: m.match_id,
    status: m.type,
    reason: m.reason ?? null,
  })),
  score: decoder(LiveScoreMessage, (m) => ({
    kind: 'score',
    matchId: m.match_id,
    team: m.team,
    current: m.score,
    periods: m.periods,
  })),
  // The header shows the period as text: the wire's number today, a label if the service sends one.
  time: decoder(LiveTimeMessage, (m) => ({
    kind: 'time',
    matchId: m.match_id,
    elapsedSeconds: m.time,
    period: m.period == null ? null : String(m.period),
  })),
  incident: decoder(LiveIncidentMessage, (m) => ({
    kind: 'incident',
    matchId: m.match_id,
    incident: {
      type: m.type,
      isHome: m.is_home ?? null,
      minute: m.time ?? null,
      homeScore: m.home_score ?? null,
      awayScore: m.away_score ?? null,
    },
  })),
}

export function dataLiveDecoder(type: LiveDataType): (json: unknown) => Decoded<DataLiveUpdate> {
  return DECODERS[type]
}
