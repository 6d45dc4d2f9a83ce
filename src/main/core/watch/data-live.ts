/**
 * The data service's live streams (status, score, time, incident) for one match, converted once,
 * here, from their all-strings wire form (field-notes.md: flat objects, every value a string) into
 * typed updates of the match header. Empty strings mean "no value".
 */
import type { MatchIncident } from '../../../shared/board'
import { malformed } from '../live/decode'
import type { Decoded } from '../live/live-stream'

export const DATA_LIVE_TYPES = ['status', 'score', 'time', 'incident'] as const
export type DataLiveType = (typeof DATA_LIVE_TYPES)[number]

export type DataLiveUpdate =
  | { kind: 'status'; matchId: number; status: string; reason: string | null }
  | { kind: 'score'; matchId: number; team: 'home' | 'away'; current: number | null; periods: Array<number | null> }
  | { kind: 'time'; matchId: number; elapsedSeconds: number | null; period: string | null }
  | { kind: 'incident'; matchId: number; incident: MatchIncident }

type Flat = Record<string, unknown>

function text(v: unknown): string | null {
  if (typeof v === 'string') return v === '' ? null : v
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : null
}

function num(v: unknown): number | null {
  const s = text(v)
  if (s === null) return null
  const n = Number(s)
  return Number.isFinite(n) ? n : null
}

function bool(v: unknown): boolean | null {
  const s = text(v)
  return s === 'true' || s === '1' ? true : s === 'false' || s === '0' ? false : null
}

/** Periods `period_1`, `period_2`, … in order, up to the last one present. */
function periods(m: Flat): Array<number | null> {
  const out: Array<number | null> = []
  for (let i = 1; `period_${i}` in m; i++) out.push(num(m[`period_${i}`]))
  return out
}

export function dataLiveDecoder(type: DataLiveType): (json: unknown) => Decoded<DataLiveUpdate> {
  return (json) => {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return malformed('not an object')
    const m = json as Flat
    const matchId = num(m.match_id)
    if (matchId === null || !Number.isInteger(matchId)) {
      // Something with a kind but no match: a message this client does not know, not a broken one.
      return typeof m.type === 'string' ? { ok: false, reason: 'unknown_kind', detail: m.type } : malformed('no match_id')
    }
    switch (type) {
      case 'status': {
        const status = text(m.type)
        return status === null ? malformed('status without type') : { ok: true, value: { kind: 'status', matchId, status, reason: text(m.reason) } }
      }
      case 'score': {
        const team = text(m.team)
        if (team !== 'home' && team !== 'away') return malformed('score without team')
        return { ok: true, value: { kind: 'score', matchId, team, current: num(m.score), periods: periods(m) } }
      }
      case 'time':
        return { ok: true, value: { kind: 'time', matchId, elapsedSeconds: num(m.time), period: text(m.period) } }
      case 'incident': {
        const kind = text(m.type)
        if (kind === null) return malformed('incident without type')
        const incident = { type: kind, isHome: bool(m.is_home), minute: num(m.time), homeScore: num(m.home_score), awayScore: num(m.away_score) }
        return { ok: true, value: { kind: 'incident', matchId, incident } }
      }
    }
  }
}
