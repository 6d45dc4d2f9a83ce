/**
 * The cursor rows of the card view (features/board/cell-cursor.ts): the cards in board order, each
 * card's markets in the order MatchCard draws them, one row per market with outcomes. A match
 * whose layout has not arrived yet has no rows.
 */
import type { MatchLayout } from '../../../../shared/board'
import type { CursorRow } from './cell-cursor'

export function cardRows(
  matchIds: readonly number[],
  layouts: Readonly<Record<number, MatchLayout | undefined>>,
): CursorRow[] {
  return matchIds.flatMap((matchId) =>
    (layouts[matchId]?.groups ?? []).flatMap((group) =>
      group.markets
        .filter((market) => market.outcomes.length > 0)
        .map((market) => ({
          key: `${matchId}:${group.oddType}:${market.name}:${market.line ?? ''}`,
          matchId,
          outcomeIds: market.outcomes.map((o) => o.outcomeId),
        })),
    ),
  )
}
