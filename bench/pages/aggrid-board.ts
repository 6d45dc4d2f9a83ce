/**
 * The peer of the grid-vs-aggrid bench (bench/grid-vs-aggrid.ts): AG Grid Community showing the
 * watched matches of the app's own host, fed the very `board:patch` events the board gets from
 * the page's bridge (`window.oddsMonitor`, the host's browser/bridge.ts). Bench-only: the bench
 * puts it in place of the app's script on the host's page; the app never loads it.
 *
 * One row per match (teams, status, score), one column per price slot: a match's outcomes in
 * layout order. The query sets how many price cells show (`cells`, the board's own count on
 * screen, so both draw as much) and how patches are applied (`mode`):
 *  - `frame`: changed rows are collected and applied as one `applyTransaction` per animation
 *    frame (in requestAnimationFrame), as a trading front end on AG Grid does;
 *  - `async`: `applyTransactionAsync` per patch, AG Grid's own batching (50 ms by default).
 * Prices flash on change (`enableCellChangeFlash`, 0.5 s + 1 s fade: the board's 1.5 s).
 *
 * Tick-to-paint, taken as the app's probe takes it (src/renderer/src/lib/paint-probe.ts): per
 * change, Date.now() at the animation frame that paints it minus the simulator's send time
 * (`serverTs`). In `frame` mode the transaction runs inside that frame's callback, so the time is
 * read right after `applyTransaction` returns; in `async` mode AG Grid applies the batch in a
 * timer, and the time is read in the first animation frame after its callback, as the app's probe
 * reads it in the first frame after the store applied a patch. Where the time went is kept hop by
 * hop by the app's own probe code (src/shared/probe-hops.ts), so the two pages'
 * slowest changes can be told apart by where they waited.
 */
import {
  AllCommunityModule,
  createGrid,
  ModuleRegistry,
  type ColDef,
  type GridApi,
  type GridOptions,
} from 'ag-grid-community'
import type { BoardPatch, MatchBoard, MatchHeader } from '../../src/shared/board'
import type { OddsMonitorApi } from '../../src/shared/bridge/api'
import type { WatchedMatch } from '../../src/shared/watchlists'
import { emptyProbeHops, recordHops } from '../../src/shared/probe-hops'

ModuleRegistry.registerModules([AllCommunityModule])

type Row = { matchId: number; teams: string; status: string; score: string } & Record<string, unknown>

const ROW_HEIGHT = 28
const HEADER_HEIGHT = 32
const query = new URLSearchParams(location.search)
const mode = query.get('mode') === 'async' ? 'async' : 'frame'
const wantedCells = Number(query.get('cells')) || 24

const api = (globalThis as unknown as { oddsMonitor: OddsMonitorApi }).oddsMonitor
const samples: number[] = []
const hops = emptyProbeHops()
;(globalThis as unknown as { __paintProbe: unknown }).__paintProbe = { samples, hops }

const rows = new Map<number, Row>()
/** outcomeId → the row and price column it shows in. */
const slots = new Map<string, { matchId: number; field: string }>()
const names = new Map<number, string>()

function slotField(index: number): string {
  return `p${index}`
}

function outcomesInOrder(board: Pick<MatchBoard, 'layout'>): string[] {
  return board.layout.groups.flatMap((g) => g.markets.flatMap((m) => m.outcomes.map((o) => o.outcomeId)))
}

function scoreText(header: Partial<MatchHeader>): string {
  return header.score ? `${header.score.home.current ?? 0}–${header.score.away.current ?? 0}` : ''
}

function rowOf(board: MatchBoard): Row {
  const row: Row = {
    matchId: board.header.matchId,
    teams: names.get(board.header.matchId) ?? String(board.header.matchId),
    status: board.header.status ?? '',
    score: scoreText(board.header),
  }
  outcomesInOrder(board).forEach((outcomeId, i) => slots.set(outcomeId, { matchId: row.matchId, field: slotField(i) }))
  for (const cell of board.cells) {
    const slot = slots.get(cell.outcomeId)
    if (slot) row[slot.field] = cell.suspended ? 'SUSP' : cell.price
  }
  return row
}

/** Applies a patch to the rows; answers the ids of the rows it changed. */
function applyToRows(patch: BoardPatch): Set<number> {
  const changed = new Set<number>()
  for (const board of patch.snapshots) {
    rows.set(board.header.matchId, rowOf(board))
    changed.add(board.header.matchId)
  }
  for (const layout of patch.layouts) {
    outcomesInOrder({ layout }).forEach((outcomeId, i) =>
      slots.set(outcomeId, { matchId: layout.matchId, field: slotField(i) }),
    )
  }
  for (const cell of patch.cells) {
    const slot = slots.get(cell.outcomeId)
    const row = slot && rows.get(slot.matchId)
    if (!slot || !row) continue
    row[slot.field] = cell.suspended ? 'SUSP' : cell.price
    changed.add(slot.matchId)
  }
  for (const header of patch.headers) {
    const row = rows.get(header.matchId)
    if (!row) continue
    if (header.status !== undefined) row.status = header.status ?? ''
    if (header.score !== undefined) row.score = scoreText(header)
    changed.add(header.matchId)
  }
  return changed
}

/** New objects for AG Grid: it tells a changed cell by comparing the old row's value with the new. */
function updatesFor(ids: Iterable<number>): Row[] {
  const out: Row[] = []
  for (const id of ids) {
    const row = rows.get(id)
    if (row) out.push({ ...row })
  }
  return out
}

/** A patch and when this page's bridge handed it over (Date.now()). */
interface Handled {
  patch: BoardPatch
  at: number
}

function recordPainted(handled: readonly Handled[], now: number): void {
  for (const { patch, at } of handled) recordHops(samples, hops, patch, at, now)
}

function priceColumns(count: number, labels: string[]): ColDef<Row>[] {
  return Array.from({ length: count }, (_, i) => ({
    field: slotField(i),
    headerName: labels[i] ?? `#${i + 1}`,
    width: 78,
    enableCellChangeFlash: true,
    valueFormatter: ({ value }: { value: unknown }) =>
      typeof value === 'number' ? value.toFixed(2) : String(value ?? '—'),
  }))
}

async function start(): Promise<void> {
  const lists = await api.invoke('watchlists:get')
  const boards = await api.invoke('board:get')
  if (!lists.ok) throw new Error(`watchlists:get: ${lists.error.message}`)
  if (!boards.ok) throw new Error(`board:get: ${boards.error.message}`)
  const active = lists.value.lists.find((l) => l.id === lists.value.activeId) ?? lists.value.lists[0]
  for (const m of (active?.matches ?? []) as WatchedMatch[]) names.set(m.matchId, `${m.home.name} v ${m.away.name}`)
  const initial = boards.value.map(rowOf)
  for (const row of initial) rows.set(row.matchId, row)
  const first = boards.value[0]
  const slotCount = Math.max(0, ...boards.value.map((b) => outcomesInOrder(b).length))
  const labels = first
    ? first.layout.groups.flatMap((g) => g.markets.flatMap((m) => m.outcomes.map((o) => `${m.label} ${o.label}`)))
    : []
  // As many rows on screen as it takes to show `cells` price cells.
  const visibleRows = Math.max(1, Math.ceil(wantedCells / Math.max(1, slotCount)))
  const element = document.createElement('div')
  element.id = 'grid'
  document.body.style.margin = '0'
  document.body.append(element)
  element.style.height = `${HEADER_HEIGHT + visibleRows * ROW_HEIGHT + 2}px`
  const options: GridOptions<Row> = {
    rowData: initial,
    getRowId: ({ data }) => String(data.matchId),
    rowHeight: ROW_HEIGHT,
    headerHeight: HEADER_HEIGHT,
    columnDefs: [
      { field: 'teams', width: 260, pinned: 'left' },
      { field: 'status', width: 80 },
      { field: 'score', width: 70 },
      ...priceColumns(slotCount, labels),
    ],
  }
  const grid: GridApi<Row> = createGrid(element, options)
  if (mode === 'frame') followPerFrame(grid)
  else followAsync(grid)
  document.body.dataset['ready'] = 'true'
}

function followPerFrame(grid: GridApi<Row>): void {
  const dirty = new Set<number>()
  const waiting: Handled[] = []
  let frameRequested = false
  const frame = () => {
    frameRequested = false
    grid.applyTransaction({ update: updatesFor(dirty) })
    dirty.clear()
    recordPainted(waiting.splice(0), Date.now())
  }
  api.on('board:patch', (patch) => {
    for (const id of applyToRows(patch)) dirty.add(id)
    waiting.push({ patch, at: Date.now() })
    if (!frameRequested) {
      frameRequested = true
      requestAnimationFrame(frame)
    }
  })
}

function followAsync(grid: GridApi<Row>): void {
  api.on('board:patch', (patch) => {
    const handled = { patch, at: Date.now() }
    grid.applyTransactionAsync({ update: updatesFor(applyToRows(patch)) }, () =>
      requestAnimationFrame(() => recordPainted([handled], Date.now())),
    )
  })
}

void start()
