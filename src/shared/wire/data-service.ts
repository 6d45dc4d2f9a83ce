/**
 * Data service payloads (data-service.md, with the shapes field-notes.md observed): the one place
 * where Odds Monitor writes down what the data service sends. The simulator serves these shapes
 * and the client validates with them.
 *
 * D1  Records are tolerant (`z.looseObject`): unknown fields are kept. Identifiers are required;
 *     other documented fields are optional (a real server may leave one out) and nullable where
 *     the real service is seen to send null.
 * D2  `/leagues-by-date` items carry `class_id` as text (the document's sample); numbers accepted too.
 * D3  Scores are objects `{current, display, period_N…, default_time}` on /matches (empty `{}` before
 *     the start) and plain numbers on /matches-by-date, where `status` is a plain string.
 * D4  Live messages are flat objects whose values arrive as strings; the schemas convert them
 *     (numbers via coercion, booleans from "true"/"false", "" → null).
 * D5  Error bodies are PostgREST's `{code, message, details, hint}`.
 * D6  Live streams: the desk holds one stream per (sport, type) of every event (`/live/{type}`) and
 *     keeps the messages of watched matches. Such a stream counts as refused when the service answers
 *     its connect with 403 or 404 (data-service.md Errors: plan access, resource unsupported) on the
 *     WebSocket and then on the event stream; that type of that sport then uses per-event streams
 *     (`/live/{type}/{event_id}`) until the feed changes. 401 stays "key rejected". Network failures
 *     and other answers are not a refusal: the stream keeps retrying (a down service would refuse
 *     per-event streams as well). (core/watch/desk-data-streams.ts)
 * D7  A newly watched match's header is first filled from its /matches record (`id=in.(…)`):
 *     `status{type,reason}`, scores `display` (else `current`) with `period_N`, and for a live match
 *     the clock from `duration` (seconds played) and `last_period` (`period_2` → period 2). It fills
 *     only what no live message has filled: live messages win. (core/watch/rest-headers.ts)
 * D8  Live streams over WebSocket offer the subprotocol `updates`, as the provider's examples do
 *     (field-notes.md): a server may insist on it. A server that agrees to none is accepted; the
 *     event stream has no subprotocol. (core/streams/transports.ts)
 */
import { z } from 'zod'

const id = z.number().int()
const text = z.string()
const optText = z.string().nullable().optional()
const optInt = z.number().int().nullable().optional()

/* ---------- documented records ---------- */

export const TeamRecord = z.looseObject({
  id,
  name: text,
  full_name: optText,
  name_code: optText,
  national: z.boolean().nullable().optional(),
  type: optInt,
  color_primary: optText,
  color_secondary: optText,
  color_text: optText,
  hash_image: optText,
  sub_teams: z.array(id).nullable().optional(),
  class_id: optInt,
  class_name: optText,
  class_hash_image: optText,
  tournament_id: optInt,
  tournament_name: optText,
})
export type TeamRecord = z.infer<typeof TeamRecord>

export const LeagueRecord = z.looseObject({
  id,
  name: text,
  importance: optInt,
  primary_color: optText,
  secondary_color: optText,
  start_league: optText,
  end_league: optText,
  hash_image: optText,
  class_id: optInt,
  class_name: optText,
  class_hash_image: optText,
})
export type LeagueRecord = z.infer<typeof LeagueRecord>

export const TournamentRecord = z.looseObject({
  id,
  name: text,
  importance: optInt,
  league_id: optInt,
  league_name: optText,
  class_id: optInt,
  class_name: optText,
  class_hash_image: optText,
})
export type TournamentRecord = z.infer<typeof TournamentRecord>

export const TournamentsByLeagueRecord = z.looseObject({
  league_id: id,
  league_name: optText,
  league_hash_image: optText,
  tournaments: z.array(z.looseObject({ id, name: text, importance: optInt })),
})
export type TournamentsByLeagueRecord = z.infer<typeof TournamentsByLeagueRecord>

export const TeamSeasonsRecord = z.looseObject({
  team_id: id,
  team_name: optText,
  team_hash_image: optText,
  tournaments: z.array(
    z.looseObject({
      tournament_id: id,
      tournament_name: optText,
      seasons: z.array(z.looseObject({ season_id: id, season_name: optText, start_time: optText })),
    }),
  ),
})
export type TeamSeasonsRecord = z.infer<typeof TeamSeasonsRecord>

export const SeasonRoundsRecord = z.looseObject({
  season_id: id,
  season_name: optText,
  rounds: z.array(z.looseObject({ id, name: optText, round: optInt, start_time: optText, end_time: optText })),
})
export type SeasonRoundsRecord = z.infer<typeof SeasonRoundsRecord>

export const LeaguesByDateRecord = z.looseObject({
  date: text,
  leagues: z.array(
    z.looseObject({
      class_id: z.union([z.string(), z.number()]).nullable().optional(),
      class_name: optText,
      class_hash_image: optText,
      league_id: id,
      league_name: optText,
      league_importance: optInt,
    }),
  ),
})
export type LeaguesByDateRecord = z.infer<typeof LeaguesByDateRecord>

/** data-service.md shows no class fields beyond id/name/hash; `alpha` marks a country. */
export const ClassRecord = z.looseObject({ id, name: text, alpha: optText, hash_image: optText })
export type ClassRecord = z.infer<typeof ClassRecord>

export const CountryRecord = z.looseObject({ id, name: text, alpha: optText, hash_image: optText })
export type CountryRecord = z.infer<typeof CountryRecord>

/* ---------- matches (field-notes.md) ---------- */

const ScoreObject = z.looseObject({
  current: z.number().nullable().optional(),
  display: z.number().nullable().optional(),
  default_time: z.number().nullable().optional(),
})
type ScoreObject = z.infer<typeof ScoreObject>

/** `period_1`, `period_2`, … of a score object, in order. */
export function scorePeriods(score: Record<string, unknown> | null | undefined): number[] {
  const periods: number[] = []
  for (let n = 1; score && typeof score[`period_${n}`] === 'number'; n++) periods.push(score[`period_${n}`] as number)
  return periods
}

const MatchStatusObject = z.looseObject({ type: text, reason: optText })

export const MatchRecord = z.looseObject({
  id,
  name: optText,
  tournament_id: optInt,
  tournament_name: optText,
  season_id: optInt,
  season_name: optText,
  round_id: optInt,
  status: MatchStatusObject.nullable().optional(),
  status_type: optText,
  arena_id: optInt,
  arena_name: optText,
  referee_id: optInt,
  referee_name: optText,
  home_team_id: optInt,
  home_team_name: optText,
  home_team_hash_image: optText,
  away_team_id: optInt,
  away_team_name: optText,
  away_team_hash_image: optText,
  home_team_score: ScoreObject.nullable().optional(),
  away_team_score: ScoreObject.nullable().optional(),
  specific_start_time: optText,
  start_time: optText,
  duration: z.number().nullable().optional(),
  class_id: optInt,
  class_name: optText,
  class_hash_image: optText,
  league_id: optInt,
  league_name: optText,
  league_hash_image: optText,
  last_period: optText,
})
export type MatchRecord = z.infer<typeof MatchRecord>

const CompactMatchRecord = z.looseObject({
  id,
  status: optText,
  status_reason: optText,
  start_time: optText,
  league_id: optInt,
  league_name: optText,
  home_team_id: optInt,
  home_team_name: optText,
  away_team_id: optInt,
  away_team_name: optText,
  home_team_score: z.number().nullable().optional(),
  away_team_score: z.number().nullable().optional(),
})
type CompactMatchRecord = z.infer<typeof CompactMatchRecord>

export const MatchesByDateRecord = z.looseObject({ date: text, matches: z.array(CompactMatchRecord) })
export type MatchesByDateRecord = z.infer<typeof MatchesByDateRecord>

const IncidentRecord = z.looseObject({
  time: z.number().nullable().optional(),
  type: text,
  class: optText,
  is_home: z.boolean().nullable().optional(),
  home_score: z.number().nullable().optional(),
  away_score: z.number().nullable().optional(),
})
export const MatchIncidentsRecord = z.looseObject({ match_id: id, incidents: z.array(IncidentRecord) })
export type MatchIncidentsRecord = z.infer<typeof MatchIncidentsRecord>

/** Any record of a route whose shape the documents do not give: an object, fields kept. */
export const LooseRecord = z.looseObject({})

/* ---------- errors ---------- */

export const PostgrestErrorBody = z.looseObject({
  code: z.string(),
  message: z.string(),
  details: z.string().nullable().optional(),
  hint: z.string().nullable().optional(),
})
export type PostgrestErrorBody = z.infer<typeof PostgrestErrorBody>

/* ---------- live messages (D4) ---------- */

export const LIVE_DATA_TYPES = ['status', 'score', 'time', 'incident'] as const

/** The WebSocket subprotocol a live stream offers (D8). */
export const LIVE_DATA_SUBPROTOCOL = 'updates'
export type LiveDataType = (typeof LIVE_DATA_TYPES)[number]

const liveNumber = z.union([z.number(), z.string().trim().min(1).pipe(z.coerce.number())])
const liveInt = liveNumber.pipe(z.number().int())
const liveBool = z
  .union([z.boolean(), z.enum(['true', 'false', '']).transform((s) => (s === '' ? null : s === 'true'))])
  .nullable()
/** An optional field the service may send as "" ("no value"); "" must not coerce to 0. */
const blank = z.literal('').transform(() => null)
const liveOptNumber = z.union([blank, liveNumber]).nullable().optional()
const liveOptInt = z.union([blank, liveInt]).nullable().optional()
const liveOptText = z.union([blank, z.string()]).nullable().optional()

export const LiveStatusMessage = z.looseObject({ sport: text, match_id: liveInt, type: text, reason: liveOptText })
export type LiveStatusMessage = z.infer<typeof LiveStatusMessage>

export const LiveScoreMessage = z
  .looseObject({ sport: text, match_id: liveInt, team: z.enum(['home', 'away']), score: liveNumber })
  .transform((m) => {
    const periods: number[] = []
    const raw = m as Record<string, unknown>
    for (let n = 1; ; n++) {
      const value = liveNumber.safeParse(raw[`period_${n}`])
      if (!value.success || !Number.isFinite(value.data)) break
      periods.push(value.data)
    }
    return { ...m, periods }
  })
export type LiveScoreMessage = z.infer<typeof LiveScoreMessage>

export const LiveTimeMessage = z.looseObject({ sport: text, match_id: liveInt, time: liveNumber, period: liveOptInt })
export type LiveTimeMessage = z.infer<typeof LiveTimeMessage>

export const LiveIncidentMessage = z.looseObject({
  sport: text,
  match_id: liveInt,
  type: text,
  class: liveOptText,
  time: liveOptNumber,
  is_home: liveBool.optional(),
  home_score: liveOptNumber,
  away_score: liveOptNumber,
})
export type LiveIncidentMessage = z.infer<typeof LiveIncidentMessage>

/** The schema of each live type: a stream is of one type, so messages carry no kind of their own. */
export const LIVE_DATA_MESSAGES = {
  status: LiveStatusMessage,
  score: LiveScoreMessage,
  time: LiveTimeMessage,
  incident: LiveIncidentMessage,
} as const
