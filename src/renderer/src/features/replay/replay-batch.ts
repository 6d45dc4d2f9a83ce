/**
 * Recorded events → one board patch. A frame of a 60× replay passes a second of the desk (hundreds
 * of events); folding them first means the board store takes one update per frame, as with live
 * patches: each outcome's cell once (its last state), each match's header once (its patches
 * merged), and the tape, override events and alerts in recorded order. Pure.
 */
import type { AlertEntry } from '../../../../shared/alerts'
import type { BoardCell, CellOverride, MatchHeaderPatch } from '../../../../shared/board'
import { comparePrice, outcomeId, resyncOf, type OverrideEvent, type PriceChange } from '../../../../shared/domain'
import type { ReplayEvent } from '../../../../shared/replay'

export interface ReplayBatch {
  cells: BoardCell[]
  headers: MatchHeaderPatch[]
  /** The moves, in recorded order (a resync, the first price after a gap, is no move). */
  tape: PriceChange[]
  overrides: OverrideEvent[]
  alerts: AlertEntry[]
}

/**
 * Folds `events` (time-ordered) onto the board's current `cells`, which are left as they were. With
 * `until` (the replayed instant the batch brings the board to), an override past its expiry leaves
 * its cell even if no `expired` event was recorded (the app closed first, the message was lost), as
 * main's price book drops it live and a seek's state leaves it out: played or sought, the board
 * shows the same instant, and never a countdown standing at 0:00.
 */
export function foldEvents(
  cells: Readonly<Record<string, BoardCell>>,
  events: readonly ReplayEvent[],
  until = -Infinity,
): ReplayBatch {
  const changed = new Map<string, BoardCell>()
  const headers = new Map<number, MatchHeaderPatch>()
  const batch: ReplayBatch = { cells: [], headers: [], tape: [], overrides: [], alerts: [] }
  const current = (id: string) => changed.get(id) ?? cells[id]

  for (const event of events) {
    switch (event.kind) {
      case 'tick': {
        const id = outcomeId(event)
        const before = current(id)
        const tick = { ...event, receivedTs: event.at }
        // An outcome's first price is a resync, as main's price book takes it: no move is known.
        const change = event.resync || !before ? resyncOf(tick) : comparePrice(tick, before)
        if (!change.resync && (change.delta !== 0 || change.suspended !== change.previousSuspended))
          batch.tape.push(change)
        changed.set(id, cellAfter(id, change, before))
        break
      }
      case 'header': {
        const { matchId } = event.header
        headers.set(matchId, { ...headers.get(matchId), ...event.header })
        break
      }
      case 'override': {
        batch.overrides.push(event.event)
        const id = outcomeId(event.event)
        const before = current(id)
        if (before) changed.set(id, { ...before, override: overrideOf(event.event) })
        break
      }
      case 'alert':
        batch.alerts.push(event.alert)
        break
    }
  }
  const expire = (id: string) => {
    const cell = current(id)
    if (cell?.override && cell.override.expiresAt <= until) changed.set(id, { ...cell, override: null })
  }
  for (const id in cells) expire(id)
  for (const id of changed.keys()) expire(id)
  batch.cells = [...changed.values()]
  batch.headers = [...headers.values()]
  return batch
}

/** The cell after a change, as main's price book keeps it: a move is kept until the next one. */
function cellAfter(id: string, change: PriceChange, before: BoardCell | undefined): BoardCell {
  const moved = !change.resync && change.delta !== 0
  return {
    outcomeId: id,
    matchId: change.matchId,
    oddType: change.oddType,
    oddKey: change.oddKey,
    price: change.price,
    suspended: change.suspended,
    direction: moved ? change.direction : change.resync ? 'flat' : (before?.direction ?? 'flat'),
    delta: moved ? change.delta : change.resync ? 0 : (before?.delta ?? 0),
    deltaPct: moved ? change.deltaPct : change.resync ? 0 : (before?.deltaPct ?? 0),
    changedAt: change.receivedTs,
    override: before?.override ?? null,
    ...(change.resync && { resync: true as const }),
  }
}

/** What the cell shows of an override event: its value while set, nothing once lifted or expired. */
function overrideOf(event: OverrideEvent): CellOverride | null {
  return event.action === 'set' || event.action === 'changed'
    ? { value: event.oddValue, expiresAt: event.expiresAt, suspended: event.suspended }
    : null
}
