/**
 * The board as a grid: one row per watched match, the markets the trader picked as columns, with
 * sort, "live only", "hide finished" and grouping by sport, all kept with the list (its `view`,
 * saved by main). Only the rows on screen are mounted (lib/row-window.ts): every row and section
 * heading is ROW_PX tall, so 200 matches cost what one screenful does.
 *
 * The row order holds still while the pointer or keyboard focus is in the grid (steady-order.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { MatchSummary } from '../../../../shared/discovery'
import { DEFAULT_WATCHLIST_VIEW, type Watchlist } from '../../../../shared/watchlists'
import { useRowWindow } from '../../lib/row-window'
import { useBoardStore } from '../../store/board-store'
import { useBoardCursor } from '../../store/board-cursor'
import { isReplaying } from '../../store/replay-store'
import { useUiStore } from '../../store/ui-store'
import { BoardNotes, cursorToClickedCell } from '../board/BoardView'
import { GridBoardKeys } from '../board/use-board-keys'
import { orderMatches } from './board-order'
import { GridToolbar } from './GridToolbar'
import { GridHead, GridRow, ROW_PX, gridTemplate } from './GridRow'
import {
  boardFacts,
  gridDisplayOrder,
  gridModel,
  keepUnchanged,
  sameOrder,
  setShownGrid,
  type GridModel,
  type GridSectionModel,
} from './grid-model'
import { useSteadyOrder } from './steady-order'

/**
 * Rows mounted beyond each edge of the screen: enough for one wheel notch (~100 px) to land on
 * rows already drawn. Their cells hold their ticks until they come on screen (lib/held-ticks.ts):
 * the eight rows of look-ahead this grid once had, taking every tick, were half as many cells
 * again as it shows (150 mounted for 90 on screen; docs/BENCHMARKS.md, grid-vs-aggrid, 27 Nov
 * "the grid's paint structure").
 */
const OVERSCAN_ROWS = 3

type Item =
  { kind: 'head'; section: GridSectionModel } | { kind: 'row'; section: GridSectionModel; match: MatchSummary }

export function GridView({ list }: { list: Watchlist }) {
  const view = list.view ?? DEFAULT_WATCHLIST_VIEW
  const { matches } = list
  const [held, setHeld] = useState({ pointer: false, focus: false })
  const compute = useCallback(() => {
    const { headers, cells } = useBoardStore.getState()
    return orderMatches(matches, view, boardFacts(headers, cells, !isReplaying()))
  }, [matches, view])
  // The keyboard's cell cursor is the trader's place in the grid as much as the pointer is.
  const cursorOn = useBoardCursor((s) => s.outcomeId !== null)
  const { value: sections, waiting } = useSteadyOrder(compute, sameOrder, held.pointer || held.focus || cursorOn)
  const layouts = useBoardStore((s) => s.layouts)
  const model = useGridModel(sections, layouts, view.columns)
  const cursorRows = useMemo(
    () => gridDisplayOrder(model, layouts).map((row) => ({ key: `grid:${row.matchId}`, ...row })),
    [model, layouts],
  )
  const items = useMemo(
    () =>
      model.sections.flatMap((section): Item[] => [
        ...(section.sport === null ? [] : [{ kind: 'head' as const, section }]),
        ...section.matches.map((match) => ({ kind: 'row' as const, section, match })),
      ]),
    [model],
  )
  const flat = model.sections.length === 1 && model.sections[0]!.sport === null ? model.sections[0]! : null
  // An ungrouped grid's heading is held over the rows at the scroller's top (sticky, one row tall).
  const { scrollerRef, first, last, totalPx, offsetPx, isShown } = useRowWindow(
    items.length,
    ROW_PX,
    OVERSCAN_ROWS,
    flat ? ROW_PX : 0,
  )
  const attachScroller = useFocusedRowShown(items, scrollerRef)
  const pinned = useMemo(() => new Set(view.pinned), [view.pinned])
  const shown = items.length - model.sections.filter((s) => s.sport !== null).length
  return (
    <div
      className="board-grid"
      data-testid="board-grid"
      role="region"
      aria-label={`${list.name}: ${shown} matches`}
      onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld((h) => ({ ...h, focus: false }))
      }}
      onClick={cursorToClickedCell}
    >
      <GridBoardKeys rows={cursorRows} />
      <GridToolbar list={list} view={view} model={model} shown={shown} waiting={waiting} />
      <BoardNotes />
      {shown === 0 && list.matches.length > 0 && (
        <div className="empty-state" data-testid="grid-empty">
          No match of {list.name} is {view.liveOnly ? 'live' : 'left'} with these filters.
        </div>
      )}
      <div className="grid-scroll" ref={attachScroller} data-testid="grid-scroll">
        {/* Inside the scroller, held at its top: it scrolls sideways with the rows on a narrow board. */}
        {flat && <GridHead slots={flat.slots} template={gridTemplate(flat.slots)} sport={null} sticky />}
        <div style={{ height: totalPx }}>
          {/* One moved block with rows in normal flow: no per-row position for the browser to track. */}
          <div style={{ transform: `translateY(${offsetPx}px)` }}>
            {items.slice(first, last).map((item, i) => {
              const template = gridTemplate(item.section.slots)
              return item.kind === 'head' ? (
                <GridHead
                  key={`head:${item.section.sport}`}
                  slots={item.section.slots}
                  template={template}
                  sport={item.section.sport}
                />
              ) : (
                <GridRow
                  key={item.match.matchId}
                  match={item.match}
                  columns={model.columnsBySport.get(item.match.sport) ?? NO_COLUMNS}
                  slots={item.section.slots}
                  template={template}
                  pinned={pinned.has(item.match.matchId)}
                  offScreen={!isShown(first + i)}
                />
              )
            })}
          </div>
        </div>
      </div>
    </div>
  )
}

const NO_COLUMNS: never[] = []

/**
 * A match brought forward (the keyboard's cursor onto a row outside the window, a notification or
 * watchlist click) is scrolled to the top of the grid: its row is mounted only once it is in view.
 */
function useFocusedRowShown(items: readonly Item[], scrollerRef: (element: HTMLElement | null) => void) {
  const focused = useUiStore((s) => s.focusedMatch)
  const scroller = useRef<HTMLElement | null>(null)
  const rows = useRef(items)
  useEffect(() => {
    rows.current = items
  }, [items])
  useEffect(() => {
    const index = rows.current.findIndex((i) => i.kind === 'row' && i.match.matchId === focused?.matchId)
    if (index >= 0 && scroller.current) scroller.current.scrollTop = index * ROW_PX
  }, [focused])
  return useCallback(
    (element: HTMLElement | null) => {
      scroller.current = element
      scrollerRef(element)
    },
    [scrollerRef],
  )
}

/** The grid's model, its unchanged parts kept from the last one; published for the cell cursor. */
function useGridModel(
  sections: ReturnType<typeof orderMatches>,
  layouts: Parameters<typeof gridModel>[1],
  columns: Parameters<typeof gridModel>[2],
): GridModel {
  const [kept, setKept] = useState<{ from: readonly unknown[]; model: GridModel } | null>(null)
  const from = [sections, layouts, columns]
  let model: GridModel
  if (!kept || from.some((input, i) => input !== kept.from[i])) {
    model = keepUnchanged(kept?.model ?? null, gridModel(sections, layouts, columns))
    setKept({ from, model })
  } else model = kept.model
  useEffect(() => setShownGrid({ model, layouts: () => useBoardStore.getState().layouts }), [model])
  useEffect(() => () => setShownGrid(null), [])
  return model
}
