/**
 * Which screen is up, which match is highlighted, which outcome the override editor is open on,
 * which outcome Review was asked to show, which side panel is open as a drawer in a small window.
 */
import { create } from 'zustand'
import { isReplaying } from './replay-store'

export const VIEWS = ['board', 'discover', 'review', 'alerts', 'settings'] as const
export type View = (typeof VIEWS)[number]

/** The board's side panels that fold into a drawer in a small window (features/board/PanelDrawer.tsx). */
export type Drawer = 'watchlists' | 'panels'

interface UiStore {
  view: View
  /** A match brought forward (notification click, sidebar click): the board scrolls to it. */
  focusedMatch: { matchId: number; at: number } | null
  editorOutcome: string | null
  /** The match (and outcome) whose history Review opens on: the board's `H` asked for it. */
  reviewTarget: ReviewTarget | null
  /** The side panel open over the board; only a small window shows it as a drawer. */
  drawer: Drawer | null
  paletteOpen: boolean
  /** The raw frame inspector (the core captures frames only while it is open). */
  inspectorOpen: boolean
  /** The one stream the inspector shows (a problem banner opened it there); null: every stream. */
  inspectorStream: string | null
  /** When `/` asked for the search box; it takes the focus once it is mounted (its screen loads first). */
  searchFocusAt: number | null
  /** The change tape's filters: kept here, not in the tape, so they survive a visit to another screen. */
  tapeFilter: TapeFilterInput
  /** The replay picker is open, with what it was opened on (a chart's range, the chart's match). */
  replayPicker: ReplayPickerStart | null
}

export interface ReplayPickerStart {
  /** A range dragged on a chart; null: the picker starts at a preset. */
  range: { from: number; to: number } | null
  /** The list offered first is one holding this match (the one on a chart). */
  matchId: number | null
}

export interface ReviewTarget {
  matchId: number
  /** Null when the board knew no price of it yet: Review opens on the match only. */
  outcome: { oddType: string; oddKey: string } | null
}

export interface TapeFilterInput {
  matchId: number | 'all'
  /** As typed: words of the market's name. */
  market: string
  /** As typed: the minimum move in %. */
  minMove: string
}

export const useUiStore = create<UiStore>(() => ({
  view: 'board',
  focusedMatch: null,
  editorOutcome: null,
  reviewTarget: null,
  drawer: null,
  paletteOpen: false,
  inspectorOpen: false,
  inspectorStream: null,
  searchFocusAt: null,
  tapeFilter: { matchId: 'all', market: '', minMove: '' },
  replayPicker: null,
}))

export const showView = (view: View): void => useUiStore.setState({ view })
/** Brings a match's card forward; a drawer open over the board closes, so the card is seen. */
export const focusMatch = (matchId: number): void =>
  useUiStore.setState({ view: 'board', focusedMatch: { matchId, at: Date.now() }, drawer: null })
/** Not while a replay shows: a replayed price is history, and an override is set on live prices only. */
export const openOverrideEditor = (outcomeId: string): void => {
  if (!isReplaying()) useUiStore.setState({ editorOutcome: outcomeId })
}
export const openReview = (reviewTarget: ReviewTarget): void => useUiStore.setState({ view: 'review', reviewTarget })
export const toggleDrawer = (drawer: Drawer): void =>
  useUiStore.setState((s) => ({ drawer: s.drawer === drawer ? null : drawer }))
export const closeDrawer = (): void => useUiStore.setState({ drawer: null })
export const closeOverrideEditor = (): void => useUiStore.setState({ editorOutcome: null })
export const setPaletteOpen = (paletteOpen: boolean): void => useUiStore.setState({ paletteOpen })
export const setInspectorOpen = (inspectorOpen: boolean): void =>
  useUiStore.setState(inspectorOpen ? { inspectorOpen } : { inspectorOpen, inspectorStream: null })
export const openInspectorOn = (stream: string | null): void =>
  useUiStore.setState({ inspectorOpen: true, inspectorStream: stream })
export const requestSearchFocus = (): void => useUiStore.setState({ view: 'discover', searchFocusAt: Date.now() })
export const searchFocused = (): void => useUiStore.setState({ searchFocusAt: null })
export const toggleInspector = (): void => setInspectorOpen(!useUiStore.getState().inspectorOpen)
export const setTapeFilter = (patch: Partial<TapeFilterInput>): void =>
  useUiStore.setState((s) => ({ tapeFilter: { ...s.tapeFilter, ...patch } }))
export const openReplayPicker = (start: ReplayPickerStart = { range: null, matchId: null }): void =>
  useUiStore.setState({ replayPicker: start })
export const closeReplayPicker = (): void => useUiStore.setState({ replayPicker: null })
