/**
 * What a desk replay shows, apart from the board's cells (those go into the board store itself,
 * so the real cards and grid draw them): the session (which list, which range, the clock and the
 * timeline's marks), and the replayed tape, override alerts and price alerts. While a session is
 * open the page shows these instead of the live ones, which keep filling underneath (board-store).
 */
import { create } from 'zustand'
import type { AlertEntry } from '../../../shared/alerts'
import type { WatchedMatch } from '../../../shared/watchlists'
import type { ReplayMark } from '../../../shared/replay'
import type { ReplayClock } from '../features/replay/replay-clock'
import { EMPTY_OVERRIDE_ALERTS, type OverrideAlertState } from './override-alerts'
import { TAPE_CAPACITY, TapeRing } from './tape-ring'

export interface ReplaySession {
  /** What is replayed, in words: the watchlist's name. */
  label: string
  matches: WatchedMatch[]
  from: number
  to: number
  marks: ReplayMark[]
  /** Matches of which the cache holds nothing: their cards stay empty. */
  unrecorded: number[]
  clock: ReplayClock
  /** Opening or seeking: the board is being read from the cache. */
  loading: boolean
  /** A failed read, in words; the replay stops where it was. */
  error: string | null
}

interface ReplayStore {
  session: ReplaySession | null
  /** The replayed change tape; a new ring at every seek (a ring only appends). */
  tape: TapeRing
  overrides: OverrideAlertState
  /** Price alerts as they fired, newest first. */
  alerts: AlertEntry[]
  /** Recorded ticks a fast play left out since the last seek (superseded within a frame's step). */
  folded: number
}

/** The replayed price alerts the list keeps: the newest ones, like the live list. */
export const REPLAY_ALERT_CAP = 500

export const useReplayStore = create<ReplayStore>(() => ({
  session: null,
  tape: new TapeRing(1),
  overrides: EMPTY_OVERRIDE_ALERTS,
  alerts: [],
  folded: 0,
}))

export const isReplaying = (): boolean => useReplayStore.getState().session !== null
export const useReplaying = (): boolean => useReplayStore((s) => s.session !== null)

/** A replay playing at 10× or 60×: the board moves a step (1 or 6 replayed seconds) every 100 ms. */
export const isFastPlay = (session: ReplaySession | null): boolean =>
  session !== null && session.clock.playing && session.clock.speed > 1
export const useFastPlay = (): boolean => useReplayStore((s) => isFastPlay(s.session))

/**
 * `value` while the board is live, `none` while a replay shows: what the live feed's health or
 * the bookmaker's check says now is nothing of the replayed prices.
 */
export function useLiveOnly<T, N>(value: T, none: N): T | N {
  return useReplaying() ? none : value
}

/** Empties the replayed tape and lists (a session opens, or the playhead jumped). */
export function clearReplayed(): void {
  useReplayStore.setState({
    tape: new TapeRing(TAPE_CAPACITY),
    overrides: EMPTY_OVERRIDE_ALERTS,
    alerts: [],
    folded: 0,
  })
}

export function updateSession(patch: Partial<ReplaySession>): void {
  useReplayStore.setState((s) => (s.session ? { session: { ...s.session, ...patch } } : s))
}
