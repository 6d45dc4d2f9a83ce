/**
 * The data service's live messages (status, score, time, incident), validated with the shared wire
 * schemas (which turn the all-strings values into numbers; D4, D9–D11 in shared/wire/data-service.ts)
 * and mapped once, here, onto updates of the match header. What needs the match or the time of
 * receipt (whose side a team id is, the clock's reading) is left to the engine.
 */
import type { z } from 'zod'
import type { MatchIncident } from '../../../shared/board'
import {
  LiveIncidentMessage,
  LiveScoreMessage,
  LiveStatusMessage,
  LiveTimeMessage,
  type ClockFields,
  type LiveDataType,
  type ScoreTeam,
} from '../../../shared/wire/data-service'
import { firstIssue } from '../../../shared/issue-words'
import { malformed } from '../streams/decode'
import type { Decoded } from '../streams/live-stream'

/** Null fields: the message left them empty, and the header keeps what it had. */
export type DataLiveUpdate =
  | { kind: 'status'; matchId: number; status: string | null; reason: string | null }
  | { kind: 'score'; matchId: number; team: ScoreTeam; current: number | null; periods: number[] }
  | { kind: 'time'; matchId: number; clock: ClockFields }
  | { kind: 'incident'; matchId: number; incident: MatchIncident }

/** D11: an incident message whose `type` is absent or "". */
const UNNAMED_INCIDENT = 'incident'

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
    if (parsed.success) return { ok: true, value: toUpdate(parsed.data) }
    return malformed(firstIssue(parsed.error))
  }
}

const DECODERS: Record<LiveDataType, (json: unknown) => Decoded<DataLiveUpdate>> = {
  status: decoder(LiveStatusMessage, (m) => ({
    kind: 'status',
    matchId: m.match_id,
    status: m.type ?? null,
    reason: m.reason ?? null,
  })),
  score: decoder(LiveScoreMessage, (m) => ({
    kind: 'score',
    matchId: m.match_id,
    team: m.team,
    current: m.score ?? null,
    periods: m.periods,
  })),
  time: decoder(LiveTimeMessage, (m) => ({ kind: 'time', matchId: m.match_id, clock: m.clock })),
  incident: decoder(LiveIncidentMessage, (m) => ({
    kind: 'incident',
    matchId: m.match_id,
    incident: {
      type: m.type ?? UNNAMED_INCIDENT,
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
