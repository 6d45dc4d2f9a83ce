/**
 * The grid's market columns, as pure functions of the layouts. A column is one market (group and
 * name, as the trader picked it per sport, else the sport's first markets) and holds one price
 * cell per outcome, plus the market's line where it has one (a handicap's -1.5, a total's 77.5),
 * since the line differs from match to match.
 *
 * Columns line up across sports as slots: slot i is each sport's i-th market. Outcomes line up by
 * their key (home, draw, away, over, under…), so a hockey row's draw sits under "X" and a
 * badminton row leaves that cell blank. Grouped by sport, each sport's section has its own slots.
 */
import type { LayoutMarket, MatchLayout } from '../../../../shared/board'
import type { GridColumn } from '../../../../shared/watchlists'

/** How many markets a sport shows before the trader picks: match winner, total and handicap on the demo feed. */
export const DEFAULT_COLUMNS = 3

/** A market the trader can pick as a column, with the name the cards show. */
export interface MarketChoice {
  column: GridColumn
  label: string
}

/** One slot of the grid: its market names (one per sport shown), a line cell or not, its outcome keys. */
export interface GridSlot {
  labels: string[]
  hasLine: boolean
  outcomes: { key: string; label: string }[]
}

type LayoutOutcome = LayoutMarket['outcomes'][number]

/** Each slot's market and outcomes in one match's row; null where the match lacks it. */
export interface RowSlot {
  market: LayoutMarket | null
  outcomes: (LayoutOutcome | null)[]
}

const sameColumn = (a: GridColumn, b: GridColumn) => a.oddType === b.oddType && a.market === b.market

function findMarket(layout: MatchLayout | undefined, column: GridColumn): LayoutMarket | null {
  const group = layout?.groups.find((g) => g.oddType === column.oddType)
  return group?.markets.find((m) => m.name === column.market && m.outcomes.length > 0) ?? null
}

/** Every market the layouts offer, once, in the bookmaker's order of the first layout that has it. */
export function marketChoices(layouts: readonly MatchLayout[]): MarketChoice[] {
  const choices: MarketChoice[] = []
  for (const layout of layouts)
    for (const group of layout.groups)
      for (const market of group.markets) {
        const column = { oddType: group.oddType, market: market.name }
        if (market.outcomes.length > 0 && !choices.some((c) => sameColumn(c.column, column)))
          choices.push({ column, label: market.label })
      }
  return choices
}

/** A sport's columns: the trader's pick, else the first markets its matches offer. */
export function sportColumns(chosen: readonly GridColumn[] | undefined, layouts: readonly MatchLayout[]): GridColumn[] {
  if (chosen) return [...chosen]
  return marketChoices(layouts)
    .slice(0, DEFAULT_COLUMNS)
    .map((c) => c.column)
}

/** Short outcome headings for the keys every winner and total market uses; any other key as it is. */
const KEY_LABELS: Record<string, string> = { home: '1', draw: 'X', away: '2', over: 'Over', under: 'Under' }

/**
 * The slots for rows of several sports: `columnsBySport` each sport's columns, `layouts` the shown
 * matches' layouts by sport (what names the markets and lists their outcome keys).
 */
export function gridSlots(
  columnsBySport: ReadonlyMap<string, readonly GridColumn[]>,
  layoutsBySport: ReadonlyMap<string, readonly MatchLayout[]>,
): GridSlot[] {
  const width = Math.max(0, ...[...columnsBySport.values()].map((c) => c.length))
  return Array.from({ length: width }, (_, i) => {
    const slot: GridSlot = { labels: [], hasLine: false, outcomes: [] }
    for (const [sport, columns] of columnsBySport) {
      const column = columns[i]
      if (!column) continue
      let label: string | null = null
      for (const layout of layoutsBySport.get(sport) ?? []) {
        const market = findMarket(layout, column)
        if (!market) continue
        label ??= market.label
        if (market.line !== null) slot.hasLine = true
        for (const o of market.outcomes)
          if (!slot.outcomes.some((s) => s.key === o.key))
            slot.outcomes.push({ key: o.key, label: KEY_LABELS[o.key] ?? o.key })
      }
      const name = label ?? column.market
      if (!slot.labels.includes(name)) slot.labels.push(name)
    }
    return slot
  })
}

/** One match's cells, slot by slot, in the slots' outcome order. */
export function rowSlots(
  layout: MatchLayout | undefined,
  columns: readonly GridColumn[],
  slots: readonly GridSlot[],
): RowSlot[] {
  return slots.map((slot, i) => {
    const column = columns[i]
    const market = column ? findMarket(layout, column) : null
    return {
      market,
      outcomes: slot.outcomes.map((o) => market?.outcomes.find((m) => m.key === o.key) ?? null),
    }
  })
}
