/**
 * The application core's composition root: builds the services behind the bridge and wires the
 * one-way data flow (feeds → watch engine → cache, alert rules, board patches → bridge). Both
 * hosts (Electron's main process and the headless Node host) call this with their own adapters
 * for the ports; nothing here knows which one it runs in.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { AppInfo } from '../../shared/bridge/contract'
import { APP_HEARTBEAT_MS } from '../../shared/bridge/heartbeat'
import type { SimulatorHandle } from '../../sim/types'
import { ALERT_LIST_CAP } from './alerts/alert-delivery'
import { AlertsService } from './alerts/alerts-service'
import { BridgeRouter } from './bridge/router'
import { openCache, type Cache, type RefusedTick } from './cache'
import { feedScoped, type FeedScopedArchive } from './cache/feed-scoped'
import { tolerantWrites } from './cache/tolerant-writes'
import { DiscoveryService } from './discovery/discovery-service'
import { FeedSession } from './session/feed-session'
import { OwnOverrides } from './watch/own-overrides'
import { LiveFeed } from './session/live-feed'
import { BookmakerSports } from './session/bookmaker-sports'
import { DataServiceClient } from './clients/data-service/data-service-client'
import { HttpClient } from './clients/http/http-client'
import { MAX_IMAGE_BODY_BYTES, readCappedBody } from './clients/http/capped-body'
import { OddsClient } from './clients/odds/odds-client'
import { registerHandlers } from './handlers'
import { refusalReporters } from './refusals'
import { RouteUnderstanding } from './clients/http/route-understanding'
import type { AnswerOutcome } from './clients/http/parse-answer'
import { crashDirOf } from './faults/crash-files'
import { FaultLog } from './faults/fault-log'
import type { FaultProcess, FaultReporter } from './faults/fault-reporter'
import { LogRing, ringLog } from './faults/log-ring'
import { SecretScrubber } from './faults/secret-scrubber'
import type { HostPorts } from './host-ports'
import { createImageCache, type ImageCache } from './images'
import { KeyService } from './secrets/key-service'
import { PublicFeed } from './discovery/public-feed'
import { FrameInspector } from './inspector/frame-inspector'
import type { FrameTapPoint } from './streams/frame-tap'
import { FrameHistory } from './streams/frame-history'
import { RecentAnswers } from './diagnostics/recent-answers'
import { feedKeyTesters } from './secrets/key-testers'
import type { KeyAccount, SecretStore } from './secrets/secret-store'
import { SettingsService } from './settings'
import type { SettingsStore } from './settings-store'
import type { SettingsFileCheck } from './settings-file'
import { WatchlistService } from './watchlists/watchlist-service'
import { MatchLabeller } from './match-labeller'
import { HeaderRecorder } from './replay/header-recorder'
import { keepLastAlive } from './problems/last-alive'
import { endedUnexpectedlyProblem } from './problems/problem-texts'
import {
  createProblems,
  raiseSetAsideFiles,
  watchCacheFile,
  watchSettingsSaves,
  watchCacheWrites,
  watchFeedUnderstanding,
  watchKeychain,
  type Problems,
} from './problems/problem-sources'
import type { BoardPatch } from '../../shared/board'
import type { AppHealth } from '../../shared/health'
import type { Teams } from '../../shared/labels'
import { markStartup } from '../../shared/startup-marks'

export interface CoreLog {
  error(message: string, ...details: unknown[]): void
  info(message: string, ...details: unknown[]): void
}

export interface CoreOptions {
  info: AppInfo
  /** Settings, watchlists, alert rules (settings-file.ts's openSettingsStore). */
  store: SettingsStore
  secrets: SecretStore
  ports: HostPorts
  isTrustedSender: (url: string) => boolean
  log: CoreLog
  /**
   * The built-in simulated feed used while no key is set (the host decides how it runs). `worldFile`
   * is where it keeps its world's start (in the data folder), so a restart resumes the same world.
   */
  startDemoFeed: (worldFile: string) => Promise<SimulatorHandle>
  heartbeatMs?: number
  healthMs?: number
  /** What the host's check of the settings file set aside or left out before opening its store. */
  settingsFile?: SettingsFileCheck
  /** Check event payloads against the contract as they leave (default true; a shipped app passes false). */
  checkEvents?: boolean
  /** When the cache is first compacted after the start (default FIRST_COMPACTION_MS). */
  firstCompactionMs?: number
}

/**
 * The start's compaction waits until the first screen is up: it visits every outcome of the cache
 * (about 25 ms on a 30-day cache) and was done before the core answered its first call.
 */
export const FIRST_COMPACTION_MS = 10_000

/** The demo feed's world start, kept so a restart resumes the demo world (sim/world/resume.ts). */
const DEMO_WORLD_FILE = 'demo-world.json'

export interface Core {
  router: BridgeRouter
  settings: SettingsService
  session: FeedSession
  images: ImageCache
  cache: Cache
  /** Where hosts report the faults they survive (uncaught errors, a renderer gone…). */
  faults: FaultReporter
  /** A notification was clicked: bring the match forward in every window. */
  focusMatch(matchId: number): void
  /** Unread alert count, now and on every change (the tray badge). */
  onUnreadChange(listener: (unread: number) => void): () => void
  stop(): Promise<void>
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const startedAt = Date.now()
  mkdirSync(options.info.dataDir, { recursive: true })
  const base = openFoundation(options)
  const lastAlive = keepLastAlive(options.info.dataDir)
  if (lastAlive.previous) base.problems.board.raise(endedUnexpectedlyProblem(lastAlive.previous))
  markStartup('core:cache-open')
  // Opening the stores was one block of work: a host serving its page meanwhile answers what came.
  await new Promise<void>((resolve) => setImmediate(resolve))
  const feeds = createFeedClients(options, base)
  watchKeychain(base.problems.board, feeds.keys, options.info.platform)
  const images = createTeamImages(options.info.dataDir, feeds.dataClient)
  const watching = createWatching(options, base, feeds)
  wireChanges(base, feeds, watching)
  const { router, faults, settings, cache, log } = base
  const understanding = watchFeedUnderstanding(base.problems.board, (text) => base.scrubber.scrub(text))
  // Every reading of the health (each second, and when a page asks) also updates the banners of streams and REST routes not understood.
  const health = (): AppHealth => {
    const feed = watching.live.health()
    understanding(feed)
    return { ...feed, faults: faults.snapshot() }
  }
  registerHandlers(router, {
    info: options.info,
    faults,
    health,
    retryNow: () => {
      reopenGates(feeds, 'retry now')
      void watching.live.restart()
    },
    settings,
    keys: feeds.keys,
    session: feeds.session,
    live: watching.live,
    watchlists: base.watchlists,
    discovery: new DiscoveryService(feeds.dataClient, feeds.archive),
    publicFeed: new PublicFeed(feeds.oddsClient, feeds.archive),
    odds: feeds.oddsClient,
    alerts: watching.alerts,
    cache: feeds.archive,
    labels: watching.labeller,
    ports: options.ports,
    inspector: watching.inspector,
    ownOverrides: watching.ownOverrides,
    diagnostics: {
      info: options.info,
      settings: () => settings.get(),
      mode: () => feeds.session.mode(),
      health,
      ...base.recorded,
      keysInUse: () => Promise.all([feeds.session.getKey('data-service'), feeds.session.getKey('odds-feed')]),
      scrub: (text) => base.scrubber.scrub(text),
    },
  })

  markStartup('core:services')
  await feeds.session.refresh()
  markStartup('core:feed-chosen')
  base.watchlists.useFeed(feeds.session.mode().mode)
  const compact = () => compactCache(cache, settings.get().retentionDays, log)
  const timers = startTimers(options, { router, health, compact, startedAt })
  const stop = async () => {
    for (const timer of timers) clearInterval(timer)
    base.problems.stop()
    options.store.stop()
    watching.inspector.stop()
    watching.live.close()
    feeds.sports.stop()
    watching.alerts.dispose()
    await feeds.session.stop()
    cache.close()
    lastAlive.stop()
  }
  return {
    router,
    settings,
    session: feeds.session,
    images,
    cache,
    faults,
    focusMatch: (matchId) => router.emit('app:focusMatch', { matchId }),
    onUnreadChange(listener) {
      listener(watching.alerts.list().unread)
      return watching.alerts.onChange(({ unread }) => listener(unread))
    },
    stop,
  }
}

/** What every later step builds on: the fault door, the bridge router, and the stores on disk. */
interface Foundation {
  log: CoreLog
  faults: FaultLog
  /** The process faults are counted under (main in Electron, host in the browser host). */
  where: FaultProcess
  refusals: ReturnType<typeof refusalReporters>
  /** Keeps keys out of what the core shows: the fault path's, and the frame inspector's. */
  scrubber: SecretScrubber
  secrets: SecretStore
  router: BridgeRouter
  settings: SettingsService
  watchlists: WatchlistService
  cache: Cache
  /** The banner stack's model: files set aside at start, the keychain, the feeds' clocks, cache writes. */
  problems: Problems
  /** What the feeds sent lately, kept for the diagnostic bundle: every stream's last frames, every route's last answer. */
  recorded: { frames: FrameHistory; answers: RecentAnswers }
}

function openFoundation(options: CoreOptions): Foundation {
  const { log, faults, secrets, scrubber } = createFaultPath(options)
  const where = coreProcess(options.info)
  const refusals = refusalReporters(faults, where, (line) => log.error(line))
  const router = new BridgeRouter({
    isTrustedSender: options.isTrustedSender,
    checkEvents: options.checkEvents,
    onHandlerError: (channel, error) =>
      faults.report({ process: where, kind: 'handler-failed', message: channel, error }),
    onEmitDropped: (channel, reason, error) =>
      faults.report({
        process: where,
        kind: 'emit-dropped',
        message: `a ${channel} event was dropped: ${reason}`,
        error,
      }),
    onRefused: refusals.bridge,
  })
  const settingsFile = options.settingsFile ?? { setAside: null, refused: null, seed: {} }
  if (settingsFile.setAside) refusals.settingsFile(settingsFile.setAside)
  for (const entry of settingsFile.refused?.entries ?? []) refusals.settingsEntry(entry)
  const settings = new SettingsService(options.store, refusals.settingsField)
  const watchlists = new WatchlistService(options.store)
  const problems = createProblems(router, options.info.platform)
  watchSettingsSaves(problems.board, options.store, options.info.dataDir)
  const cacheFile = join(options.info.dataDir, 'cache.sqlite')
  const cache = openCache(cacheFile, {
    // Damage found in use: set aside, salvaged into a fresh file, said like one found at start.
    onSetAside: (setAside) => {
      refusals.cacheFile(setAside)
      raiseSetAsideFiles(problems.board, { cache: setAside, setAside: null, refused: null })
    },
    onFileState: watchCacheFile(problems.board, cacheFile),
    onWriteState: watchCacheWrites(problems.board, cacheFile, {
      started: (reason) =>
        faults.report({ process: where, kind: 'cache-write-failed', message: `cache cannot save: ${reason}` }),
      ended: (dropped) =>
        faults.report({
          process: where,
          kind: 'cache-ticks-dropped',
          message: `${dropped} prices could not be kept while the cache could not save`,
        }),
    }),
  })
  if (cache.setAside) refusals.cacheFile(cache.setAside)
  raiseSetAsideFiles(problems.board, { cache: cache.setAside, ...settingsFile })
  const recorded = { frames: new FrameHistory(), answers: new RecentAnswers() }
  return { log, faults, where, refusals, scrubber, secrets, router, settings, watchlists, cache, problems, recorded }
}

/** The feed session (demo or real), the REST clients of both services, and the keys they use. */
function createFeedClients(options: CoreOptions, base: Foundation) {
  const { settings, cache, refusals } = base
  const session: FeedSession = new FeedSession({
    settings: () => settings.get(),
    anyKeySet: async (): Promise<boolean> => {
      const status = await keys.status()
      return status.ok && Object.values(status.value).some((k) => k.set)
    },
    readKey: (account) => keys.getKey(account),
    startDemoFeed: () => options.startDemoFeed(join(options.info.dataDir, DEMO_WORLD_FILE)),
    bookmakerSports: () => sports.current(),
    log: base.log,
  })
  const keyStyleOf = (service: KeyAccount) => {
    const { dataKeyStyle, oddsKeyStyle } = session.endpoints()
    return service === 'odds-feed' ? oddsKeyStyle : dataKeyStyle
  }
  // Every answer's outcome: refused records are faults, and each route's answers are judged understood or not.
  const routes = { 'data-service': new RouteUnderstanding(), 'odds-feed': new RouteUnderstanding() }
  const answered = (service: KeyAccount) => (outcome: AnswerOutcome) => {
    refusals.restAnswer(service, outcome)
    routes[service].answered(outcome)
  }
  const httpClient = (service: KeyAccount) =>
    new HttpClient({
      service,
      getKey: () => session.getKey(service),
      keyStyle: () => keyStyleOf(service),
      onRefused: answered(service),
      onAnswerClock: (answer) => base.problems.clockSkew.record(service, answer),
      onAnswer: (answer) => base.recorded.answers.record(service, answer),
    })
  const dataHttp = httpClient('data-service')
  const oddsHttp = httpClient('odds-feed')
  const endpoints = () => session.endpoints()
  // Everything the cache holds is kept per feed; this view reads the current one on every call. A
  // record the cache cannot keep is a fault, never a stop for the live path that recorded it.
  const archive = tolerantWrites(
    feedScoped(cache, () => session.mode().mode),
    (write, error) =>
      base.faults.report({
        process: base.where,
        kind: 'record-not-kept',
        message: `${write} could not be cached`,
        error,
      }),
  )
  const dataClient = new DataServiceClient({
    http: dataHttp,
    settings: endpoints,
    cache: archive,
    onAnswer: answered('data-service'),
  })
  const oddsClient = new OddsClient({ http: oddsHttp, settings: endpoints, onAnswer: answered('odds-feed') })
  // The session reads the sports only when asked for its mode, which is after this line.
  const sports: BookmakerSports = new BookmakerSports({
    fetch: (signal) => oddsClient.bookmaker({ signal }),
    onChange: () => base.router.emit('feed:mode', session.mode()),
    log: base.log,
  })
  // The session above reads `keys` only when asked (refresh, getKey), which is after this line.
  const keys: KeyService = new KeyService({
    store: base.secrets,
    testers: feedKeyTesters(dataClient, oddsClient, () => settings.get().sport, keyStyleOf),
  })
  return { session, dataHttp, oddsHttp, dataClient, oddsClient, keys, archive, sports, routes }
}
type FeedClients = ReturnType<typeof createFeedClients>

function createTeamImages(dataDir: string, dataClient: DataServiceClient): ImageCache {
  return createImageCache({
    dir: join(dataDir, 'images'),
    fetchImage: async (hash) => {
      const url = dataClient.imageUrl(hash)
      if (!url) return null
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
      if (!response.ok) {
        await response.body?.cancel()
        return null
      }
      return readCappedBody(response, MAX_IMAGE_BODY_BYTES)
    },
  })
}

/**
 * The one-way flow from the live feed: ticks to the cache, price changes and overrides to the
 * alert rules, board patches to the bridge; the labeller that names matches for both; and the
 * frame inspector, which every engine's streams hand raw frames to while a page has it open.
 */
function createWatching(options: CoreOptions, base: Foundation, feeds: FeedClients) {
  const { faults, where, router, watchlists } = base
  const { archive } = feeds
  const alerts = createAlerts(options, base, archive, () => labeller)
  const frames: FrameTapPoint = { tap: null }
  const ownOverrides = new OwnOverrides()
  const headers = new HeaderRecorder()
  const inspector = new FrameInspector({
    point: frames,
    scrub: (text) => base.scrubber.scrub(text),
    send: (batch) => router.emit('inspector:frames', batch),
  })
  const live = new LiveFeed({
    frames,
    history: base.recorded.frames,
    ownOverrides,
    session: feeds.session,
    odds: feeds.oddsClient,
    data: feeds.dataClient,
    conflationMs: () => base.settings.get().conflationMs,
    watched: () => watchlists.allMatches(),
    archive,
    restStates: () => ({ odds: feeds.oddsHttp.gate.state(), data: feeds.dataHttp.gate.state() }),
    restRoutes: () => ({
      odds: feeds.routes['odds-feed'].notUnderstood(),
      data: feeds.routes['data-service'].notUnderstood(),
    }),
    sinks: {
      onTicks: (ticks) => reportRefusedTicks(faults, where, archive.recordTicks(ticks)),
      onChanges: (changes) => {
        for (const change of changes) alerts.engine.onPriceChange(change)
      },
      onOverride: (events) => {
        archive.recordOverrideEvents(events)
        for (const event of events) alerts.engine.onOverride(event)
      },
      onMatchStatus: (change) => alerts.engine.onMatchStatus(change),
      onPatch: (patch) => {
        recordLayouts(labeller, patch, faults, where)
        recordHeaders(headers, archive, patch, faults, where)
        router.emit('board:patch', live.forPage(patch))
      },
      onStreamRefused: (streamId, reason, detail) => base.refusals.stream.refused(streamId, reason, detail),
      onSinkError: (sink, error) =>
        faults.report({
          process: where,
          kind: 'feed-sink-failed',
          message: `the ${sink} of one batch could not be handed on`,
          error,
        }),
    },
  })
  // Read only once alerts fire or the board sends a layout, by which time `live` exists.
  const labeller: MatchLabeller = new MatchLabeller({
    teams: (matchId) => teamsOf(watchlists, matchId),
    liveLayout: (matchId) => live.layout(matchId),
    cache: archive,
  })
  return { alerts, live, labeller, inspector, ownOverrides }
}
type Watching = ReturnType<typeof createWatching>

/** The alert rules and their list, restored from the cache; every change is recorded and sent. */
function createAlerts(
  options: CoreOptions,
  base: Foundation,
  archive: FeedScopedArchive,
  labeller: () => MatchLabeller,
): AlertsService {
  const { router } = base
  const alerts = new AlertsService({
    store: options.store,
    notifier: options.ports.notifier,
    watchlistsOf: (matchId) => base.watchlists.listsOf(matchId),
    names: {
      matchName: (matchId) => labeller().matchName(matchId),
      describe: (ref) => labeller().describe(ref),
    },
  })
  reportUnreadableAlerts(base, alerts.restore(archive.recentAlerts(ALERT_LIST_CAP)))
  alerts.onChange(({ added, read, held }) => {
    archive.recordAlerts([...added, ...read, ...held].map((entry) => ({ ...entry })))
    router.emit('alerts:changed', alerts.list())
  })
  return alerts
}

function reportUnreadableAlerts({ faults, where }: Foundation, refused: number): void {
  if (refused > 0)
    faults.report({
      process: where,
      kind: 'cached-alert-unreadable',
      message: `${refused} recorded alerts could not be read back and were left out`,
    })
}

/** What follows a change of keys, feed mode, settings or watchlists: the pages hear, the streams follow. */
function wireChanges(base: Foundation, feeds: FeedClients, { live, alerts }: Watching): void {
  const { router } = base
  const { keys, session, sports } = feeds
  const emitKeys = async () => {
    const status = await keys.status()
    if (status.ok) router.emit('keys:changed', { keychain: true, message: null, accounts: status.value })
  }
  keys.onChange(({ account, reason }) => {
    void emitKeys()
    if (reason === 'tested') return
    // Set again, even to the same key: the trader says it is good (a 401 may have been a glitch).
    const http = account === 'data-service' ? feeds.dataHttp : feeds.oddsHttp
    http.gate.reopen(reason === 'set' ? 'key set' : 'key removed')
    // A new or removed key on the real feed changes the stream tokens: rebuild the streams. A change
    // of mode (demo ↔ real) already rebuilds them through the session listener below.
    void session.refresh().then((modeChanged) => {
      if (modeChanged || session.mode().mode !== 'real') return
      void live.restart()
      void sports.refresh()
    })
  })
  // The keychain is back (unlocked, its service started): the keys it holds decide the feed again.
  keys.onKeychainChange(({ reachable }) => {
    if (reachable) void session.refresh()
  })
  session.onChange((mode) => {
    base.problems.clockSkew.reset()
    router.emit('feed:mode', mode)
    base.watchlists.useFeed(mode.mode)
    reportUnreadableAlerts(base, alerts.replaceWith(feeds.archive.recentAlerts(ALERT_LIST_CAP)))
    router.emit('alerts:changed', alerts.list())
    void live.restart()
    if (mode.mode === 'real') void sports.refresh()
    else sports.clear()
  })
  base.settings.onChange((next, previous) => {
    router.emit('settings:changed', next)
    if (next.conflationMs !== previous.conflationMs) live.setConflation(next.conflationMs)
    const endpointsChanged = (
      [
        'sport',
        'bookmakerId',
        'dataBaseUrl',
        'wsBaseUrl',
        'oddsBaseUrl',
        'oddsWsBaseUrl',
        'dataKeyStyle',
        'oddsKeyStyle',
      ] as const
    ).some((field) => next[field] !== previous[field])
    // The feed mode names the configured sport (and on the real feed lists it first).
    if (next.sport !== previous.sport) router.emit('feed:mode', session.mode())
    if (!endpointsChanged) return
    reopenGates(feeds, 'settings changed')
    if (session.mode().mode !== 'real') return
    void live.restart()
    if ((['bookmakerId', 'oddsBaseUrl', 'oddsKeyStyle'] as const).some((field) => next[field] !== previous[field]))
      void sports.refresh()
  })
  base.watchlists.onChange((state) => {
    router.emit('watchlists:changed', state)
    live.follow()
  })
}

/** Lifts what the services imposed on both REST clients: a 429's wait, a rejected key, refused scopes. */
function reopenGates(feeds: FeedClients, reason: string): void {
  feeds.dataHttp.gate.reopen(reason)
  feeds.oddsHttp.gate.reopen(reason)
}

/** The heartbeat, the health push, and the cache compaction shortly after the start and every six hours. */
function startTimers(
  options: CoreOptions,
  {
    router,
    health,
    compact,
    startedAt,
  }: { router: BridgeRouter; health: () => AppHealth; compact: () => void; startedAt: number },
): NodeJS.Timeout[] {
  const timers = [
    setInterval(() => {
      const ts = Date.now()
      router.emit('app:heartbeat', { ts, uptimeMs: ts - startedAt })
    }, options.heartbeatMs ?? APP_HEARTBEAT_MS),
    setInterval(() => router.emit('feed:health', health()), options.healthMs ?? 1000),
    setTimeout(compact, options.firstCompactionMs ?? FIRST_COMPACTION_MS),
    setInterval(compact, 6 * 60 * 60 * 1000),
  ]
  for (const timer of timers) timer.unref()
  return timers
}

/**
 * The fault door and what it needs: every core log line also goes to a ring (the crash file's last
 * lines), and every key read from or written to the keychain is remembered so it is scrubbed.
 */
function createFaultPath(options: CoreOptions): {
  log: CoreLog
  faults: FaultLog
  secrets: SecretStore
  scrubber: SecretScrubber
} {
  const ring = new LogRing()
  const log = ringLog(options.log, ring)
  const scrubber = new SecretScrubber()
  const faults = new FaultLog({
    log,
    ring,
    scrubber,
    crashDir: crashDirOf(options.info.dataDir),
    appVersion: options.info.version,
  })
  return { log, faults, secrets: scrubber.watch(options.secrets), scrubber }
}

/** The process the core runs in, as faults name it: Electron's main, or the browser host. */
export function coreProcess(info: AppInfo): FaultProcess {
  return info.host === 'electron' ? 'main' : 'host'
}

/** Ticks the cache refused (a price it cannot store, …): counted and logged, the rest was kept. */
function reportRefusedTicks(faults: FaultReporter, process: FaultProcess, refused: readonly RefusedTick[]): void {
  for (const { tick, field, problem } of refused) {
    faults.report({
      process,
      kind: `refused:cache-${field}`,
      message: `tick not stored: ${problem}`,
      detail: { matchId: tick.matchId, oddType: tick.oddType, oddKey: tick.oddKey },
    })
  }
}

function compactCache(cache: Cache, retentionDays: number, log: CoreLog): void {
  try {
    cache.compact(retentionDays)
  } catch (error) {
    log.error('cache compaction failed', error)
  }
}

function teamsOf(watchlists: WatchlistService, matchId: number): Teams | null {
  const match = watchlists.allMatches().find((m) => m.matchId === matchId)
  return match ? { home: match.home.name, away: match.away.name } : null
}

/** Keeps every header change the board sends, for the desk replay (a closed cache must not stop the board). */
function recordHeaders(
  headers: HeaderRecorder,
  archive: FeedScopedArchive,
  patch: BoardPatch,
  faults: FaultReporter,
  where: FaultProcess,
): void {
  try {
    archive.recordHeaders(headers.changesOf(patch))
  } catch (error) {
    faults.report({ process: where, kind: 'headers-not-kept', message: 'match headers could not be cached', error })
  }
}

/** Keeps every layout the board sends, so the match can still be named once it is off the board. */
function recordLayouts(labeller: MatchLabeller, patch: BoardPatch, faults: FaultReporter, where: FaultProcess): void {
  try {
    for (const board of patch.snapshots) labeller.record(board.layout)
    for (const layout of patch.layouts) labeller.record(layout)
  } catch (error) {
    faults.report({ process: where, kind: 'labels-not-kept', message: 'a match layout could not be cached', error })
  }
}
