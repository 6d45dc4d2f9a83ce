/**
 * The live board's stores. Three small zustand stores rather than one, so a subscriber to the
 * board's cells is not even asked when only the tape or the override alerts moved.
 *
 * While a desk replay is open (replay-store.ts) the board store holds the replayed board, so the
 * real cards and grid draw it; live patches then keep only the live tape and override alerts
 * filling (they are not shown meanwhile), and leaving the replay reloads the live board whole.
 */
import { useCallback, useSyncExternalStore } from 'react'
import { create } from 'zustand'
import type { BoardCell, BoardPatch, MatchBoard, MatchHeader, MatchLayout } from '../../../shared/board'
import type { RecentHistory } from '../../../shared/history'
import { boardFromSnapshots, EMPTY_BOARD, foldBoardPatches, type BoardData, type PatchParts } from './board-data'
import type { FeedName, OverrideEvent, PriceChange } from '../../../shared/domain'
import { call } from '../bridge'
import { FrameQueue } from '../lib/frame-queue'
import {
  acknowledge,
  addOverrideEvents,
  changesNearEnds,
  EMPTY_OVERRIDE_ALERTS,
  noteReturnedPrices,
  setOverrideFeed,
  type OverrideAlertState,
} from './override-alerts'
import { isReplaying, REPLAY_ALERT_CAP, useReplayStore } from './replay-store'
import { TAPE_CAPACITY, TapeRing } from './tape-ring'
import type { ReplayBatch } from '../features/replay/replay-batch'

/**
 * The board. Its cells map is the store's own and changes in place as patches come (board-data.ts
 * `foldBoardPatches`): tell a cell's change by the cell (`useCell`, `subscribeCell`), never by the
 * map's identity, which changes only when the board is replaced whole.
 */
interface BoardStore extends BoardData {
  /** Seq of the last applied patch; null before the first one (or after a reload). */
  seq: number | null
}

export const useBoardStore = create<BoardStore>(() => ({ ...EMPTY_BOARD, cells: {}, seq: null }))

export const tapeRing = new TapeRing(TAPE_CAPACITY)

interface TapeStore {
  /** Changes main left out of patches because of its per-patch cap. */
  dropped: number
}

/** The tape's entries are read from `tapeRing` by polling (see TapeView): only the drop count is state. */
export const useTapeStore = create<TapeStore>(() => ({ dropped: 0 }))

export const useOverrideAlertStore = create<OverrideAlertState>(() => EMPTY_OVERRIDE_ALERTS)

/**
 * Marks rows read here and in the cache, so they stay read after a reload or a restart. Not while
 * a replay shows: the live rows are not on screen then, and none is acknowledged unseen.
 */
export function acknowledgeOverrideAlerts(ids: readonly string[] | 'all'): void {
  if (isReplaying()) return
  const { state, acknowledged } = acknowledge(useOverrideAlertStore.getState(), ids)
  useOverrideAlertStore.setState(state)
  // A mark the cache could not keep is a fault main reports; the row stays read on this screen.
  if (acknowledged.length > 0) call('overrides:acknowledge', { events: acknowledged }).catch(() => undefined)
}

/** The feed main is on: the override alerts show its rows only. */
export function followOverrideFeed(feed: FeedName): void {
  useOverrideAlertStore.setState((state) => setOverrideFeed(state, feed))
}

/** Replaces the board with main's full answer (`board:get`); a replay's board stays until it is left. */
export function loadBoards(boards: readonly MatchBoard[]): void {
  // Patches that came before the answer are older than it: they go in first, never over it.
  patchQueue.flush()
  if (!isReplaying()) useBoardStore.setState({ ...boardFromSnapshots(boards) })
}

/** Replaces the board with the replayed one at an instant (`replay:open`, `replay:stateAt`). */
export function showReplayBoards(boards: readonly MatchBoard[]): void {
  patchQueue.flush()
  useBoardStore.setState({ ...boardFromSnapshots(boards) })
}

const NO_PARTS = { snapshots: [], layouts: [], cells: [], headers: [], removed: [] }

/**
 * Folds a frame's replayed events into the board (one update) and the replayed tape and lists (one
 * more); `folded` ticks a fast play left out are counted for the tape to say so, and so are the
 * changes beyond the newest `tapeRows` (the override alerts still see every change).
 */
export function applyReplayBatch(batch: ReplayBatch, folded = 0, tapeRows = Infinity): void {
  patchQueue.flush()
  if (batch.cells.length > 0 || batch.headers.length > 0)
    foldIntoBoard([{ ...NO_PARTS, cells: batch.cells, headers: batch.headers }])
  const replayed = useReplayStore.getState()
  const { tape, overrides, alerts } = replayed
  const shown = batch.tape.length > tapeRows ? batch.tape.slice(-tapeRows) : batch.tape
  tape.push(shown)
  const notShown = folded + batch.tape.length - shown.length
  // Replayed rows are history: read already, so they ask for no acknowledgement.
  const events = batch.overrides.map((event) => ({ ...event, acknowledged: true }))
  const next = noteReturnedPrices(addOverrideEvents(overrides, events), changesNearEnds(events, batch.tape, tape))
  if (next !== overrides || batch.alerts.length > 0 || notShown > 0)
    useReplayStore.setState({
      overrides: next,
      alerts: batch.alerts.length > 0 ? [...[...batch.alerts].reverse(), ...alerts].slice(0, REPLAY_ALERT_CAP) : alerts,
      folded: replayed.folded + notShown,
    })
}

/** The override alerts on show: the replayed ones while a replay is open. */
export function useShownOverrideAlerts(): OverrideAlertState {
  const live = useOverrideAlertStore()
  const replay = useReplayStore((s) => (s.session ? s.overrides : null))
  return replay ?? live
}

/** The change tape on show: the replayed one while a replay is open. */
export const useShownTape = (): TapeRing => useReplayStore((s) => (s.session ? s.tape : tapeRing))

/**
 * Folds one patch into the stores at once. Answers false when a patch was lost in between (the
 * seq skipped): the caller should reload the whole board, the store cannot repair itself.
 */
export function receivePatch(patch: BoardPatch): boolean {
  const contiguous = followsOn(patch)
  receivePatches([patch])
  return contiguous
}

/**
 * Queues a live patch for the next animation frame, where the frame's patches are folded into the
 * stores together: one store update and one React commit a frame, however many patches came.
 * Answers false at once when a patch was lost in between, as receivePatch does.
 */
export function queuePatch(patch: BoardPatch): boolean {
  const contiguous = followsOn(patch)
  patchQueue.push(patch)
  return contiguous
}

/** Patches waiting for the next frame; applied before anything that replaces the board. */
const patchQueue = new FrameQueue<BoardPatch>(receivePatches)

function followsOn(patch: BoardPatch): boolean {
  const seq = patchQueue.last?.seq ?? useBoardStore.getState().seq
  return seq === null || patch.seq === seq + 1
}

function receivePatches(patches: readonly BoardPatch[]): void {
  const seq = patches.at(-1)!.seq
  if (isReplaying()) useBoardStore.setState({ seq })
  else foldIntoBoard(patches, seq)
  const dropped = patches.reduce((sum, patch) => sum + patch.tapeDropped, 0)
  if (dropped > 0) useTapeStore.setState((s) => ({ dropped: s.dropped + dropped }))
  const waiting = history.waiting
  if (waiting)
    for (const patch of patches) {
      waiting.tape.push(...patch.tape)
      waiting.overrides.push(...patch.overrides)
    }
  else appendEvents(patches)
}

/**
 * Folds patches into the store's board in one update, then tells the listeners of the cells they
 * wrote (the cells map changed in place, so the store's own subscriber below cannot see which).
 */
function foldIntoBoard(patches: readonly PatchParts[], seq = useBoardStore.getState().seq): void {
  const changed = new Set<string>()
  const { layouts, headers, cells } = foldBoardPatches(useBoardStore.getState(), patches, changed)
  useBoardStore.setState({ layouts, headers, seq })
  for (const outcomeId of changed) {
    const listeners = cellListeners.get(outcomeId)
    if (listeners) for (const listener of listeners) listener(cells[outcomeId])
  }
}

function appendEvents(patches: readonly Pick<BoardPatch, 'tape' | 'overrides'>[]): void {
  for (const patch of patches) tapeRing.push(patch.tape)
  // Patch by patch, events first: the change that ends an override may come in the same patch as its
  // event, or a patch before or after it.
  useOverrideAlertStore.setState((state) =>
    patches.reduce(
      (next, patch) =>
        noteReturnedPrices(
          addOverrideEvents(next, patch.overrides),
          changesNearEnds(patch.overrides, patch.tape, tapeRing),
        ),
      state,
    ),
  )
}

/**
 * The tape ring and the override list only append, so what came before a restart must go in
 * before anything live: until `loadHistory` runs, patches' changes and override events wait here.
 */
const history: { waiting: { tape: PriceChange[]; overrides: OverrideEvent[] } | null } = { waiting: null }

/** Call before following patches when the history from before a restart is about to be asked for. */
export function awaitHistory(): void {
  history.waiting = { tape: [], overrides: [] }
}

/**
 * Appends the recorded history (null: it could not be read), then what arrived live meanwhile.
 * The cache may already hold a few of the live entries: recorded ones from the first live
 * entry's receive time on are left out.
 */
export function loadHistory(recorded: RecentHistory | null): void {
  // Live patches still waiting for a frame are live entries too: they go in with them.
  patchQueue.flush()
  const live = history.waiting
  if (!live) return
  history.waiting = null
  const before = (first: { receivedTs: number } | undefined) => (entry: { receivedTs: number }) =>
    first === undefined || entry.receivedTs < first.receivedTs
  appendEvents([
    {
      tape: [...(recorded?.tape.filter(before(live.tape[0])) ?? []), ...live.tape],
      overrides: [...(recorded?.overrides.filter(before(live.overrides[0])) ?? []), ...live.overrides],
    },
  ])
}

/**
 * One price cell; components select exactly this so one change re-renders one cell (the override
 * editor). Only the cells on screen are mounted (the board mounts a card's markets only while the
 * card is in view, MatchCard.tsx), so only they listen to the store.
 */
export function useCell(outcomeId: string): BoardCell | undefined {
  return useSyncExternalStore(useCellSubscription(outcomeId), () => useBoardStore.getState().cells[outcomeId])
}

/**
 * The cell, re-rendering its caller only when its shape changes: it appears or goes, is suspended
 * or not, an override is set, changed or ends. A new price alone re-renders nothing: the price
 * cell writes ticks itself (subscribeCell). The cell returned is the store's latest.
 */
export function useCellShape(outcomeId: string): BoardCell | undefined {
  useSyncExternalStore(useCellSubscription(outcomeId), () => cellShape(useBoardStore.getState().cells[outcomeId]))
  return useBoardStore.getState().cells[outcomeId]
}

/** A subscription to one outcome's cell for useSyncExternalStore: asked when that cell changes, not every frame. */
function useCellSubscription(outcomeId: string): (notify: () => void) => () => void {
  return useCallback((notify: () => void) => subscribeCell(outcomeId, notify), [outcomeId])
}

function cellShape(cell: BoardCell | undefined): string {
  if (!cell) return 'none'
  const { override: o } = cell
  return `${cell.suspended}|${o ? `${o.value}|${o.expiresAt}|${o.suspended}` : ''}`
}

/** Listeners of one outcome's cell each, by outcome id. */
const cellListeners = new Map<string, Set<(cell: BoardCell | undefined) => void>>()

/**
 * Calls `listener` with the outcome's cell whenever it changes (undefined once it is gone). A
 * frame's fold calls the listeners of the cells it wrote and no other: it costs one look per
 * changed cell, not a selector per mounted cell. A board replaced whole asks every listened
 * outcome whether it changed (the store's subscriber below).
 */
export function subscribeCell(outcomeId: string, listener: (cell: BoardCell | undefined) => void): () => void {
  let listeners = cellListeners.get(outcomeId)
  if (!listeners) cellListeners.set(outcomeId, (listeners = new Set()))
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) cellListeners.delete(outcomeId)
  }
}

// The board replaced whole (a reload, a replay's instant): every listened cell may have changed.
// Patches change the map in place and tell their cells' listeners themselves (foldIntoBoard).
useBoardStore.subscribe((state, previous) => {
  if (state.cells === previous.cells) return
  for (const [outcomeId, listeners] of cellListeners) {
    const cell = state.cells[outcomeId]
    if (cell !== previous.cells[outcomeId]) for (const listener of listeners) listener(cell)
  }
})

export const useLayout = (matchId: number): MatchLayout | undefined => useBoardStore((s) => s.layouts[matchId])
export const useHeader = (matchId: number): MatchHeader | undefined => useBoardStore((s) => s.headers[matchId])
