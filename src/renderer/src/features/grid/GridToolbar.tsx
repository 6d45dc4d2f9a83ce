/**
 * The grid's controls: cards or grid, sort, "live only", "hide finished", group by sport, the
 * market columns per sport; how many matches show, and "order held" while the grid keeps its
 * rows still under the trader (steady-order.ts). Every change is saved with the list.
 */
import { useEffect, useRef, useState } from 'react'
import {
  BoardSort,
  MAX_GRID_COLUMNS,
  type GridColumn,
  type Watchlist,
  type WatchlistView,
} from '../../../../shared/watchlists'
import { useBoardStore } from '../../store/board-store'
import { changeActiveView } from '../../store/watchlist-store'
import { BoardModeToggle } from './BoardModeToggle'
import { marketChoices } from './grid-columns'
import type { GridModel } from './grid-model'

const SORT_WORDS: Record<BoardSort, string> = {
  list: 'List order',
  start: 'Start time',
  league: 'League',
  status: 'Status',
  lastMove: 'Last move',
}

const FILTERS = [
  ['liveOnly', 'Live only'],
  ['hideFinished', 'Hide finished'],
  ['groupBySport', 'Group by sport'],
] as const

export function GridToolbar({
  list,
  view,
  model,
  shown,
  waiting,
}: {
  list: Watchlist
  view: WatchlistView
  model: GridModel
  shown: number
  waiting: boolean
}) {
  return (
    <div className="toolbar grid-toolbar" data-testid="grid-toolbar">
      <BoardModeToggle mode="grid" />
      <label>
        Sort{' '}
        <select
          data-testid="grid-sort"
          value={view.sort}
          onChange={(e) => void changeActiveView(() => ({ sort: BoardSort.parse(e.target.value) }))}
        >
          {BoardSort.options.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_WORDS[sort]}
            </option>
          ))}
        </select>
      </label>
      {FILTERS.map(([field, words]) => (
        <label key={field} className="check">
          <input
            type="checkbox"
            data-testid={`grid-${field}`}
            checked={view[field]}
            onChange={(e) => void changeActiveView(() => ({ [field]: e.target.checked }))}
          />
          {words}
        </label>
      ))}
      <ColumnPicker list={list} model={model} />
      <span className="spacer" />
      {/* Always in place, shown or not: its coming and going must not move the rows below. */}
      <span
        className="badge"
        data-testid="order-held"
        style={{ visibility: waiting ? 'visible' : 'hidden' }}
        title="The rows keep their order while the pointer or keyboard focus is in the grid; it updates when you leave"
      >
        order held
      </span>
      <span className="muted num" data-testid="grid-count">
        {shown === list.matches.length ? `${shown} matches` : `${shown} of ${list.matches.length} matches`}
      </span>
    </div>
  )
}

/** Per sport, the markets its matches offer, ticked where they are columns (in the order ticked). */
function ColumnPicker({ list, model }: { list: Watchlist; model: GridModel }) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDetailsElement>(null)
  // A click anywhere else closes it, as a menu does; ticking boxes inside keeps it open.
  useEffect(() => {
    if (!open) return
    const close = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', close)
    return () => document.removeEventListener('pointerdown', close)
  }, [open])
  return (
    <details ref={root} className="column-picker" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary data-testid="grid-columns">Columns</summary>
      {open && (
        <div className="column-picker-panel" data-testid="column-picker">
          {[...new Set(list.matches.map((m) => m.sport))].map((sport) => (
            <SportColumns
              key={sport}
              sport={sport}
              matchIds={list.matches.filter((m) => m.sport === sport).map((m) => m.matchId)}
              current={model.columnsBySport.get(sport) ?? []}
            />
          ))}
        </div>
      )}
    </details>
  )
}

function SportColumns({ sport, matchIds, current }: { sport: string; matchIds: number[]; current: GridColumn[] }) {
  const layouts = useBoardStore((s) => s.layouts)
  const choices = marketChoices(matchIds.flatMap((id) => layouts[id] ?? []))
  const isOn = (c: GridColumn) => current.some((o) => o.oddType === c.oddType && o.market === c.market)
  const toggle = (column: GridColumn, on: boolean) =>
    changeActiveView((v) => ({
      columns: {
        ...v.columns,
        [sport]: on
          ? [...current, column]
          : current.filter((c) => !(c.oddType === column.oddType && c.market === column.market)),
      },
    }))
  return (
    <fieldset>
      <legend>{sport}</legend>
      {choices.length === 0 && <p className="muted">No markets yet: they show once prices arrive.</p>}
      {choices.map(({ column, label }) => (
        <label key={`${column.oddType}|${column.market}`} className="check">
          <input
            type="checkbox"
            data-testid="column-choice"
            data-market={column.market}
            checked={isOn(column)}
            disabled={!isOn(column) && current.length >= MAX_GRID_COLUMNS}
            onChange={(e) => void toggle(column, e.target.checked)}
          />
          {label} <span className="muted">({column.oddType})</span>
        </label>
      ))}
    </fieldset>
  )
}
