/**
 * The board's keys, on top of the global ones (features/keyboard/hotkeys.ts: quiet while the
 * trader types, or while a dialog is open): the arrows move the cell cursor, Enter opens the
 * override editor on its outcome, H the outcome's history in Review, Space pins its match to the
 * top of the board (or unpins it), Esc puts the cursor away.
 * The cursor is an outcome id (store/board-cursor.ts): the ring stays on that price however the
 * prices tick, and when its match leaves the board it goes to the nearest cell still shown.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useBoardStore } from '../../store/board-store'
import { setBoardCursor, useBoardCursor } from '../../store/board-cursor'
import { focusMatch, openOverrideEditor, openReview } from '../../store/ui-store'
import { togglePinnedMatch } from '../../store/watchlist-store'
import { useHotkeys } from '../keyboard/hotkeys'
import { cardRows } from './card-rows'
import { keepCursor, matchOfCell, moveCursor, type CursorMove, type CursorRow } from './cell-cursor'

/**
 * The keys of the card view, as a component that draws nothing: the layouts it follows change the
 * cursor's rows, never the board around it.
 */
export function CardBoardKeys({ matchIds }: { matchIds: readonly number[] }) {
  const layouts = useBoardStore((s) => s.layouts)
  const rows = useMemo(() => cardRows(matchIds, layouts), [matchIds, layouts])
  useBoardKeys(rows)
  return null
}

/**
 * The keys of the grid view: its rows as drawn (features/grid `gridDisplayOrder`), one cursor row
 * per match. A cell of a row scrolled out of the grid's window is brought forward by its match.
 */
export function GridBoardKeys({ rows }: { rows: readonly CursorRow[] }) {
  useBoardKeys(rows)
  return null
}

function useBoardKeys(rows: readonly CursorRow[]): void {
  useCursorKeptOn(rows)
  const move = (direction: CursorMove) => () => {
    const next = moveCursor(rows, useBoardCursor.getState().outcomeId, direction)
    setBoardCursor(next)
    if (next !== null) revealCell(next, matchOfCell(rows, next))
  }
  const onCursor = (act: (outcomeId: string, matchId: number) => void) => () => {
    const outcomeId = useBoardCursor.getState().outcomeId
    const matchId = outcomeId === null ? null : matchOfCell(rows, outcomeId)
    if (outcomeId !== null && matchId !== null) act(outcomeId, matchId)
  }
  const review = onCursor((outcomeId, matchId) => {
    const cell = useBoardStore.getState().cells[outcomeId]
    openReview({ matchId, outcome: cell ? { oddType: cell.oddType, oddKey: cell.oddKey } : null })
  })
  const pin = onCursor((outcomeId, matchId) => {
    // The match moves to the top (or back down): the cursor goes with it, and the board follows.
    void togglePinnedMatch(matchId).then(() => requestAnimationFrame(() => revealCell(outcomeId, matchId)))
  })
  useHotkeys({
    ArrowUp: move('up'),
    ArrowDown: move('down'),
    ArrowLeft: move('left'),
    ArrowRight: move('right'),
    Enter: onCursor(openOverrideEditor),
    h: review,
    H: review,
    ' ': pin,
    Escape: () => setBoardCursor(null),
  })
}

/** Whenever the board's cells change, the cursor stays on its outcome or moves to the nearest one left. */
function useCursorKeptOn(rows: readonly CursorRow[]): void {
  const previous = useRef(rows)
  useEffect(() => {
    const current = useBoardCursor.getState().outcomeId
    const kept = keepCursor(previous.current, rows, current)
    previous.current = rows
    if (kept !== current) setBoardCursor(kept)
  }, [rows])
}

/**
 * Scrolls the board (cards or grid) just enough to show the cell. A cell not in the page (its card
 * or grid row not mounted) brings its match forward instead, as a click in the watchlist does.
 */
function revealCell(outcomeId: string, matchId: number | null): void {
  const outcome = `[data-outcome="${CSS.escape(outcomeId)}"]`
  const cell = document.querySelector(`[data-testid="board"] ${outcome}, [data-testid="board-grid"] ${outcome}`)
  if (cell) cell.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  else if (matchId !== null) focusMatch(matchId)
}
