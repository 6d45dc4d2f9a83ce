/**
 * A match's board as it was at one instant of a recording (the desk replay's `replay:stateAt`),
 * built from what the cache read there (cache/replay-rows.ts): each cell from its outcome's last
 * ticks, as the live price book would have left it; the header as last recorded; the override in
 * force; and the layout from the match's kept labels, so a match long off the board is named.
 */
import { blankHeader, type BoardCell, type MatchBoard } from '../../../shared/board'
import { outcomeId, type Direction } from '../../../shared/domain'
import type { MatchLabels } from '../../../shared/labels'
import { overridesInForce } from '../cache/override-spans'
import type { RecordedMatchState, RecordedTick } from '../cache/replay-rows'
import { keptGroups, placeByKey } from '../session/cached-board'

export interface BoardWords {
  sport: string
  labels: MatchLabels
}

export function boardAt(state: RecordedMatchState, at: number, words: BoardWords): MatchBoard {
  const { matchId } = state
  // The layout names every outcome recorded, priced at the instant or not: a later tick finds its place.
  const refs = state.outcomes.map((o) => o.ref)
  const groups = keptGroups(words.labels.layout, new Set(refs.map(outcomeId)))
  const placed = new Set(groups.flatMap((g) => g.markets.flatMap((m) => m.outcomes.map((o) => o.outcomeId))))
  for (const ref of refs) if (!placed.has(outcomeId(ref))) placeByKey(groups, ref)
  const overrides = overridesInForce(state.overrides, at)
  const priced = state.outcomes.filter((o) => o.recent.length > 0)
  const cells = priced.map(({ ref, recent }): BoardCell => {
    const id = outcomeId(ref)
    const event = overrides.get(id)
    const override = event ? { value: event.oddValue, expiresAt: event.expiresAt, suspended: event.suspended } : null
    const last = recent[0] as RecordedTick
    const move = lastMove(recent)
    return {
      outcomeId: id,
      ...ref,
      price: last.price,
      suspended: last.suspended || (override?.suspended ?? false),
      ...move,
      override,
    }
  })
  return {
    header: state.header ?? { ...blankHeader(matchId, words.sport), synced: true },
    layout: { matchId, groups },
    cells,
  }
}

interface Move {
  direction: Direction
  delta: number
  deltaPct: number
  changedAt: number
  resync?: true
}

/**
 * The cell's move as the price book leaves it (core/watch/price-book.ts), from the outcome's last
 * ticks, newest first: a tick that repeats the one before it moves nothing; the latest that differs
 * is the cell's change (its time, and a resync shows no move); the direction is that of the latest
 * change of price (a change of suspension alone keeps the one before). Beyond the ticks read, the
 * move is not known: flat, changed at the oldest tick read.
 */
export function lastMove(recent: readonly RecordedTick[]): Move {
  let changedAt: number | null = null
  let resync = false
  for (let i = 0; i < recent.length; i++) {
    const tick = recent[i] as RecordedTick
    const before = recent[i + 1]
    if (before && before.price === tick.price && before.suspended === tick.suspended) continue
    if (changedAt === null) {
      changedAt = tick.t
      resync = tick.resync
    }
    if (tick.resync || !before) break
    const delta = tick.price - before.price
    if (delta !== 0) {
      return {
        direction: delta > 0 ? 'up' : 'down',
        delta,
        deltaPct: before.price ? (delta / before.price) * 100 : 0,
        changedAt,
        ...(resync && { resync: true as const }),
      }
    }
  }
  const oldest = recent[recent.length - 1] as RecordedTick
  return { direction: 'flat', delta: 0, deltaPct: 0, changedAt: changedAt ?? oldest.t, ...(resync && { resync: true }) }
}
