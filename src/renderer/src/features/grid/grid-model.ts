/**
 * What the grid draws, as pure functions: the ordered sections (board-order.ts) with each
 * section's column slots (grid-columns.ts), and the display order of its rows and price cells.
 *
 * `gridDisplayOrder` is the order a cell cursor moves through (arrow keys): rows top to bottom,
 * each row's outcome ids left to right, exactly as drawn. `shownGridOrder()` answers it for the
 * grid on screen now (the order the trader sees, held or not), or null when no grid is shown.
 */
import type { BoardCell, MatchHeader, MatchLayout } from '../../../../shared/board'
import type { MatchSummary } from '../../../../shared/discovery'
import type { GridColumn, WatchlistView } from '../../../../shared/watchlists'
import type { BoardSection, FactsOf } from './board-order'
import { gridSlots, rowSlots, sportColumns, type GridSlot } from './grid-columns'

export interface GridSectionModel extends BoardSection {
  slots: GridSlot[]
}

export interface GridModel {
  sections: GridSectionModel[]
  /** Each sport's columns (the trader's, else its first markets). */
  columnsBySport: Map<string, GridColumn[]>
}

/** One drawn row: its match and its price cells' outcome ids, left to right. */
export interface GridRowOrder {
  matchId: number
  outcomeIds: string[]
}

type Layouts = Readonly<Record<number, MatchLayout | undefined>>

function layoutsBySport(matches: readonly MatchSummary[], layouts: Layouts): Map<string, MatchLayout[]> {
  const bySport = new Map<string, MatchLayout[]>()
  for (const match of matches) {
    const list = bySport.get(match.sport) ?? []
    const layout = layouts[match.matchId]
    if (layout) list.push(layout)
    bySport.set(match.sport, list)
  }
  return bySport
}

export function gridModel(
  sections: readonly BoardSection[],
  layouts: Layouts,
  chosen: WatchlistView['columns'],
): GridModel {
  const all = sections.flatMap((s) => s.matches)
  const bySport = layoutsBySport(all, layouts)
  const columnsBySport = new Map([...bySport].map(([sport, list]) => [sport, sportColumns(chosen[sport], list)]))
  return {
    columnsBySport,
    sections: sections.map((section) => {
      const sectionLayouts = layoutsBySport(section.matches, layouts)
      const columns = new Map([...sectionLayouts.keys()].map((sport) => [sport, columnsBySport.get(sport) ?? []]))
      return { ...section, slots: gridSlots(columns, sectionLayouts) }
    }),
  }
}

export function gridDisplayOrder(model: GridModel, layouts: Layouts): GridRowOrder[] {
  return model.sections.flatMap((section) =>
    section.matches.map((match) => ({
      matchId: match.matchId,
      outcomeIds: rowSlots(layouts[match.matchId], model.columnsBySport.get(match.sport) ?? [], section.slots).flatMap(
        (slot) => slot.outcomes.flatMap((o) => (o ? [o.outcomeId] : [])),
      ),
    })),
  )
}

/**
 * `next` with every part that equals the same part of `prev` replaced by prev's object: a layout
 * change that leaves the columns as they were re-renders no row.
 */
export function keepUnchanged(prev: GridModel | null, next: GridModel): GridModel {
  if (!prev) return next
  const same = <T>(a: T | undefined, b: T): T => (a !== undefined && JSON.stringify(a) === JSON.stringify(b) ? a : b)
  return {
    columnsBySport: new Map(
      [...next.columnsBySport].map(([sport, c]) => [sport, same(prev.columnsBySport.get(sport), c)]),
    ),
    sections: next.sections.map((s, i) => ({ ...s, slots: same(prev.sections[i]?.slots, s.slots) })),
  }
}

/**
 * The facts the sort and filters read, from the board store's headers and cells. A match with no
 * status in its header falls back on its watchlist summary's, unless `summaries` is false (a
 * replay: what the match is doing now says nothing of then).
 */
export function boardFacts(
  headers: Readonly<Record<number, MatchHeader | undefined>>,
  cells: Readonly<Record<string, BoardCell | undefined>>,
  summaries = true,
): FactsOf {
  const lastMove = new Map<number, number>()
  for (const cell of Object.values(cells))
    // A price that has never moved (`flat`) dates from the snapshot, not from a move.
    if (cell && cell.direction !== 'flat' && cell.changedAt > (lastMove.get(cell.matchId) ?? 0))
      lastMove.set(cell.matchId, cell.changedAt)
  return (match) => ({
    status: headers[match.matchId]?.status ?? (summaries ? match.statusType : null),
    lastMoveAt: lastMove.get(match.matchId) ?? null,
  })
}

/** Whether two orders show the same rows in the same sections: a tick that changes neither is no news. */
export function sameOrder(a: readonly BoardSection[], b: readonly BoardSection[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (s, i) =>
        s.sport === b[i]!.sport &&
        s.matches.length === b[i]!.matches.length &&
        s.matches.every((m, j) => m.matchId === b[i]!.matches[j]!.matchId),
    )
  )
}

let shown: { model: GridModel; layouts: () => Layouts } | null = null

/** The grid on screen says what it shows (null when it goes). */
export function setShownGrid(next: typeof shown): void {
  shown = next
}

export function shownGridOrder(): GridRowOrder[] | null {
  return shown && gridDisplayOrder(shown.model, shown.layouts())
}
