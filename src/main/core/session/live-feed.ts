/**
 * Owns the watch engine across feed switches. The engine is built for one set of endpoints and
 * stream tokens, so a switch (demo ↔ real, new key, new base URL) closes it and builds a new one
 * that subscribes to the same watched matches; its first act per match is a REST snapshot, so the
 * board converges to the new feed's truth.
 */
import { blankHeader, emptyBoardPatch, type BoardPatch, type MatchBoard, type MatchLayout } from '../../../shared/board'
import type { MatchSummary } from '../../../shared/discovery'
import {
  summarizeService,
  type FeedHealth,
  type FeedService,
  type RestHealth,
  type RouteNotUnderstood,
  type StreamHealth,
} from '../../../shared/health'
import { pg } from '../../../shared/postgrest/query'
import type { DataServiceClient } from '../clients/data-service/data-service-client'
import type { ServiceState } from '../clients/http/service-gate'
import type { OddsClient } from '../clients/odds/odds-client'
import type { FrameTapPoint } from '../streams/frame-tap'
import type { FrameHistory } from '../streams/frame-history'
import type { OwnOverrides } from '../watch/own-overrides'
import { WatchEngine, type WatchSinks } from '../watch/watch-engine'
import { cachedBoard, type BoardArchive } from './cached-board'
import { BOOKMAKER_NOT_FOUND, SnapshotTrouble } from './snapshot-trouble'
import type { FeedMode } from '../../../shared/keys'
import type { FeedSession } from './feed-session'

/**
 * Each watched match holds 2 odds streams (updates, overrides); the data service adds 4 for the
 * desk per sport (one per live type), or 4 per match where it refuses those and the engine falls
 * back per event: room for a 60-match watchlist even then. Beyond it streams queue for a slot (and
 * show as "queued" in the health bar) rather than open without bound.
 */
const MAX_STREAM_CONNECTIONS = 360

export interface LiveFeedOptions {
  session: Pick<FeedSession, 'getKey' | 'endpoints'> & { mode(): Pick<FeedMode, 'mode'> }
  odds: OddsClient
  /** Match records for the headers of newly watched matches (the route Discover reads). */
  data: Pick<DataServiceClient, 'list'>
  conflationMs: () => number
  /** The watched matches, in watchlist order; the engine follows them. */
  watched: () => MatchSummary[]
  archive: BoardArchive
  sinks: WatchSinks
  restStates: () => { odds: ServiceState; data: ServiceState }
  /** Each service's REST route not understood now, if any (clients/http/route-understanding.ts); none when not given. */
  restRoutes?: () => { odds: RouteNotUnderstood | null; data: RouteNotUnderstood | null }
  /** Where the streams of every engine hand raw frames while a frame inspector is open. */
  frames?: FrameTapPoint
  /** Where the streams of every engine keep their last frames for the diagnostic bundle. */
  history?: FrameHistory
  /** The overrides this app asked for (every engine marks the events that answer them). */
  ownOverrides?: OwnOverrides
}

export class LiveFeed {
  private engine: WatchEngine | null = null
  private generation = 0
  private readonly trouble = new SnapshotTrouble()
  /** Whether the bookmaker exists, asked once per engine at its first 404 (null: not asked yet). */
  private bookmakerKnown: Promise<boolean> | null = null
  /** Set when the bookmaker id does not exist: nothing is asked of the odds feed until the next restart. */
  private stopped: string | null = null
  /** The seq of the last board patch sent, so the one a stop sends follows it. */
  private patchSeq = 0

  constructor(private readonly options: LiveFeedOptions) {}

  /**
   * (Re)builds the engine on the session's current endpoints and keys. The old engine stops at once,
   * not after the keys are read: the cache records ticks as the session's current feed, so a tick of
   * the old feed handed over during the read would be kept as the new feed's.
   */
  async restart(): Promise<void> {
    const generation = ++this.generation
    const { session, odds, data } = this.options
    this.engine?.close()
    this.engine = null
    this.trouble.clear()
    this.bookmakerKnown = null
    this.stopped = null
    this.patchSeq = 0
    const [oddsKey, dataKey] = await Promise.all([session.getKey('odds-feed'), session.getKey('data-service')])
    if (generation !== this.generation) return // a newer restart won the race
    const endpoints = session.endpoints()
    this.engine = new WatchEngine({
      feed: session.mode().mode,
      endpoints,
      keys: { odds: oddsKey ?? '', data: dataKey ?? '' },
      keyStyles: { odds: endpoints.oddsKeyStyle, data: endpoints.dataKeyStyle },
      fetchSnapshot: async (sport, matchId, signal) => {
        const answer = await odds.matchPrices(sport, matchId, { signal })
        if (answer.ok) {
          this.trouble.fetched(matchId)
          return answer.value
        }
        if (answer.error.kind === 'not_available' && !(await this.bookmakerExists())) this.stop(generation)
        else this.trouble.failed(matchId, answer.error)
        throw new Error(answer.error.message)
      },
      fetchMatchRecords: async (sport, matchIds, signal) => {
        const query = pg().in('id', matchIds)
        const answer = await data.list(sport, 'matches', { query, limit: matchIds.length, signal })
        if (!answer.ok) throw new Error(answer.error.message)
        return answer.value.records
      },
      sinks: { ...this.options.sinks, onPatch: (patch) => this.sendPatch(patch) },
      conflationMs: this.options.conflationMs(),
      maxConnections: MAX_STREAM_CONNECTIONS,
      frames: this.options.frames,
      history: this.options.history,
      ownOverrides: this.options.ownOverrides,
    })
    this.follow()
    // A bookmaker id the feed does not know fails every stream and snapshot: found out once, at once.
    void this.bookmakerExists().then((exists) => {
      if (!exists) this.stop(generation)
    })
  }

  /**
   * A 404 for a match's prices is the match not priced, or the bookmaker id unknown: the bookmaker's
   * own record tells them apart, asked once per engine.
   */
  private bookmakerExists(): Promise<boolean> {
    this.bookmakerKnown ??= this.options.odds.bookmaker().then((answer) => {
      // Not answered (offline, refused): not known either way, so the next 404 asks again.
      if (!answer.ok && answer.error.kind !== 'not_available') this.bookmakerKnown = null
      return answer.ok || answer.error.kind !== 'not_available'
    })
    return this.bookmakerKnown
  }

  /**
   * The bookmaker id does not exist: every odds request would 404 again, so the engine stops (no
   * stream, no retry) and the boards are the cached ones, saying why, until Settings change.
   */
  private stop(generation: number): void {
    if (generation !== this.generation || this.stopped !== null) return
    this.engine?.close()
    this.engine = null
    this.stopped = BOOKMAKER_NOT_FOUND
    // The page still shows the engine's last prices as synced: every board goes back to knowing
    // nothing, which the page gets as the cached board (forPage), marked with why.
    const snapshots = this.options.watched().map(({ sport, matchId }) => ({
      header: blankHeader(matchId, sport),
      layout: { matchId, groups: [] },
      cells: [],
    }))
    this.sendPatch({ ...emptyBoardPatch(this.patchSeq + 1, Date.now()), snapshots })
  }

  private sendPatch(patch: BoardPatch): void {
    this.patchSeq = patch.seq
    this.options.sinks.onPatch?.(patch)
  }

  /** Why the odds feed is not asked at all (the bookmaker id does not exist), or null. */
  stoppedReason(): string | null {
    return this.stopped
  }

  /** Subscriptions follow the watchlists: call after every watchlist change. */
  follow(): void {
    this.engine?.setWatched(this.options.watched().map(({ sport, matchId }) => ({ sport, matchId })))
  }

  setConflation(ms: number): void {
    this.engine?.setConflation(ms)
  }

  /**
   * The boards of every watched match: live where the engine has synced, otherwise the cached one
   * (offline start, or a feed that has not answered yet), otherwise the engine's empty board.
   */
  boards(now = Date.now()): MatchBoard[] {
    return this.options.watched().flatMap((match) => {
      const live = this.engine?.state(match.matchId)
      const board = live?.header.synced ? live : (cachedBoard(this.options.archive, match, now) ?? live)
      return board ? [board] : []
    })
  }

  /**
   * The patch as a page should see it: the engine's board of a match it has no snapshot of yet is
   * empty, and where the cache holds the match's last prices those go out instead, as boards()
   * answers. A page that asked for the board before the engine's first patch (an offline start,
   * where the page connects while the core starts) otherwise saw its cached prices replaced by an
   * empty card.
   */
  forPage(patch: BoardPatch, now = Date.now()): BoardPatch {
    if (!patch.snapshots.some(knowsNothing)) return patch
    const watched = new Map(this.options.watched().map((match) => [match.matchId, match]))
    const snapshots = patch.snapshots.map((board) => {
      const match = knowsNothing(board) ? watched.get(board.header.matchId) : undefined
      return (match && cachedBoard(this.options.archive, match, now)) ?? board
    })
    return { ...patch, snapshots }
  }

  /** The watched match's live layout; null before its snapshot or when not watched. */
  layout(matchId: number): MatchLayout | null {
    const layout = this.engine?.layout(matchId)
    return layout && layout.groups.length > 0 ? layout : null
  }

  /** Stream health from the engine plus the REST side of each service from the clients' gates. */
  health(now = Date.now()): FeedHealth {
    const streams = this.engine?.streamHealth() ?? []
    const rest = this.options.restStates()
    const routes = this.options.restRoutes?.() ?? { odds: null, data: null }
    // A synced board has no trouble, even while a stream of it reconnects (its prices say stale).
    const watched = this.options
      .watched()
      .map((m) => m.matchId)
      .filter((matchId) => !this.engine?.synced(matchId))
    if (this.stopped !== null) this.trouble.bookmakerMissing(watched)
    return {
      at: now,
      unsynced: this.trouble.list(watched, streams),
      services: [
        this.service('odds', streams, restHealth(rest.odds, routes.odds), now),
        this.service('data', streams, restHealth(rest.data, routes.data), now),
      ],
      streams,
    }
  }

  private service(service: FeedService, streams: StreamHealth[], rest: RestHealth | null, now: number) {
    return summarizeService(service, streams, rest, now, this.engine?.feedLag(service, now) ?? null)
  }

  close(): void {
    this.generation++
    this.engine?.close()
    this.engine = null
  }
}

/** An engine board before the match's first snapshot: not synced, no price. */
const knowsNothing = (board: MatchBoard) => !board.header.synced && board.cells.length === 0

const REST_STATES: Record<ServiceState['status'], RestHealth['state'] | null> = {
  idle: null,
  ok: 'ok',
  no_key: 'rejected',
  key_rejected: 'rejected',
  no_access: 'no_access',
  backing_off: 'backing_off',
  failing: 'error',
}

/** The gate's state, turned `not_understood` while a route is and the gate has nothing worse to say. */
function restHealth(state: ServiceState, notUnderstood: RouteNotUnderstood | null): RestHealth | null {
  const mapped = REST_STATES[state.status]
  if (mapped === null && notUnderstood === null) return null
  const at = state.lastOkAt ?? Date.now()
  if (notUnderstood && (mapped === null || mapped === 'ok')) {
    const message = `route ${notUnderstood.route} not understood`
    return { state: 'not_understood', message, retryAt: state.retryAt, at, notUnderstood }
  }
  return { state: mapped ?? 'ok', message: state.message, retryAt: state.retryAt, at, notUnderstood }
}
