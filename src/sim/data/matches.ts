/**
 * Match records as field-notes.md shows them, derived from the world and the match clock at the
 * moment of the request: the full /matches record, the compact /matches-by-date form, incidents.
 */
import type { MatchMoment } from '../world/clock'
import type { SportLookup } from '../world/lookup'
import type { WorldMatch } from '../world/model'
import type { ScoreStep } from '../world/script'
import { stepAt } from '../world/script'

export type Row = Record<string, unknown>

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00')

/** A planned length, the same in every state (field-notes.md: every real record carries 9000). */
const PLANNED_DURATION_S = 9000

/** The world instant at which the match clock read `elapsedS` (a delayed start and a pause added). */
function worldInstantOf(match: WorldMatch, elapsedS: number): number {
  const fate = match.fate
  const delayS = fate.kind === 'delayed' ? fate.delayS : 0
  const pauseS = fate.kind === 'interrupted' && elapsedS >= fate.pauseAtS ? fate.pauseForS : 0
  return match.startTime + (delayS + elapsedS + pauseS) * 1000
}

/** World time and the server's own clock at one reading. */
export interface ReadingTime {
  worldNow: number
  serverNow: number
}

/**
 * A started match's clock as the real service states it (D9 in shared/wire/data-service.ts): when
 * play began and when each period so far began, to the second, in the server's time: as long
 * before the server's now as they are before the world's, so a client reading them against its own
 * clock sees the match clock (at a faster world clock each reading moves them on).
 */
export function clockMoments(
  match: WorldMatch,
  moment: MatchMoment,
  time: ReadingTime,
): { start: string; periods: string[] } {
  const stamp = (elapsedS: number) =>
    iso(Math.floor((time.serverNow - (time.worldNow - worldInstantOf(match, elapsedS))) / 1000) * 1000)
  const periods: string[] = []
  for (let i = 0; i <= moment.stepIndex; i++) {
    const step = match.script.steps[i] as ScoreStep
    while (periods.length < step.period) periods.push(stamp(step.at))
  }
  return { start: stamp(0), periods }
}

function started(moment: MatchMoment): boolean {
  return moment.status === 'live' || moment.status === 'interrupted' || moment.status === 'finished'
}

/** `{current, display, period_1.., default_time}`; empty before the start, like the real service. */
function scoreObject(step: ScoreStep, side: 'home' | 'away', moment: MatchMoment): Row {
  if (!started(moment)) return {}
  const periods = side === 'home' ? step.home : step.away
  const display = side === 'home' ? step.homeDisplay : step.awayDisplay
  const score: Row = { current: display, display }
  periods.forEach((points, i) => {
    score[`period_${i + 1}`] = points
  })
  score.default_time = display
  return score
}

export function fullMatchRecord(lookup: SportLookup, match: WorldMatch, moment: MatchMoment, time: ReadingTime): Row {
  const home = lookup.team(match.homeTeamId)
  const away = lookup.team(match.awayTeamId)
  const tournament = lookup.tournament(match.tournamentId)
  const league = lookup.league(match.leagueId)
  const season = lookup.world.seasons.find((s) => s.id === match.seasonId)
  const round = season?.rounds.find((r) => r.id === match.roundId)
  const arena = lookup.world.arenas.find((a) => a.id === match.arenaId)
  const referee = lookup.world.referees.find((r) => r.id === match.refereeId)
  const isStarted = started(moment)
  const clock = isStarted ? clockMoments(match, moment, time) : null
  return {
    id: match.id,
    name: `${home.name} - ${away.name}`,
    tournament_id: tournament.id,
    tournament_name: tournament.name,
    tournament_importance: tournament.importance,
    season_id: match.seasonId,
    season_name: season?.name ?? null,
    round_id: match.roundId,
    round: round ? { id: round.id, round: round.round, start_time: round.start_time, end_time: round.end_time } : null,
    status: { type: moment.status, reason: moment.reason },
    status_type: moment.status,
    time: isStarted ? { played: Math.floor(moment.elapsedS), period: moment.step.period } : {},
    arena_id: arena?.id ?? null,
    arena_name: arena?.name ?? null,
    arena_hash_image: arena?.hash_image ?? null,
    referee_id: referee?.id ?? null,
    referee_name: referee?.name ?? null,
    home_team_id: home.id,
    home_team_name: home.name,
    home_team_hash_image: home.hash_image,
    away_team_id: away.id,
    away_team_name: away.name,
    away_team_hash_image: away.hash_image,
    home_team_score: scoreObject(moment.step, 'home', moment),
    away_team_score: scoreObject(moment.step, 'away', moment),
    times: clock
      ? {
          specific_start_time: clock.start,
          ...Object.fromEntries(clock.periods.map((at, i) => [`period_${i + 1}`, at])),
        }
      : {},
    specific_start_time: clock?.start ?? null,
    start_time: iso(match.startTime),
    duration: PLANNED_DURATION_S,
    class_id: league.class_id,
    class_name: league.class_name,
    class_hash_image: league.class_hash_image,
    league_id: league.id,
    league_name: league.name,
    league_hash_image: league.hash_image,
    last_period: isStarted ? `period_${moment.step.period}` : null,
  }
}

/** field-notes.md: in /matches-by-date `status` is a plain string and scores are numbers. */
export function compactMatchRecord(lookup: SportLookup, match: WorldMatch, moment: MatchMoment): Row {
  const home = lookup.team(match.homeTeamId)
  const away = lookup.team(match.awayTeamId)
  const isStarted = started(moment)
  return {
    id: match.id,
    status: moment.status,
    status_reason: moment.reason,
    start_time: iso(match.startTime),
    league_id: match.leagueId,
    league_name: lookup.league(match.leagueId).name,
    tournament_id: match.tournamentId,
    home_team_id: home.id,
    home_team_name: home.name,
    away_team_id: away.id,
    away_team_name: away.name,
    home_team_score: isStarted ? moment.step.homeDisplay : null,
    away_team_score: isStarted ? moment.step.awayDisplay : null,
  }
}

/** Incidents so far, in the field-notes.md shape (`time` in minutes of match clock). */
export function incidentsOf(match: WorldMatch, moment: MatchMoment): Row[] {
  const out: Row[] = []
  for (let i = 1; i <= moment.stepIndex; i++) {
    const step = match.script.steps[i] as ScoreStep
    if (!step.incident) continue
    out.push({
      time: Math.floor(step.at / 60),
      type: step.incident.type,
      class: 'regular',
      is_home: step.incident.isHome,
      home_score: step.homeDisplay,
      away_score: step.awayDisplay,
    })
  }
  return out
}

/** Per-period statistics derived from the script: what was won, and the longest run. */
export function statisticsOf(match: WorldMatch, moment: MatchMoment): Row[] {
  if (!started(moment)) return []
  const step = moment.step
  let run = { side: '', length: 0 }
  const best = { home: 0, away: 0 }
  for (let i = 1; i <= moment.stepIndex; i++) {
    const prev = match.script.steps[i - 1] as ScoreStep
    const cur = match.script.steps[i] as ScoreStep
    const side = sumOf(cur.home) > sumOf(prev.home) ? 'home' : sumOf(cur.away) > sumOf(prev.away) ? 'away' : ''
    if (!side) continue
    run = side === run.side ? { side, length: run.length + 1 } : { side, length: 1 }
    best[side as 'home' | 'away'] = Math.max(best[side as 'home' | 'away'], run.length)
  }
  return [
    { period: 'ALL', group: 'Score', name: 'Scored', home: sumOf(step.home), away: sumOf(step.away) },
    { period: 'ALL', group: 'Score', name: 'Periods won', home: step.homeDisplay, away: step.awayDisplay },
    { period: 'ALL', group: 'Momentum', name: 'Longest scoring run', home: best.home, away: best.away },
  ]
}

function sumOf(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0)
}

/** Final score of a finished match, for standings and brackets. */
export function finalScore(match: WorldMatch): ScoreStep {
  const end = match.fate.kind === 'retired' ? match.fate.atS : match.script.duration
  return stepAt(match.script, end).step
}
