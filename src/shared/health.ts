/**
 * The health model that crosses the bridge: one entry per live stream, one summary per service and
 * the faults the app survived. Times are epoch ms; ages and "retry in" are computed by main at
 * snapshot time so the renderer shows them without trusting its own clock against the server's.
 */
import { z } from 'zod'
import { LatencySummary } from './latency-window'

export const FeedService = z.enum(['odds', 'data'])
export type FeedService = z.infer<typeof FeedService>

/**
 * queued: waiting for a connection slot (the concurrent-connection bound is reached).
 * rejected: the server refused the key (401/403); not retried until the key changes.
 * not_understood: connected, but most of its frames are refused (core/streams/feed-understanding.ts):
 * the feed speaks words we do not read, so nothing it carries is shown.
 * silent: connected and answering keep-alives, but no data message for the stale limit on a feed
 * that promises one (its heartbeat) more often: not live, not reconnected (core/streams/live-stream.ts).
 */
export const StreamState = z.enum([
  'queued',
  'connecting',
  'live',
  'silent',
  'not_understood',
  'stale',
  'backing_off',
  'rejected',
  'closed',
])
export type StreamState = z.infer<typeof StreamState>

export const StreamTransport = z.enum(['ws', 'sse'])
export type StreamTransport = z.infer<typeof StreamTransport>

/** Since when a stream (or a REST route) is not understood, and the first refusal that led there, in words. */
export const NotUnderstood = z.object({ since: z.number(), firstRefusal: z.string() })
export type NotUnderstood = z.infer<typeof NotUnderstood>

/** A REST route not understood: which (its family, without ids), since when, and its first refusal. */
export const RouteNotUnderstood = z.object({ route: z.string(), ...NotUnderstood.shape })
export type RouteNotUnderstood = z.infer<typeof RouteNotUnderstood>

export const StreamHealth = z.object({
  /** Stable id, e.g. `odds:1234:updates`, `data:badminton:score` (a desk stream), `data:1234:score`. */
  id: z.string(),
  service: FeedService,
  /** `updates` / `overrides` for odds; `status` / `score` / `time` / `incident` for data. */
  kind: z.string(),
  /** The match the stream carries; null for a data stream of every event of a sport (one per type for the desk). */
  matchId: z.number().int().nullable(),
  /** The sport of its match or matches (null where the stream's owner did not say). */
  sport: z.string().nullable(),
  state: StreamState,
  transport: StreamTransport.nullable(),
  /** When the next attempt starts (backing_off only). */
  retryAt: z.number().nullable(),
  retryInMs: z.number().nullable(),
  lastMessageAt: z.number().nullable(),
  lastMessageAgeMs: z.number().nullable(),
  reconnects: z.number().int(),
  messagesPerSec: z.number(),
  malformed: z.number().int(),
  unknownKind: z.number().int(),
  /** Last failure in words (never contains the key). */
  lastError: z.string().nullable(),
  /**
   * The newest message's lag: its own send time to its receipt here (ms). Null before the first
   * message, and always on a stream whose messages carry no send time.
   */
  lagMs: z.number().nullable(),
  /** Set while the stream is `not_understood`: since when, and the first refusal that led there, in words. */
  notUnderstood: NotUnderstood.nullable(),
})
export type StreamHealth = z.infer<typeof StreamHealth>

/**
 * The REST side of a service, filled in by the REST client's owner (null when not known).
 * not_understood: its answers reach us but one of its routes has them mostly refused
 * (core/clients/http/route-understanding.ts); `notUnderstood` names the route that went first.
 */
export const RestHealth = z.object({
  state: z.enum(['ok', 'not_understood', 'rejected', 'no_access', 'backing_off', 'error']),
  message: z.string().nullable(),
  retryAt: z.number().nullable(),
  at: z.number(),
  /** Set while a route is not understood, whatever the state (a failing service may also have one). */
  notUnderstood: RouteNotUnderstood.nullable(),
})
export type RestHealth = z.infer<typeof RestHealth>

/** A service's feed lag (a message's own send time to its receipt here) over the last minute. */
export const FeedLag = z.discriminatedUnion('timed', [
  /** The service's messages carry no send time (the data service's): there is no lag to measure. */
  z.object({ timed: z.literal(false) }),
  /** lastMinute is null when no message arrived in the last minute. */
  z.object({ timed: z.literal(true), lastMinute: LatencySummary.nullable() }),
])
export type FeedLag = z.infer<typeof FeedLag>

/** not_understood: some of its streams are connected but their frames are refused (see StreamState), or a REST route's answers are (RestHealth). */
export const ServiceState = z.enum(['idle', 'connecting', 'live', 'not_understood', 'degraded', 'rejected'])
export type ServiceState = z.infer<typeof ServiceState>

/**
 * The streams of one kind of a service (`score`, `updates`…): how many are open and live, and
 * whether they are held per match (the odds feed always; the data service only where its stream of
 * every event of a type was refused) or as one stream for the whole desk per sport.
 */
export const KindHealth = z.object({
  kind: z.string(),
  state: ServiceState,
  live: z.number().int(),
  active: z.number().int(),
  perMatch: z.boolean(),
})
export type KindHealth = z.infer<typeof KindHealth>

export const ServiceHealth = z.object({
  service: FeedService,
  state: ServiceState,
  streams: z.record(StreamState, z.number().int()),
  /** Per kind of stream, in the order the streams come. */
  kinds: z.array(KindHealth),
  messagesPerSec: z.number(),
  malformed: z.number().int(),
  unknownKind: z.number().int(),
  reconnects: z.number().int(),
  lastMessageAt: z.number().nullable(),
  lastMessageAgeMs: z.number().nullable(),
  rest: RestHealth.nullable(),
  /** Null while no feed is running. */
  lag: FeedLag.nullable(),
})
export type ServiceHealth = z.infer<typeof ServiceHealth>

/**
 * Why a watched match's prices are the cached ones: its odds snapshot could not be fetched.
 * not_priced: the bookmaker has no prices for the match (404 for the match, the bookmaker exists).
 */
export const UnsyncedCause = z.enum([
  'unreachable',
  'key_rejected',
  'no_access',
  'bookmaker_not_found',
  'not_priced',
  'rate_limited',
  'failing',
])
export type UnsyncedCause = z.infer<typeof UnsyncedCause>

export const UnsyncedMatch = z.object({ matchId: z.number().int(), cause: UnsyncedCause, message: z.string() })
export type UnsyncedMatch = z.infer<typeof UnsyncedMatch>

export const FeedHealth = z.object({
  at: z.number(),
  services: z.array(ServiceHealth),
  streams: z.array(StreamHealth),
  /** Watched matches whose last odds snapshot failed, with why (a match not listed is synced or resyncing). */
  unsynced: z.array(UnsyncedMatch),
})
export type FeedHealth = z.infer<typeof FeedHealth>

/**
 * A service's state from its streams: rejected wins (the trader must fix the key), then a stream
 * or REST route not understood (what it carries is lost however healthy the socket), then any trouble makes it
 * degraded (a silent stream too: its feed broke its heartbeat promise), all live is live. Closed streams do not count.
 */
export function summarizeService(
  service: FeedService,
  streams: readonly StreamHealth[],
  rest: RestHealth | null,
  now: number,
  lag: FeedLag | null,
): ServiceHealth {
  const counts = stateCounts()
  let messagesPerSec = 0
  let malformed = 0
  let unknownKind = 0
  let reconnects = 0
  let lastMessageAt: number | null = null
  for (const s of streams) {
    if (s.service !== service) continue
    counts[s.state]++
    messagesPerSec += s.messagesPerSec
    malformed += s.malformed
    unknownKind += s.unknownKind
    reconnects += s.reconnects
    if (s.lastMessageAt !== null && (lastMessageAt === null || s.lastMessageAt > lastMessageAt)) {
      lastMessageAt = s.lastMessageAt
    }
  }
  const own = streams.filter((s) => s.service === service)
  const restRejected = rest?.state === 'rejected' || rest?.state === 'no_access'
  return {
    service,
    state: stateOf(counts, activeCount(own), restRejected, rest?.notUnderstood != null),
    streams: counts,
    kinds: kindsOf(own),
    messagesPerSec,
    malformed,
    unknownKind,
    reconnects,
    lastMessageAt,
    lastMessageAgeMs: lastMessageAt === null ? null : Math.max(0, now - lastMessageAt),
    rest,
    lag,
  }
}

function stateCounts(): Record<StreamState, number> {
  return Object.fromEntries(StreamState.options.map((s) => [s, 0])) as Record<StreamState, number>
}

function activeCount(streams: readonly StreamHealth[]): number {
  return streams.filter((s) => s.state !== 'closed').length
}

function stateOf(
  counts: Record<StreamState, number>,
  active: number,
  restRejected: boolean,
  restNotUnderstood: boolean,
): ServiceState {
  if (counts.rejected > 0 || restRejected) return 'rejected'
  if (counts.not_understood > 0 || restNotUnderstood) return 'not_understood'
  if (active === 0) return 'idle'
  if (counts.live === active) return 'live'
  if (counts.stale > 0 || counts.backing_off > 0 || counts.silent > 0) return 'degraded'
  // What is left is a mix of live, connecting and queued streams.
  return 'connecting'
}

function kindsOf(streams: readonly StreamHealth[]): KindHealth[] {
  const byKind = new Map<string, StreamHealth[]>()
  for (const s of streams) {
    const ofKind = byKind.get(s.kind)
    if (ofKind) ofKind.push(s)
    else byKind.set(s.kind, [s])
  }
  return [...byKind].map(([kind, ofKind]) => {
    const counts = stateCounts()
    for (const s of ofKind) counts[s.state]++
    const active = activeCount(ofKind)
    return {
      kind,
      state: stateOf(counts, active, false, false),
      live: counts.live,
      active,
      perMatch: ofKind.some((s) => s.matchId !== null && s.state !== 'closed'),
    }
  })
}

/** One survived fault as the trader sees it: words only, scrubbed of anything that looks like a key. */
export const FaultSummary = z.object({
  at: z.number(),
  /** main, host, renderer or child (see core/faults/fault-reporter.ts). */
  process: z.string(),
  /** Free-form and counted as given: `uncaught-exception`, `emit-dropped`, `refused:<edge>`… */
  kind: z.string(),
  message: z.string(),
})
export type FaultSummary = z.infer<typeof FaultSummary>

/** Every fault the core survived since it started, and the last crash file on disk (from any run). */
export const FaultsHealth = z.object({
  total: z.number().int(),
  byKind: z.record(z.string(), z.number().int()),
  byProcess: z.record(z.string(), z.number().int()),
  /** Newest first, capped. */
  recent: z.array(FaultSummary),
  lastCrash: FaultSummary.nullable(),
})
export type FaultsHealth = z.infer<typeof FaultsHealth>

/** What crosses the bridge as `feed:health`: the feeds' health and the faults section. */
export const AppHealth = FeedHealth.extend({ faults: FaultsHealth })
export type AppHealth = z.infer<typeof AppHealth>
