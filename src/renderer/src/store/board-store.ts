/**
 * The live board's stores. Three small zustand stores rather than one, so a subscriber to the
 * board's cells is not even asked when only the tape or the override alerts moved.
 *
 * While a desk replay is open (replay-store.ts) the board store holds the replayed board, so the
 * real cards and grid draw it; live patches then keep only the live tape and override alerts
 * filling (they are not shown meanwhile), and leaving the replay reloads the live board whole.
 */
import { useSyncExternalStore } from 'react'
import { create } from 'zustand'
import type { BoardCell, BoardPatch, MatchBoard, MatchHeader, MatchLayout } from '../../../shared/board'
import type { RecentHistory } from '../../../shared/history'
import { applyBoardPatch, boardFromSnapshots, EMPTY_BOARD, type BoardData } from './board-data'
import type { FeedName, OverrideEvent, PriceChange } from '../../../shared/domain'
import { call } from '../bridge'
import {
  acknowledge,
  addOverrideEvents,
  EMPTY_OVERRIDE_ALERTS,
  noteReturnedPrices,
  setOverrideFeed,
  type OverrideAlertState,
} from './override-alerts'
import { isReplaying, REPLAY_ALERT_CAP, useReplayStore } from './replay-store'
import { TAPE_CAPACITY, TapeRing } from './tape-ring'
import type { ReplayBatch } from '../features/replay/replay-batch'

interface BoardStore extends BoardData {
  /** Seq of the last applied patch; null before the first one (or after a reload). */
  seq: number | null
}

export const useBoardStore = create<BoardStore>(() => ({ ...EMPTY_BOARD, seq: null }))

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
  if (!isReplaying()) useBoardStore.setState({ ...boardFromSnapshots(boards) })
}

/** Replaces the board with the replayed one at an instant (`replay:open`, `replay:stateAt`). */
export function showReplayBoards(boards: readonly MatchBoard[]): void {
  useBoardStore.setState({ ...boardFromSnapshots(boards) })
}

const NO_PARTS = { snapshots: [], layouts: [], cells: [], headers: [], removed: [] }

/**
 * Folds a frame's replayed events into the board (one update) and the replayed tape and lists (one
 * more); `folded` ticks a fast play left out are counted for the tape to say so, and so are the
 * changes beyond the newest `tapeRows` (the override alerts still see every change).
 */
export function applyReplayBatch(batch: ReplayBatch, folded = 0, tapeRows = Infinity): void {
  if (batch.cells.length > 0 || batch.headers.length > 0)
    useBoardStore.setState((state) =>
      applyBoardPatch(state, { ...NO_PARTS, cells: batch.cells, headers: batch.headers }),
    )
  const replayed = useReplayStore.getState()
  const { tape, overrides, alerts } = replayed
  const shown = batch.tape.length > tapeRows ? batch.tape.slice(-tapeRows) : batch.tape
  tape.push(shown)
  const notShown = folded + batch.tape.length - shown.length
  // Replayed rows are history: read already, so they ask for no acknowledgement.
  const events = batch.overrides.map((event) => ({ ...event, acknowledged: true }))
  const next = noteReturnedPrices(addOverrideEvents(overrides, events), batch.tape)
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
 * Folds one patch into the stores. Answers false when a patch was lost in between (the seq
 * skipped): the caller should reload the whole board, the store cannot repair itself.
 */
export function receivePatch(patch: BoardPatch): boolean {
  const { seq } = useBoardStore.getState()
  const contiguous = seq === null || patch.seq === seq + 1
  if (isReplaying()) useBoardStore.setState({ seq: patch.seq })
  else useBoardStore.setState((state) => ({ ...applyBoardPatch(state, patch), seq: patch.seq }))
  if (patch.tapeDropped > 0) useTapeStore.setState((s) => ({ dropped: s.dropped + patch.tapeDropped }))
  if (history.waiting) {
    history.waiting.tape.push(...patch.tape)
    history.waiting.overrides.push(...patch.overrides)
  } else appendEvents(patch.tape, patch.overrides)
  return contiguous
}

function appendEvents(tape: readonly PriceChange[], overrides: readonly OverrideEvent[]): void {
  tapeRing.push(tape)
  // Events first: the change that ends an override may come in the same patch as its event.
  useOverrideAlertStore.setState((state) => noteReturnedPrices(addOverrideEvents(state, overrides), tape))
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
  const live = history.waiting
  if (!live) return
  history.waiting = null
  const before = (first: { receivedTs: number } | undefined) => (entry: { receivedTs: number }) =>
    first === undefined || entry.receivedTs < first.receivedTs
  appendEvents(
    [...(recorded?.tape.filter(before(live.tape[0])) ?? []), ...live.tape],
    [...(recorded?.overrides.filter(before(live.overrides[0])) ?? []), ...live.overrides],
  )
}

/**
 * One price cell; components select exactly this so one change re-renders one cell. Only the
 * cells on screen are mounted (the board mounts a card's markets only while the card is in view,
 * MatchCard.tsx), so only they listen to the store.
 */
export function useCell(outcomeId: string): BoardCell | undefined {
  return useSyncExternalStore(useBoardStore.subscribe, () => useBoardStore.getState().cells[outcomeId])
}
export const useLayout = (matchId: number): MatchLayout | undefined => useBoardStore((s) => s.layouts[matchId])
export const useHeader = (matchId: number): MatchHeader | undefined => useBoardStore((s) => s.headers[matchId])
