/**
 * Small, realistic tables for the query-engine tests: matches shaped after field-notes.md (nested
 * `status` and score objects, timestamps with different UTC offsets, some nulls) and teams
 * carrying the hidden `primary_league_id` that /teams filters on but never returns.
 */
const score = (current: number, periods: number[]): Record<string, number> => ({
  current,
  display: current,
  ...Object.fromEntries(periods.map((points, i) => [`period_${i + 1}`, points])),
})

export const MATCHES: readonly Record<string, unknown>[] = [
  {
    id: 1,
    name: 'Axelsen V. - Momota K.',
    status: { type: 'finished', reason: 'Ended' },
    status_type: 'finished',
    start_time: '2024-05-01T08:00:00+00:00',
    league_id: 10,
    tournament_importance: 5,
    referee_name: 'Ref A',
    home_team_score: score(2, [21, 21]),
    away_team_score: score(0, [15, 18]),
  },
  {
    id: 2,
    name: 'Chen Y. F. - Marin C.',
    status: { type: 'live', reason: '2nd game' },
    status_type: 'live',
    start_time: '2024-05-01T10:30:00+02:00', // 08:30Z: sorts before match 6 only as an instant
    league_id: 10,
    tournament_importance: null,
    referee_name: null,
    home_team_score: score(1, [21, 12]),
    away_team_score: score(1, [17, 10]),
  },
  {
    id: 3,
    name: 'Lee Z. J. - Ginting A. S.',
    status: { type: 'upcoming', reason: 'Not started' },
    status_type: 'upcoming',
    start_time: '2024-05-02T09:00:00Z',
    league_id: 11,
    tournament_importance: 3,
    referee_name: 'Ref B',
    home_team_score: {},
    away_team_score: {},
  },
  {
    id: 4,
    name: 'Shi Y. Q. - Antonsen A.',
    status: { type: 'postponed', reason: 'Postponed' },
    status_type: 'postponed',
    start_time: '2024-05-02T12:00:00+00:00',
    league_id: 11,
    tournament_importance: 5,
    referee_name: 'ref a',
    home_team_score: {},
    away_team_score: {},
  },
  {
    id: 5,
    name: 'An S. Y. - Tai T. Y.',
    status: { type: 'finished', reason: 'Retired' },
    status_type: 'finished',
    start_time: '2024-04-30T23:30:00-01:00', // 2024-05-01T00:30Z
    league_id: 12,
    tournament_importance: 1,
    referee_name: 'Ref C',
    home_team_score: score(1, [21, 5]),
    away_team_score: score(0, [19, 3]),
  },
  {
    id: 6,
    name: 'Nishimoto K. - Loh K. Y.',
    status: { type: 'live', reason: '1st game' },
    status_type: 'live',
    start_time: '2024-05-01T09:15:00Z',
    league_id: 10,
    tournament_importance: 4,
    referee_name: 'Ref B',
    home_team_score: score(0, [11]),
    away_team_score: score(0, [9]),
  },
]

export const TEAMS: readonly Record<string, unknown>[] = [
  {
    id: 1,
    name: 'Axelsen V.',
    full_name: 'Viktor Axelsen',
    national: false,
    sub_teams: [],
    class_id: 7,
    primary_league_id: 10,
  },
  {
    id: 2,
    name: 'Momota K.',
    full_name: 'Kento Momota',
    national: false,
    sub_teams: [],
    class_id: 8,
    primary_league_id: 10,
  },
  {
    id: 3,
    name: 'Chia/Soh',
    full_name: 'Aaron Chia / Soh Wooi Yik',
    national: false,
    sub_teams: [11, 12],
    class_id: 9,
    primary_league_id: 11,
  },
  { id: 4, name: 'Denmark', full_name: 'Denmark', national: true, sub_teams: [], class_id: 7, primary_league_id: 12 },
  { id: 5, name: 'Japan', full_name: 'Japan', national: true, sub_teams: [], class_id: 8, primary_league_id: 12 },
]

export const TEAM_OPTIONS = { hiddenColumns: ['primary_league_id'], table: 'teams' } as const

/** `count` rows with ids 1..count, for paging. */
export function numberedRows(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }))
}
