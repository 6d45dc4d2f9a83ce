/**
 * The bookmaker's markets per sport, in the canonical form of src/shared/wire/odds.ts (A1–A3):
 * groups (`oddType`) of markets, each a list of outcomes with a key; `oddKey` = market#outcome.
 * Badminton's groups are our own choice (odds.ts ODD_GROUPS); cricket's and hockey's follow the
 * document's group names.
 */
import type { Rng } from '../rng'
import type { SimSport } from '../world/sports'

export interface OutcomeTemplate {
  key: string
  label: string
  /** +1 when a home lead makes this outcome likelier, -1 for away, 0 when the score says nothing. */
  scoreSign: number
  /** Starting logit: the seeded pre-match opinion. */
  logit: number
}

export interface MarketTemplate {
  oddType: string
  name: string
  label: string
  line?: number
  outcomes: OutcomeTemplate[]
}

export interface MarketContext {
  rng: Rng
  /** Home strength (0.4–0.6): the starting favourite. */
  homeStrength: number
  homeName: string
  awayName: string
  homePlayers: readonly string[]
  awayPlayers: readonly string[]
}

function winner(
  oddType: string,
  name: string,
  label: string,
  ctx: MarketContext,
  withDraw: boolean,
  line?: number,
): MarketTemplate {
  const edge = (ctx.homeStrength - 0.5) * 4
  const outcomes: OutcomeTemplate[] = [{ key: 'home', label: ctx.homeName, scoreSign: 1, logit: edge }]
  if (withDraw) outcomes.push({ key: 'draw', label: 'Draw', scoreSign: 0, logit: -1 })
  outcomes.push({ key: 'away', label: ctx.awayName, scoreSign: -1, logit: -edge })
  return { oddType, name, label, ...(line === undefined ? {} : { line }), outcomes }
}

function overUnder(oddType: string, name: string, label: string, line: number, ctx: MarketContext): MarketTemplate {
  const tilt = (ctx.rng.next() - 0.5) * 0.4
  return {
    oddType,
    name,
    label,
    line,
    outcomes: [
      { key: 'over', label: `Over ${line}`, scoreSign: 0, logit: tilt },
      { key: 'under', label: `Under ${line}`, scoreSign: 0, logit: -tilt },
    ],
  }
}

const SPORT_MARKETS: Record<SimSport, (ctx: MarketContext) => MarketTemplate[]> = {
  badminton: (ctx) => {
    const edge = (ctx.homeStrength - 0.5) * 4
    return [
      winner('full-time', 'match_winner', 'Match winner', ctx, false),
      overUnder('full-time', 'total_points', 'Total points', 77.5 + ctx.rng.int(-3, 3), ctx),
      winner('full-time', 'game_handicap', 'Game handicap', ctx, false, -1.5),
      {
        oddType: 'full-time',
        name: 'correct_score',
        label: 'Correct score',
        outcomes: [
          { key: '2:0', label: '2:0', scoreSign: 1, logit: edge },
          { key: '2:1', label: '2:1', scoreSign: 0.5, logit: edge / 2 },
          { key: '1:2', label: '1:2', scoreSign: -0.5, logit: -edge / 2 },
          { key: '0:2', label: '0:2', scoreSign: -1, logit: -edge },
        ],
      },
      winner('game-time', 'game_winner', 'Current game winner', ctx, false),
      overUnder('game-time', 'game_total_points', 'Current game total points', 38.5, ctx),
    ]
  },
  cricket: (ctx) => [
    {
      oddType: 'player',
      name: 'top_batter',
      label: 'Top batter',
      outcomes: [
        ...ctx.homePlayers
          .slice(0, 2)
          .map((p, i) => ({ key: `home_${i + 1}`, label: p, scoreSign: 0, logit: ctx.rng.next() - 0.5 })),
        ...ctx.awayPlayers
          .slice(0, 2)
          .map((p, i) => ({ key: `away_${i + 1}`, label: p, scoreSign: 0, logit: ctx.rng.next() - 0.5 })),
      ],
    },
    winner('team', 'most_sixes', 'Most sixes', ctx, false),
    overUnder('team', 'home_total_runs', `${ctx.homeName} total runs`, 155.5 + ctx.rng.int(-10, 10), ctx),
    winner('full-time', 'match_winner', 'Match winner', ctx, false),
    overUnder('full-time', 'total_runs', 'Total runs', 310.5 + ctx.rng.int(-20, 20), ctx),
  ],
  hockey: (ctx) => [
    winner('period-time', 'period_winner', 'Current period winner', ctx, true),
    overUnder('period-time', 'period_total_goals', 'Current period total goals', 1.5, ctx),
    winner('full-time', 'match_winner', 'Match winner (regular time)', ctx, true),
    overUnder('full-time', 'total_goals', 'Total goals', 5.5, ctx),
    winner('full-time', 'puck_line', 'Puck line', ctx, false, -1.5),
  ],
}

export function marketTemplates(sport: SimSport, ctx: MarketContext): MarketTemplate[] {
  return SPORT_MARKETS[sport](ctx)
}
