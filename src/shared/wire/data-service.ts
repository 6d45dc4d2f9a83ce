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
 * D4  Live messages are flat objects keyed by `match_id`, one stream per type; field-notes.md gives
 *     each type's key set (LIVE_DATA_KEYS) with every value a string. Every field but `match_id` is
 *     optional and "" means "no value" (never 0); the schemas convert (numbers by coercion, booleans
 *     from "true"/"false"/"1"/"0"). A field we read that holds something unreadable refuses the
 *     message in words; fields we do not read are kept, whatever they hold.
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
 *     the clock (D9) from `times` (else the record's own `specific_start_time`), its period from
 *     `last_period` (`period_2` → 2) where `times` names none. It fills only what no live message has
 *     filled: live messages win. A `times` field that does not read is passed over, never the record.
 *     (core/watch/rest-headers.ts)
 * D8  Live streams over WebSocket offer the subprotocol `updates`, as the provider's examples do
 *     (field-notes.md): a server may insist on it. A server that agrees to none is accepted; the
 *     event stream has no subprotocol. (core/streams/transports.ts)
 * D9  The match clock. No message or record says time played: `duration` is a planned length (9000
 *     in every state, field-notes.md) and is never read. The live `time` message carries
 *     `specific_start_time` and `period_1…4`, the record `times{specific_start_time, period_N…}`.
 *     `specific_start_time` is when play began; a `period_N` that reads as a moment is when period N
 *     began, a number below 10^9 the seconds period N lasted (a form other providers use). A moment
 *     is ISO 8601 or epoch seconds/ms as digits (ClockValue). The clock reads the time since
 *     `specific_start_time` (else since `period_1` began, else the periods' lengths summed), taken
 *     at receipt and run on by the page while the match is live; the period is the highest N with a
 *     value. (core/watch/match-clock.ts)
 * D10 Score `team` (what it holds is not documented): `home`/`away`, `1` (home)/`2` (away), or a
 *     team id, which names the side whose id the match's /matches record gives (an id wins over
 *     1/2). "" or absent names no side, nor does an id the record does not give (or before it
 *     came): such a message is read, not refused, and the score comes from the match's record
 *     instead: the one asked for at watch if it has not come yet, else a new one (at most every
 *     10 s, the documented refresh), whose score replaces the header's. (scoreSide, watch-engine.ts)
 * D11 The incident message has no minute (field-notes.md: `reversed_period_time*` count down within
 *     a period of unknown length): its minute shows none, unless a server sends `time` as the
 *     /matches-incidents rows do. `type` absent or "" reads as "incident".
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
  /** D9: read leniently where the clock is derived (a bad value is passed over, never the record). */
  times: z.unknown().optional(),
  specific_start_time: optText,
  start_time: optText,
  /** A planned length (9000 in every state): never read as time played (D9). */
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
export type LiveDataType = (typeof LIVE_DATA_TYPES)[number]

/** The WebSocket subprotocol a live stream offers (D8). */
export const LIVE_DATA_SUBPROTOCOL = 'updates'

/** Each live type's keys exactly as field-notes.md gives them (badminton's live-data page). */
export const LIVE_DATA_KEYS: Readonly<Record<LiveDataType, readonly string[]>> = {
  status: ['sport', 'match_id', 'type', 'reason'],
  score: [
    'sport',
    'match_id',
    'score',
    'period_1',
    'period_2',
    'overtime',
    'penalties',
    'series',
    'aggregated',
    'extra1',
    'extra2',
    'team',
  ],
  time: ['sport', 'match_id', 'specific_start_time', 'period_1', 'period_2', 'period_3', 'period_4'],
  incident: [
    'sport',
    'match_id',
    'type',
    'text',
    'home_score',
    'away_score',
    'is_live',
    'added_time',
    'length',
    'player_id',
    'player_name',
    'player_hash_image',
    'reason',
    'is_home',
    'class',
    'player_in_id',
    'player_in_hash_image',
    'player_out_id',
    'player_out_name',
    'player_out_hash_image',
    'assist1_id',
    'assist1_name',
    'assist1_hash_image',
    'assist2_id',
    'assist2_name',
    'assist2_hash_image',
    'reversed_period_time',
    'reversed_period_time_seconds',
  ],
}

const liveNumber = z.union([z.number(), z.string().trim().min(1).pipe(z.coerce.number())])
const liveInt = liveNumber.pipe(z.number().int())
/** An optional field the service may send as "" ("no value"); "" must not coerce to 0. */
const blank = z.literal('').transform(() => null)
const liveBool = z
  .union([z.boolean(), blank, z.enum(['true', 'false', '1', '0']).transform((s) => s === 'true' || s === '1')])
  .nullable()
  .optional()
const liveOptNumber = z.union([blank, liveNumber]).nullable().optional()
const liveOptText = z.union([blank, z.string()]).nullable().optional()

/* ---------- the clock (D9) ---------- */

/** A clock field's value: a moment (epoch ms) or a length (seconds). */
export type ClockValue = { at: number } | { seconds: number }

/** Epoch seconds start here (2001); a smaller number is a length in seconds. */
const EPOCH_SECONDS_FROM = 1e9
/** Epoch milliseconds start here (2001). */
const EPOCH_MS_FROM = 1e12

function clockNumber(n: number): ClockValue | undefined {
  if (!Number.isFinite(n) || n < 0) return undefined
  if (n >= EPOCH_MS_FROM) return { at: n }
  if (n >= EPOCH_SECONDS_FROM) return { at: n * 1000 }
  return { seconds: n }
}

/**
 * A clock field as D9 reads it: null for no value (absent, null, ""), undefined for a value that
 * reads as neither a moment nor a length.
 */
function readClockValue(value: unknown): ClockValue | null | undefined {
  if (value === undefined || value === null || value === '') return null
  if (typeof value === 'number') return clockNumber(value)
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return clockNumber(Number(text))
  const at = Date.parse(text)
  return Number.isFinite(at) ? { at } : undefined
}

/** What a live message's or a record's clock fields say: when play began and each period's value. */
export interface ClockFields {
  start: ClockValue | null
  /** `period_1`, `period_2`, …: index 0 = period 1; null where the period has no value yet. */
  periods: Array<ClockValue | null>
}

/** `period_1`, `period_2`, … of `fields` while present (an empty one keeps its place), in order. */
function numberedPeriods(fields: Record<string, unknown>): Array<[key: string, value: unknown]> {
  const out: Array<[string, unknown]> = []
  for (let n = 1; `period_${n}` in fields; n++) out.push([`period_${n}`, fields[`period_${n}`]])
  return out
}

/** D7/D9: a record's `times` (else its own `specific_start_time`), leniently: what does not read is left out. */
export function recordClockFields(record: MatchRecord): ClockFields {
  const times = (typeof record.times === 'object' && record.times !== null ? record.times : {}) as Record<
    string,
    unknown
  >
  const lenient = (value: unknown) => readClockValue(value) ?? null
  return {
    start: lenient(times['specific_start_time']) ?? lenient(record.specific_start_time),
    periods: numberedPeriods(times).map(([, value]) => lenient(value)),
  }
}

/* ---------- the four messages ---------- */

export const LiveStatusMessage = z.looseObject({
  sport: liveOptText,
  match_id: liveInt,
  type: liveOptText,
  reason: liveOptText,
})
export type LiveStatusMessage = z.infer<typeof LiveStatusMessage>

/**
 * Whose score a message is (D10): a side, a number (1/2, or a team id: scoreSide decides once the
 * match's ids are known), or null for none said.
 */
export type ScoreTeam = 'home' | 'away' | number | null

const scoreTeam = z
  .union([z.number().int(), z.string().trim()])
  .nullable()
  .optional()
  .transform((team, ctx): ScoreTeam => {
    if (team === undefined || team === null || team === '') return null
    if (typeof team === 'number') return team
    const word = team.toLowerCase()
    if (word === 'home' || word === 'away') return word
    if (/^\d+$/.test(word)) return Number(word)
    ctx.addIssue({ code: 'custom', message: `team '${team}' is neither home/away, 1/2 nor a team id` })
    return z.NEVER
  })

/** D10, in one place: the side `team` names, given the match's team ids from its record (null before it came). */
export function scoreSide(
  team: ScoreTeam,
  teamIds: { home: number | null; away: number | null } | null,
): 'home' | 'away' | null {
  if (team === 'home' || team === 'away' || team === null) return team
  if (teamIds?.home === team) return 'home'
  if (teamIds?.away === team) return 'away'
  return team === 1 ? 'home' : team === 2 ? 'away' : null
}

export const LiveScoreMessage = z
  .looseObject({
    sport: liveOptText,
    match_id: liveInt,
    team: scoreTeam,
    score: liveOptNumber,
  })
  .transform((m) => {
    // Points per period while they read as numbers: the key set names two, a match may have more.
    const periods: number[] = []
    for (const [, value] of numberedPeriods(m)) {
      const points = liveOptNumber.safeParse(value)
      if (!points.success || typeof points.data !== 'number' || !Number.isFinite(points.data)) break
      periods.push(points.data)
    }
    return { ...m, periods }
  })
export type LiveScoreMessage = z.infer<typeof LiveScoreMessage>

export const LiveTimeMessage = z
  .looseObject({ sport: liveOptText, match_id: liveInt })
  .transform((m, ctx): LiveTimeMessageOut => {
    const read = (key: string, value: unknown): ClockValue | null => {
      const clock = readClockValue(value)
      if (clock !== undefined) return clock
      ctx.addIssue({ code: 'custom', message: `${key} '${String(value)}' is neither a time nor seconds` })
      return null
    }
    const raw = m as Record<string, unknown>
    return {
      ...m,
      clock: {
        start: read('specific_start_time', raw['specific_start_time']),
        periods: numberedPeriods(raw).map(([key, value]) => read(key, value)),
      },
    }
  })
type LiveTimeMessageOut = { sport?: string | null; match_id: number; clock: ClockFields }
export type LiveTimeMessage = z.infer<typeof LiveTimeMessage>

export const LiveIncidentMessage = z.looseObject({
  sport: liveOptText,
  match_id: liveInt,
  type: liveOptText,
  text: liveOptText,
  class: liveOptText,
  /** Not in the documented key set (D11); the /matches-incidents rows carry it. */
  time: liveOptNumber,
  is_home: liveBool,
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
