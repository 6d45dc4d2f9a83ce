/**
 * The price board as normalised maps, and the pure functions that fold main's board messages
 * into them. Unchanged entries keep their object identity, so a component that selects one cell
 * (or one layout, or one header) is not re-rendered when something else changed.
 */
import type { BoardCell, BoardPatch, MatchBoard, MatchHeader, MatchLayout } from '../../../shared/board'

export interface BoardData {
  cells: Record<string, BoardCell>
  layouts: Record<number, MatchLayout>
  headers: Record<number, MatchHeader>
}

export const EMPTY_BOARD: BoardData = { cells: {}, layouts: {}, headers: {} }

/** The board as `board:get` answers it: a whole new state. */
export function boardFromSnapshots(boards: readonly MatchBoard[]): BoardData {
  return applyBoardPatch(EMPTY_BOARD, { snapshots: boards, layouts: [], cells: [], headers: [], removed: [] })
}

type PatchParts = {
  readonly [K in 'snapshots' | 'layouts' | 'cells' | 'headers' | 'removed']: readonly BoardPatch[K][number][]
}

/** Applies one patch in the order main defines: snapshots, then layouts, cells, headers, removals. */
export function applyBoardPatch(state: BoardData, patch: PatchParts): BoardData {
  return applyBoardPatches(state, [patch])
}

/**
 * Applies patches one after the other, each in the order main defines, copying each map at most
 * once for all of them: a frame's patches (board-store.ts queues them) make one new state.
 */
export function applyBoardPatches(state: BoardData, patches: readonly PatchParts[]): BoardData {
  const touches = (...parts: (keyof PatchParts)[]) => patches.some((p) => parts.some((part) => p[part].length > 0))
  const touchesCells = touches('snapshots', 'cells', 'removed')
  const touchesLayouts = touches('snapshots', 'layouts', 'removed')
  const touchesHeaders = touches('snapshots', 'headers', 'removed')
  const cells = touchesCells ? { ...state.cells } : state.cells
  const layouts = touchesLayouts ? { ...state.layouts } : state.layouts
  const headers = touchesHeaders ? { ...state.headers } : state.headers

  for (const patch of patches) {
    for (const board of patch.snapshots) {
      // A snapshot replaces the match: cells it no longer lists must not linger.
      dropMatchCells(cells, board.header.matchId)
      for (const cell of board.cells) cells[cell.outcomeId] = cell
      layouts[board.header.matchId] = board.layout
      headers[board.header.matchId] = board.header
    }
    for (const layout of patch.layouts) layouts[layout.matchId] = layout
    for (const cell of patch.cells) cells[cell.outcomeId] = cell
    for (const header of patch.headers) {
      const current = headers[header.matchId]
      // A header patch for a match without a snapshot has nothing to complete; the next snapshot brings it.
      if (current) headers[header.matchId] = { ...current, ...header }
    }
    for (const matchId of patch.removed) {
      dropMatchCells(cells, matchId)
      delete layouts[matchId]
      delete headers[matchId]
    }
  }
  return touchesCells || touchesLayouts || touchesHeaders ? { cells, layouts, headers } : state
}

function dropMatchCells(cells: Record<string, BoardCell>, matchId: number): void {
  for (const [id, cell] of Object.entries(cells)) if (cell.matchId === matchId) delete cells[id]
}
