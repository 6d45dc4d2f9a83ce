/**
 * How often the change tape takes its new rows. Four times a second while a reader can follow it.
 * When changes arrive so fast that each quarter-second refresh would bring a whole screen of new
 * rows, every refresh replaces everything shown: four unrelated screens a second, which nobody
 * reads. The tape then holds each screen still for a second (and says so): the trader can read
 * it, the count still says how many changes came, and the board's prices, which update every
 * frame, are not touched. Rebuilding a screen of rows is the page's biggest single cost at
 * 10,000 updates/s (docs/BENCHMARKS.md, "what the change tape costs"); held, it is done a quarter
 * as often (the grid page 0.90× main's busy time at that rate, BENCHMARKS 29 Nov).
 *
 * It holds from a screen of new rows a quarter second and lets go below half a screen, so a flow
 * near the line does not flip the tape (and its note) at every refresh.
 */
export const READABLE_REFRESH_MS = 250
export const HELD_REFRESH_MS = 1000

/**
 * Whether the next refresh holds, from the last one: `arrived` new rows (after the trader's
 * filter) in `elapsedMs`, `rowsOnScreen` rows in view, and whether the tape was holding.
 */
export function holdsScreens(holding: boolean, arrived: number, elapsedMs: number, rowsOnScreen: number): boolean {
  if (rowsOnScreen <= 0 || elapsedMs <= 0) return holding
  const perReadableRefresh = (arrived / elapsedMs) * READABLE_REFRESH_MS
  return perReadableRefresh >= (holding ? rowsOnScreen / 2 : rowsOnScreen)
}
