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

export type PatchParts = {
  readonly [K in 'snapshots' | 'layouts' | 'cells' | 'headers' | 'removed']: readonly BoardPatch[K][number][]
}

/** Applies one patch in the order main defines: snapshots, then layouts, cells, headers, removals. */
export function applyBoardPatch(state: BoardData, patch: PatchParts): BoardData {
  return applyBoardPatches(state, [patch])
}

/**
 * Applies patches one after the other, each in the order main defines, into a new state (the
 * given one is left as it was): each map is copied at most once for all of them.
 */
export function applyBoardPatches(state: BoardData, patches: readonly PatchParts[]): BoardData {
  const touchesCells = touches(patches, 'snapshots', 'cells', 'removed')
  return foldBoardPatches(touchesCells ? { ...state, cells: { ...state.cells } } : state, patches, new Set())
}

/**
 * Folds patches into `board` as applyBoardPatches does, but writes its cells map in place and adds
 * the id of every cell written or dropped to `changed`: a frame of patches costs what it changed,
 * not a copy of every cell on the board (~1,500 on a 50-match desk; the copy was the largest script
 * item of a frame at 5,000 updates/s, docs/BENCHMARKS.md). Only for a map its caller owns (the
 * board store's; readers are told which cells changed, not a new map). The layouts and headers,
 * one per match and read by identity, are copied when touched. Answers `board` when it changed
 * neither of those, else a new state with the same cells map.
 */
export function foldBoardPatches(board: BoardData, patches: readonly PatchParts[], changed: Set<string>): BoardData {
  const { cells } = board
  const layouts = touches(patches, 'snapshots', 'layouts', 'removed') ? { ...board.layouts } : board.layouts
  const headers = touches(patches, 'snapshots', 'headers', 'removed') ? { ...board.headers } : board.headers
  const write = (cell: BoardCell) => {
    cells[cell.outcomeId] = cell
    changed.add(cell.outcomeId)
  }

  for (const patch of patches) {
    for (const snapshot of patch.snapshots) {
      // A snapshot replaces the match: cells it no longer lists must not linger.
      dropMatchCells(cells, snapshot.header.matchId, changed)
      snapshot.cells.forEach(write)
      layouts[snapshot.header.matchId] = snapshot.layout
      headers[snapshot.header.matchId] = snapshot.header
    }
    for (const layout of patch.layouts) layouts[layout.matchId] = layout
    patch.cells.forEach(write)
    for (const header of patch.headers) {
      const current = headers[header.matchId]
      // A header patch for a match without a snapshot has nothing to complete; the next snapshot brings it.
      if (current) headers[header.matchId] = { ...current, ...header }
    }
    for (const matchId of patch.removed) {
      dropMatchCells(cells, matchId, changed)
      delete layouts[matchId]
      delete headers[matchId]
    }
  }
  return layouts === board.layouts && headers === board.headers ? board : { cells, layouts, headers }
}

function touches(patches: readonly PatchParts[], ...parts: (keyof PatchParts)[]): boolean {
  return patches.some((p) => parts.some((part) => p[part].length > 0))
}

function dropMatchCells(cells: Record<string, BoardCell>, matchId: number, changed: Set<string>): void {
  for (const [id, cell] of Object.entries(cells))
    if (cell.matchId === matchId) {
      delete cells[id]
      changed.add(id)
    }
}
