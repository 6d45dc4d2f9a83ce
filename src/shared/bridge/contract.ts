/**
 * The bridge contract: every invoke channel with its input and output schema, every event channel
 * with its payload schema. Main validates input against it before a handler runs, and every
 * payload before it is sent; the renderer gets its types from here.
 */
import { z } from 'zod'
import { AlertDeliverySettings, AlertEntry, AlertRule, AlertRuleDraft } from '../alerts'
import { BacktestInput, BacktestResult } from '../alert-backtest'
import { BoardPatch, BookCheck, MatchBoard } from '../board'
import { DiscoverPage, DiscoverQuery, SearchHit, SearchQuery } from '../discovery'
import {
  AccountInput,
  FeedMode,
  KeysStatus,
  KeyTestResult,
  LiftOverrideCommand,
  OverrideAnswer,
  OverrideCommand,
  SetKeyInput,
} from '../keys'
import { AppHealth } from '../health'
import {
  LeagueListing,
  ProviderHistory,
  ProviderHistoryQuery,
  PublicFeedListing,
  PublicSportInput,
} from '../public-feed'
import { Teams } from '../labels'
import { DismissProblemInput, ProblemList } from '../problems'
import { FrameBatch, InspectorLease } from '../inspector'
import {
  AcknowledgeOverridesInput,
  ExportResult,
  HistoryRange,
  HistorySeries,
  RecentHistory,
  SeriesQuery,
  TickPage,
  TicksQuery,
} from '../history'
import { ReplayEventPage, ReplayEventsInput, ReplayOpened, ReplayOpenInput, ReplayStateAtInput } from '../replay'
import { Settings, SettingsPatch } from '../settings'
import { WatchlistCommand, WatchlistState } from '../watchlists'
import { EVENT_CHANNELS, type EventChannel, type InvokeChannel } from './channels'

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** 'electron' or 'browser': which host serves this renderer (shown in About, never branched on). */
  host: z.enum(['electron', 'browser']),
  platform: z.string(),
  dataDir: z.string(),
  logFile: z.string(),
})
export type AppInfo = z.infer<typeof AppInfo>

export const Heartbeat = z.object({ ts: z.number(), uptimeMs: z.number() })
export type Heartbeat = z.infer<typeof Heartbeat>

/**
 * The transport's own word on the connection to the app. Main never sends it: the browser host's
 * page script emits it when its socket closes or reopens (Electron's IPC cannot drop while the page
 * lives; a hung main shows as missing heartbeats instead).
 */
export const BridgeConnection = z.object({ connected: z.boolean(), reason: z.string().nullable() })
export type BridgeConnection = z.infer<typeof BridgeConnection>

const NoInput = z.undefined()
const MatchInput = z.strictObject({ matchId: z.number().int() })
const MatchTeams = z.object({ matchId: z.number().int(), teams: Teams })

export const AlertList = z.object({ entries: z.array(AlertEntry), unread: z.number().int() })
export type AlertList = z.infer<typeof AlertList>
const MarkReadInput = z.strictObject({ ids: z.union([z.array(z.string()), z.literal('all')]) })
const SaveRuleInput = z.union([AlertRule, AlertRuleDraft])
const OpenedWindow = z.object({ url: z.string().nullable() })
/** The crash folder's path is always given: where the host cannot show it, the page shows the path. */
const OpenedFolder = z.object({ opened: z.boolean(), path: z.string() })
/** The diagnostic bundle (core/diagnostics): where it was written, and how many streams and REST routes it holds. */
export const SavedDiagnostics = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('saved'), path: z.string(), streams: z.number().int(), routes: z.number().int() }),
  z.object({ kind: z.literal('canceled') }),
])
export type SavedDiagnostics = z.infer<typeof SavedDiagnostics>
/** What the page reports: the same kinds main uses for the same events. */
const RendererFaultKind = z.enum(['render-error', 'uncaught-exception', 'unhandled-rejection'])
export type RendererFaultKind = z.infer<typeof RendererFaultKind>
const RendererFault = z.strictObject({
  kind: RendererFaultKind,
  message: z.string().max(2_000),
  stack: z.string().max(20_000).nullable(),
  /** Where on the page: `window`, `screen:board`, `match:1234`. */
  where: z.string().max(200),
})

export interface InvokeSpec {
  input: z.ZodType
  output: z.ZodType
}

export const invokeContract = {
  'app:info': { input: NoInput, output: AppInfo },
  'app:openCrashFolder': { input: NoInput, output: OpenedFolder },
  'app:saveDiagnostics': { input: NoInput, output: SavedDiagnostics },
  'app:reportFault': { input: RendererFault, output: z.null() },
  'settings:get': { input: NoInput, output: Settings },
  'settings:update': { input: SettingsPatch, output: Settings },
  'keys:status': { input: NoInput, output: KeysStatus },
  'keys:set': { input: SetKeyInput, output: KeysStatus },
  'keys:test': { input: AccountInput, output: KeyTestResult },
  'keys:remove': { input: AccountInput, output: KeysStatus },
  'feed:mode': { input: NoInput, output: FeedMode },
  'feed:health': { input: NoInput, output: AppHealth },
  /** Lift every wait and refusal the services imposed (429, a rejected key, no access) and reconnect now. */
  'feed:retryNow': { input: NoInput, output: z.null() },
  'discover:matches': { input: DiscoverQuery, output: DiscoverPage },
  'discover:search': { input: SearchQuery, output: z.array(SearchHit) },
  /** Ids of the sport's matches the bookmaker prices (the odds feed's match list), for Discover to mark. */
  'discover:priced': { input: z.strictObject({ sport: z.string().min(1) }), output: z.array(z.number().int()) },
  /** The sport's leagues with the provider's available counts (the odds feed's public `-leagues`, `-classes`). */
  'discover:leagues': { input: PublicSportInput, output: LeagueListing },
  /** The provider's public current feed of a sport (for sports the bookmaker routes do not cover). */
  'discover:publicFeed': { input: PublicSportInput, output: PublicFeedListing },
  /** A match's record in the provider's history (`{sport}-history`): the prices this app did not record. */
  'history:provider': { input: ProviderHistoryQuery, output: ProviderHistory },
  'watchlists:get': { input: NoInput, output: WatchlistState },
  'watchlists:command': { input: WatchlistCommand, output: WatchlistState },
  /** Full boards of the active watchlist's matches (a page load or a second window starts here). */
  'board:get': { input: NoInput, output: z.array(MatchBoard) },
  'overrides:set': { input: OverrideCommand, output: OverrideAnswer },
  'overrides:lift': { input: LiftOverrideCommand, output: OverrideAnswer },
  /** Marks override alerts read in the cache (the current feed's), so they stay read after a restart. */
  'overrides:acknowledge': { input: AcknowledgeOverridesInput, output: z.null() },
  /** The bookmaker's check of a watched match's book: the margin of each market. */
  'odds:verify': { input: MatchInput, output: BookCheck },
  'window:openMatch': { input: MatchInput, output: OpenedWindow },
  'alerts:list': { input: NoInput, output: AlertList },
  'alerts:markRead': { input: MarkReadInput, output: AlertList },
  'alerts:backtest': { input: BacktestInput, output: BacktestResult },
  'rules:list': { input: NoInput, output: z.array(AlertRule) },
  'rules:save': { input: SaveRuleInput, output: AlertRule },
  'rules:delete': { input: z.strictObject({ id: z.string() }), output: z.array(AlertRule) },
  'rules:deliveryGet': { input: NoInput, output: AlertDeliverySettings },
  'rules:deliverySet': { input: AlertDeliverySettings, output: AlertDeliverySettings },
  /** The teams of every match a rule names, watched or not (the core keeps them): the rule list's words. */
  'rules:matchTeams': { input: NoInput, output: z.array(MatchTeams) },
  'history:series': { input: SeriesQuery, output: HistorySeries },
  'history:ticks': { input: TicksQuery, output: TickPage },
  'history:export': { input: HistoryRange, output: ExportResult },
  /** The tape and override alerts of before a restart (the renderer asks once, on start). */
  'history:recent': { input: NoInput, output: RecentHistory },
  /** Desk replay (shared/replay.ts), from the current feed's cache: a range's start, marks and size. */
  'replay:open': { input: ReplayOpenInput, output: ReplayOpened },
  /** The boards of the matches as they were at one instant of the recording. */
  'replay:stateAt': { input: ReplayStateAtInput, output: z.array(MatchBoard) },
  /** What was recorded in (after, to], in time order, one page at a time. */
  'replay:events': { input: ReplayEventsInput, output: ReplayEventPage },
  /** The problems banner stack as main has it now (a page load starts here; `problems:changed` follows). */
  'problems:get': { input: NoInput, output: ProblemList },
  'problems:dismiss': { input: DismissProblemInput, output: ProblemList },
  /** The page's frame inspector is open (called again every INSPECTOR_RENEW_MS while it stays open). */
  'inspector:open': { input: InspectorLease, output: z.null() },
  'inspector:close': { input: InspectorLease, output: z.null() },
} as const satisfies { [C in InvokeChannel]: InvokeSpec }

export const eventContract = {
  'app:heartbeat': Heartbeat,
  'board:patch': BoardPatch,
  'feed:health': AppHealth,
  'feed:mode': FeedMode,
  'keys:changed': KeysStatus,
  /** The settings changed (from any window): every window follows them. */
  'settings:changed': Settings,
  'watchlists:changed': WatchlistState,
  'alerts:changed': AlertList,
  /** A notification was clicked: bring this match forward. */
  'app:focusMatch': MatchInput,
  'bridge:connection': BridgeConnection,
  /** Main dropped an event on this channel (it failed its schema): fetch that state afresh. */
  'bridge:dropped': z.object({ channel: z.enum(EVENT_CHANNELS) }),
  'problems:changed': ProblemList,
  /** Raw frames for the open frame inspectors, every 250 ms while any is open. */
  'inspector:frames': FrameBatch,
} as const satisfies { [C in EventChannel]: z.ZodType }

export type InvokeInput<C extends InvokeChannel> = z.input<(typeof invokeContract)[C]['input']>
export type InvokeOutput<C extends InvokeChannel> = z.output<(typeof invokeContract)[C]['output']>
export type EventPayload<C extends EventChannel> = z.output<(typeof eventContract)[C]>
