/**
 * The shell: top bar (host info, heartbeat, navigation), the problems banners, the current view,
 * the status bar; the override editor and command palette float above. `#/match/<id>` shows one
 * match's board only (the window a trader opens per match).
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import type { AppInfo, Heartbeat } from '../../shared/bridge/contract'
import type { SettingsPatch } from '../../shared/settings'
import type { Watchlist } from '../../shared/watchlists'
import { call, subscribe } from './bridge'
import { BoardView, SingleMatchView } from './features/board/BoardView'
import { PanelDrawer } from './features/board/PanelDrawer'
import { FrameInspector } from './features/inspector/FrameInspector'
import { CommandPalette, type Command } from './features/keyboard/CommandPalette'
import { useEscapeLeavesFields, useHotkeys } from './features/keyboard/hotkeys'
import { OverrideAlerts } from './features/overrides/OverrideAlerts'
import { OverrideEditorHost } from './features/overrides/OverrideEditor'
import { ProblemBanners } from './features/problems/ProblemBanners'
import { ConnectionBanner } from './features/status/ConnectionBanner'
import { NotificationPermission } from './features/status/NotificationPermission'
import { RecoveryNotice } from './features/status/RecoveryNotice'
import { StatusBar } from './features/status/StatusBar'
import { TapeView } from './features/tape/TapeView'
import { WatchlistSidebar } from './features/watchlists/WatchlistSidebar'
import { ErrorBoundary, ScreenError } from './components/ErrorBoundary'
import { describeError } from './lib/errors'
import { startLiveTime } from './lib/live-time'
import { ReplayAlerts } from './features/replay/ReplayAlerts'
import { ReplayBar } from './features/replay/ReplayBar'
import { ReplayPickerHost } from './features/replay/ReplayPicker'
import { acknowledgeOverrideAlerts, useShownOverrideAlerts } from './store/board-store'
import { useFastPlay, useReplaying } from './store/replay-store'
import { useConnectionStore, startConnectionWatch } from './store/connection-store'
import { loadLiveState } from './store/live-sync'
import { loadProblems, startProblemsSync } from './store/problems-store'
import {
  activateNextWatchlist,
  changeActiveView,
  runWatchlistCommand,
  showWatchedMatch,
  useWatchlistStore,
} from './store/watchlist-store'
import { applySettings, loadSettings, useSettingsStore } from './store/settings-store'
import {
  focusMatch,
  openReplayPicker,
  requestSearchFocus,
  setPaletteOpen,
  showView,
  toggleInspector,
  useUiStore,
  type View,
} from './store/ui-store'

// Only the board is on the first screen: the other screens (the review's chart library, the rule
// editor, …) are their own chunks, loaded when first shown, so the page parses less before its
// first paint.
const AlertsScreen = lazy(() => import('./features/alerts/AlertsScreen').then((m) => ({ default: m.AlertsScreen })))
const DiscoverScreen = lazy(() =>
  import('./features/discover/DiscoverScreen').then((m) => ({ default: m.DiscoverScreen })),
)
const ReviewScreen = lazy(() => import('./features/review/ReviewScreen').then((m) => ({ default: m.ReviewScreen })))
const SettingsScreen = lazy(() =>
  import('./features/settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen })),
)

const NAV: { view: View; label: string; key: string }[] = [
  { view: 'board', label: 'Board', key: '1' },
  { view: 'discover', label: 'Discover', key: '2' },
  { view: 'review', label: 'Review', key: '3' },
  { view: 'alerts', label: 'Alerts', key: '4' },
  { view: 'settings', label: 'Settings', key: '5' },
]

export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null)
  const [error, setError] = useState<string | null>(null)
  const singleMatch = useSingleMatchRoute()
  const connected = useConnectionStore((s) => s.connected)
  const replaying = useReplaying()
  const fastPlay = useFastPlay()
  useEscapeLeavesFields()

  useEffect(() => {
    const loadShell = () => {
      call('app:info').then(setInfo, (e: unknown) => setError(describeError(e)))
      loadSettings()
    }
    loadShell()
    const stops = [
      // Back after a loss: the app may have restarted, so everything shown is loaded again.
      startConnectionWatch(() => {
        setError(null)
        loadShell()
        loadLiveState()
        loadProblems()
      }),
      // A setting changed in another window (a popped-out match, a second tab) holds here too.
      subscribe('settings:changed', applySettings),
      subscribe('bridge:dropped', ({ channel }) => {
        if (channel === 'settings:changed') loadSettings()
      }),
      subscribe('app:focusMatch', ({ matchId }) => {
        window.focus()
        focusMatch(matchId)
      }),
      startProblemsSync(),
      startLiveTime(),
    ]
    return () => stops.forEach((stop) => stop())
  }, [])

  return (
    <div
      className="app-shell"
      data-testid="app-shell"
      data-connection={connected ? 'ok' : 'lost'}
      data-mode={replaying ? 'replay' : 'live'}
      data-fast-play={fastPlay || undefined}
    >
      <header className="top-bar">
        <span className="brand">Odds Monitor</span>
        {singleMatch === null && <Nav />}
        {singleMatch === null && (
          <button
            type="button"
            className="replay-open"
            onClick={() => openReplayPicker()}
            title="Replay a recorded session on the board"
            aria-label="Replay"
            data-testid="replay-open"
          >
            ⟲<span className="replay-open-label"> Replay</span>
          </button>
        )}
        <span className="spacer" />
        <NotificationPermission />
        <span className="muted" data-testid="host-info">
          {info ? `${info.name} ${info.version} · ${info.host} · ${info.platform}` : 'connecting…'}
        </span>
        <HeartbeatFigure connected={connected} />
      </header>
      {singleMatch === null && <ReplayBar />}
      <ConnectionBanner />
      {error && <div className="error-banner">{error}</div>}
      <ProblemBanners />
      <RecoveryNotice />
      <main className="main">{singleMatch === null ? <CurrentView /> : <SingleMatchView matchId={singleMatch} />}</main>
      {singleMatch === null && <Inspector />}
      <StatusBar />
      <OverrideEditorHost />
      <ReplayPickerHost />
      <Palette />
    </div>
  )
}

/**
 * Main's uptime from its heartbeat, which comes every second: held here, not in App, so the
 * heartbeat re-renders this figure and not the whole page under App (the board, the grid, the
 * side panels, once a second).
 */
function HeartbeatFigure({ connected }: { connected: boolean }) {
  const [heartbeat, setHeartbeat] = useState<Heartbeat | null>(null)
  useEffect(() => subscribe('app:heartbeat', setHeartbeat), [])
  return (
    <span className="muted num" data-testid="heartbeat">
      {/* A new second lays out its own box alone (.fixed-text, styles.css). */}
      <span className="fixed-text uptime">
        {!connected ? 'no heartbeat' : heartbeat ? `up ${Math.round(heartbeat.uptimeMs / 1000)} s` : ''}
      </span>
    </span>
  )
}

/** The unread override alerts, on the nav's Board and on the folded alerts' rail. */
function UnreadAlerts() {
  const { unread } = useShownOverrideAlerts()
  return unread > 0 ? <span className="badge accent num">{unread}</span> : null
}

function Nav() {
  const view = useUiStore((s) => s.view)
  return (
    <nav className="nav" aria-label="Screens">
      {NAV.map((item) => (
        <button
          key={item.view}
          type="button"
          className={view === item.view ? 'on' : ''}
          onClick={() => showView(item.view)}
          data-testid={`nav-${item.view}`}
          title={`${item.label} (${item.key})`}
        >
          {item.label}
          {item.view === 'board' && <UnreadAlerts />}
        </button>
      ))}
    </nav>
  )
}

function CurrentView() {
  const view = useUiStore((s) => s.view)
  useHotkeys({
    ...Object.fromEntries(NAV.map((item) => [item.key, () => showView(item.view)])),
    '/': requestSearchFocus,
    A: () => acknowledgeOverrideAlerts('all'),
    d: toggleDensity,
    i: toggleInspector,
    '[': () => activateNextWatchlist(-1),
    ']': () => activateNextWatchlist(1),
  })
  const label = NAV.find((item) => item.view === view)?.label ?? view
  // Keyed by view: a screen that failed is mounted afresh when the trader comes back to it.
  return (
    <ErrorBoundary
      key={view}
      where={`screen:${view}`}
      fallback={(error, retry) => <ScreenError name={label} error={error} retry={retry} />}
    >
      <Suspense fallback={<div className="muted pad">Loading {label}…</div>}>
        <Screen view={view} />
      </Suspense>
    </ErrorBoundary>
  )
}

function Screen({ view }: { view: View }) {
  const replaying = useReplaying()
  switch (view) {
    case 'board':
      return (
        <div className="board-layout">
          <PanelDrawer name="watchlists" side="left" foldBelow={1440} label="Watchlists">
            <WatchlistSidebar />
          </PanelDrawer>
          <BoardView />
          <PanelDrawer name="panels" side="right" foldBelow={1200} label="Alerts and tape" badge={<UnreadAlerts />}>
            <div className={replaying ? 'side-panels replaying' : 'side-panels'}>
              <OverrideAlerts />
              {replaying && <ReplayAlerts />}
              <TapeView />
            </div>
          </PanelDrawer>
        </div>
      )
    case 'discover':
      return <DiscoverScreen />
    case 'review':
      return <ReviewScreen />
    case 'alerts':
      return <AlertsScreen />
    case 'settings':
      return <SettingsScreen />
  }
}

function Palette() {
  const open = useUiStore((s) => s.paletteOpen)
  const lists = useWatchlistStore((s) => s.state?.lists)
  useEffect(() => {
    // Ctrl/Cmd+K opens the palette even from a text field: a chord is never typed text.
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        setPaletteOpen(!useUiStore.getState().paletteOpen)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  const commands = useMemo<Command[]>(
    () => [
      ...NAV.map((item) => ({
        id: `go-${item.view}`,
        label: `Go to ${item.label}`,
        hint: item.key,
        run: () => showView(item.view),
      })),
      { id: 'search', label: 'Search teams and leagues', hint: '/', run: () => showView('discover') },
      {
        id: 'ack-all',
        label: 'Acknowledge all override alerts',
        hint: 'Shift+A',
        run: () => acknowledgeOverrideAlerts('all'),
      },
      { id: 'theme', label: 'Toggle dark / light theme', run: toggleTheme },
      { id: 'density', label: 'Toggle compact / comfortable board', hint: 'D', run: toggleDensity },
      { id: 'board-view', label: 'Toggle cards / grid board', run: toggleBoardView },
      { id: 'inspector', label: 'Show / hide raw frame inspector', hint: 'I', run: toggleInspector },
      { id: 'list-previous', label: 'Previous watchlist', hint: '[', run: () => activateNextWatchlist(-1) },
      { id: 'list-next', label: 'Next watchlist', hint: ']', run: () => activateNextWatchlist(1) },
      ...jumpCommands(lists ?? []),
    ],
    [lists],
  )
  return open ? <CommandPalette commands={commands} /> : null
}

/** Mounted only while open: the core captures frames only while a page holds the inspector's lease. */
function Inspector() {
  const open = useUiStore((s) => s.inspectorOpen)
  return open ? (
    <ErrorBoundary
      where="inspector"
      fallback={(error, retry) => <ScreenError name="Frame inspector" error={error} retry={retry} />}
    >
      <FrameInspector />
    </ErrorBoundary>
  ) : null
}

/** "Watchlist: Evening" and "Match: A v B" for every list and watched match: the palette jumps there. */
function jumpCommands(lists: readonly Watchlist[]): Command[] {
  const seen = new Set<number>()
  const matches = lists.flatMap((list) => list.matches).filter((m) => !seen.has(m.matchId) && seen.add(m.matchId))
  return [
    ...lists.map((list) => ({
      id: `list-${list.id}`,
      label: `Watchlist: ${list.name}`,
      run: () => {
        showView('board')
        void runWatchlistCommand({ op: 'activate', id: list.id })
      },
    })),
    ...matches.map((m) => ({
      id: `match-${m.matchId}`,
      label: `Match: ${m.home.name} v ${m.away.name}`,
      run: () => void showWatchedMatch(m.matchId),
    })),
  ]
}

function toggleTheme(): void {
  const current = useSettingsStore.getState().settings?.theme ?? 'dark'
  updateSettings({ theme: current === 'dark' ? 'light' : 'dark' })
}

function toggleDensity(): void {
  const current = useSettingsStore.getState().settings?.boardDensity ?? 'comfortable'
  updateSettings({ boardDensity: current === 'compact' ? 'comfortable' : 'compact' })
}

/** The active list shown the other way (cards or grid), on the board. */
function toggleBoardView(): void {
  showView('board')
  void changeActiveView(({ mode }) => ({ mode: mode === 'grid' ? 'cards' : 'grid' }))
}

function updateSettings(patch: SettingsPatch): void {
  call('settings:update', patch).then(applySettings, (e: unknown) => window.alert(describeError(e)))
}

/** The match id of a `#/match/<id>` URL, or null for the full app. */
function useSingleMatchRoute(): number | null {
  const read = () => {
    const match = /^#\/match\/(\d+)$/.exec(location.hash)
    return match?.[1] ? Number(match[1]) : null
  }
  const [matchId, setMatchId] = useState(read)
  useEffect(() => {
    const onHash = () => setMatchId(read())
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])
  return matchId
}
