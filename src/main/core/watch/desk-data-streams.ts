/**
 * The data service's live streams for the whole desk: one stream per (sport, live type) carrying
 * every event of that sport (`/live/{type}`), filtered here to the watched matches; opened with
 * the first watched match of a sport, closed with the last. 50 watched matches of one sport take
 * 4 data connections instead of 200 (one per match and type).
 *
 * Where the service refuses a per-type stream (D6 in shared/wire/data-service.ts: both transports
 * answer 403 or 404), that type of that sport falls back to one stream per watched match
 * (`/live/{type}/{event_id}`) for the rest of this engine's life; a feed switch builds a new
 * engine, which asks again.
 */
import { LIVE_DATA_SUBPROTOCOL, LIVE_DATA_TYPES, type LiveDataType } from '../../../shared/wire/data-service'
import type { StreamHealth } from '../../../shared/health'
import type { Decoded, LiveStream, StreamSpec } from '../streams/live-stream'
import { dataStreamAddress, type LiveEndpoints } from '../streams/urls'
import { dataLiveDecoder, type DataLiveUpdate } from './data-live'

/** HTTP answers to a per-type stream that mean "not offered here" (data-service.md Errors, D6). */
const REFUSED_TYPE_STREAM_STATUSES: readonly number[] = [403, 404]

export interface DeskDataStreamsOptions {
  endpoints: LiveEndpoints
  /** Default: every live type. */
  types?: readonly LiveDataType[]
  /** Builds a stream with the engine's token, slots and timing; the caller starts nothing. */
  open(spec: StreamSpec<DataLiveUpdate | null>): LiveStream<unknown>
  /** A live update for a watched match of `sport`. */
  onUpdate(sport: string, update: DataLiveUpdate): void
}

interface SportStreams {
  watched: Set<number>
  /** The per-type streams of every event of the sport. */
  desk: Map<LiveDataType, LiveStream<unknown>>
  /** Per-event streams of the types whose per-type stream was refused, by match. */
  perEvent: Map<number, Array<LiveStream<unknown>>>
}

/**
 * A valid message for a match nobody watches: neither counted nor handed on. An invalid one is
 * counted whatever match it names: the stream we read sent it.
 */
const IGNORED: Decoded<null> = { ok: true, value: null }

export class DeskDataStreams {
  private readonly sports = new Map<string, SportStreams>()
  /** `sport:type` whose per-type stream the service refused (with the status it answered). */
  private readonly refused = new Map<string, number>()
  private readonly types: readonly LiveDataType[]

  constructor(private readonly o: DeskDataStreamsOptions) {
    this.types = o.types ?? LIVE_DATA_TYPES
  }

  watch(sport: string, matchId: number): void {
    let s = this.sports.get(sport)
    if (!s) this.sports.set(sport, (s = { watched: new Set(), desk: new Map(), perEvent: new Map() }))
    if (s.watched.has(matchId)) return
    s.watched.add(matchId)
    for (const type of this.types) {
      if (this.refused.has(`${sport}:${type}`)) this.openPerEvent(sport, s, type, matchId)
      else if (!s.desk.has(type)) this.openDesk(sport, s, type)
    }
  }

  unwatch(sport: string, matchId: number): void {
    const s = this.sports.get(sport)
    if (!s?.watched.delete(matchId)) return
    for (const stream of s.perEvent.get(matchId) ?? []) stream.close()
    s.perEvent.delete(matchId)
    if (s.watched.size > 0) return
    for (const stream of s.desk.values()) stream.close()
    this.sports.delete(sport)
  }

  health(now: number): StreamHealth[] {
    return [...this.sports.values()].flatMap((s) => [
      ...[...s.desk.values()].map((stream) => stream.health(now)),
      ...[...s.perEvent.values()].flat().map((stream) => stream.health(now)),
    ])
  }

  close(): void {
    for (const [sport, s] of [...this.sports]) for (const matchId of [...s.watched]) this.unwatch(sport, matchId)
  }

  private openDesk(sport: string, s: SportStreams, type: LiveDataType): void {
    const stream = this.open(sport, s, type, null, (status) => {
      s.desk.delete(type)
      this.refused.set(`${sport}:${type}`, status)
      for (const matchId of s.watched) this.openPerEvent(sport, s, type, matchId)
    })
    if (stream) s.desk.set(type, stream)
  }

  private openPerEvent(sport: string, s: SportStreams, type: LiveDataType, matchId: number): void {
    const stream = this.open(sport, s, type, matchId)
    if (!stream) return
    const streams = s.perEvent.get(matchId) ?? []
    s.perEvent.set(matchId, [...streams, stream])
  }

  /** A started stream of `type`: of every event (`matchId` null) or of one; null where no address exists. */
  private open(
    sport: string,
    s: SportStreams,
    type: LiveDataType,
    matchId: number | null,
    onAddressRefused?: (status: number) => void,
  ): LiveStream<unknown> | null {
    const address = dataStreamAddress(this.o.endpoints, sport, matchId, type)
    if (!address) return null
    const decode = dataLiveDecoder(type)
    const stream = this.o.open({
      id: `data:${matchId ?? sport}:${type}`,
      service: 'data',
      kind: type,
      matchId,
      sport,
      ...address,
      wsSubprotocol: LIVE_DATA_SUBPROTOCOL,
      decode: (json) => {
        const decoded = decode(json)
        return decoded.ok && !s.watched.has(decoded.value.matchId) ? IGNORED : decoded
      },
      onMessage: (update) => {
        if (update) this.o.onUpdate(sport, update)
      },
      ...(onAddressRefused
        ? { addressRefused: { statuses: REFUSED_TYPE_STREAM_STATUSES, onRefused: onAddressRefused } }
        : {}),
    })
    stream.start()
    return stream
  }
}
