/**
 * Ticks held back from cells that are mounted but not on screen: the grid's look-ahead rows
 * (features/grid/GridView.tsx), drawn ahead so a scroll lands on rows already there. A tick on such
 * a cell costs what one on screen does (its DOM writes, style, layout and paint: the rows are layers
 * of their own, painted beyond the screen) and shows nothing; at 1440×900 these rows held 30 of the
 * 120 cells mounted, a quarter of all cell writes (docs/BENCHMARKS.md, grid-vs-aggrid, 29 Nov
 * "look-ahead rows").
 *
 * A held cell is caught up the moment it comes on screen, in the commit of the scroll that brings
 * it (features/board/PriceCell.tsx), and otherwise within a second of its first held tick, all of
 * them at once by one timer here. The second bounds what a held cell can show: where the compositor
 * scrolls a row into view before the page has run (a threaded scroll), its prices are at most that
 * old for the frame or two until the page catches it up.
 */
const CATCH_UP_MS = 1000

/** Each held cell's catch-up, by the cell (any object the cell keeps for its life). */
const held = new Map<object, () => void>()
let timer: ReturnType<typeof setTimeout> | null = null

/** Holds `cell`'s tick: `catchUp` writes its latest within CATCH_UP_MS, unless `releaseTick` comes first. */
export function holdTick(cell: object, catchUp: () => void): void {
  held.set(cell, catchUp)
  timer ??= setTimeout(catchUpAll, CATCH_UP_MS)
}

/** Forgets `cell`'s held tick: it was caught up, or it is gone. */
export function releaseTick(cell: object): void {
  held.delete(cell)
}

function catchUpAll(): void {
  timer = null
  const due = [...held.values()]
  held.clear()
  for (const catchUp of due) catchUp()
}
