/**
 * The board's cell cursor as plain data: where the arrow keys go over a ragged matrix of price
 * cells (a card's market rows, the grid's match rows), and where the cursor lands when the cell
 * under it leaves the board. The cursor is an outcome id, never a screen position: a price that
 * ticks, or a row that moves, takes the cursor with it.
 */

/** One line of price cells in display order: a market's outcomes on a card, a match's on the grid. */
export interface CursorRow {
  /** Stable while the row is shown, so the row is found again after the board changes. */
  key: string
  matchId: number
  outcomeIds: readonly string[]
}

export type CursorMove = 'up' | 'down' | 'left' | 'right'

interface Place {
  row: number
  column: number
}

function locate(rows: readonly CursorRow[], outcomeId: string): Place | null {
  for (let row = 0; row < rows.length; row++) {
    const column = rows[row]?.outcomeIds.indexOf(outcomeId) ?? -1
    if (column >= 0) return { row, column }
  }
  return null
}

/** The cell at `column` of `row`, or the row's last when the row is shorter; null for an empty row. */
function cellNear(row: CursorRow | undefined, column: number): string | null {
  if (!row || row.outcomeIds.length === 0) return null
  return row.outcomeIds[Math.min(column, row.outcomeIds.length - 1)] ?? null
}

/**
 * Where `move` takes the cursor. No cursor yet (or one no longer on the board) starts on the first
 * cell. Left and right stay within the row and stop at its ends; up and down go to the nearest row
 * with cells, to the same column or the row's last cell when it is shorter, and stop at the board's
 * first and last row. An empty board has no cursor.
 */
export function moveCursor(rows: readonly CursorRow[], outcomeId: string | null, move: CursorMove): string | null {
  const place = outcomeId === null ? null : locate(rows, outcomeId)
  if (!place) return firstCell(rows)
  const row = rows[place.row] as CursorRow
  switch (move) {
    case 'left':
      return row.outcomeIds[Math.max(0, place.column - 1)] ?? null
    case 'right':
      return row.outcomeIds[Math.min(row.outcomeIds.length - 1, place.column + 1)] ?? null
    case 'up':
    case 'down': {
      const step = move === 'up' ? -1 : 1
      for (let r = place.row + step; r >= 0 && r < rows.length; r += step) {
        const cell = cellNear(rows[r], place.column)
        if (cell !== null) return cell
      }
      return outcomeId
    }
  }
}

function firstCell(rows: readonly CursorRow[]): string | null {
  for (const row of rows) {
    const cell = cellNear(row, 0)
    if (cell !== null) return cell
  }
  return null
}

/**
 * Where the cursor is once the board has changed from `before` to `after`. A cell still shown keeps
 * it. A cell that left (its match taken off the list, its market or outcome withdrawn) hands it to
 * the nearest row that is still there, in `before`'s order: its own row, then the rows that came
 * after it (the next market, the next match), then those before it (it was the last), at the same
 * column or the row's last cell. Null when nothing of `before` is left, or the cursor was not on it.
 */
export function keepCursor(
  before: readonly CursorRow[],
  after: readonly CursorRow[],
  outcomeId: string | null,
): string | null {
  if (outcomeId === null) return null
  if (locate(after, outcomeId)) return outcomeId
  const place = locate(before, outcomeId)
  if (!place) return null
  const afterByKey = new Map(after.map((row) => [row.key, row]))
  const nearestFirst = [...before.slice(place.row), ...before.slice(0, place.row).reverse()]
  for (const row of nearestFirst) {
    const cell = cellNear(afterByKey.get(row.key), place.column)
    if (cell !== null) return cell
  }
  return null
}

/** The match whose cell `outcomeId` is, on this board. */
export function matchOfCell(rows: readonly CursorRow[], outcomeId: string): number | null {
  const place = locate(rows, outcomeId)
  return place ? (rows[place.row]?.matchId ?? null) : null
}
