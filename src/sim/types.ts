/** The simulator's public contract (re-exported by index.ts). */
import type { KeyStyle } from '../shared/wire/keys'
import type { MatchPricesWire } from '../shared/wire/odds'
import type { SimSport } from './world/sports'

export interface SimulatorOptions {
  /** 0 = a free port (default 0); always binds 127.0.0.1. */
  port?: number
  /** Default 42. */
  seed?: number
  /** Match-clock acceleration, default 1. */
  speed?: number
  /** Total price updates/s across all live matches (default 200). */
  rate?: number
  /** How many matches are live at start per sport (default 8). */
  liveMatches?: number
  /** Epoch ms the world is built around (default Date.now()); same seed+startTime => same world and same first messages. */
  startTime?: number
  /**
   * Where the world's start is kept, so a restarted simulator resumes the same world, its scores and
   * clocks where the wall clock says they are, instead of a fresh one (world/resume.ts). Ignored when
   * `startTime` is given.
   */
  worldFile?: string
  /** Default 'demo-key'. */
  apiKey?: string
  /**
   * The key styles both services take (shared/wire/keys.ts; default both). Only `marketplace`: a
   * marketplace gateway, where a Bearer header or a stream's token alone is refused (401).
   */
  keyStyles?: readonly KeyStyle[]
  /**
   * The sports the bookmaker has access to (its record's list; other sports' bookmaker routes → 403),
   * default all three. The first is the one `dataBaseUrl` names.
   */
  bookmakerSports?: readonly SimSport[]
  /** All off by default. */
  faults?: FaultOptions
  /** What a live score message's `team` holds (undocumented): `home`/`away` (default), 1/2, the team's id, or "". */
  scoreTeam?: ScoreTeamForm
}

export type ScoreTeamForm = 'home-away' | '1-2' | 'team-id' | 'empty'

export interface FaultOptions {
  /** Close every live connection every N s. */
  dropEverySeconds?: number
  /** 0..1 of stream messages replaced by malformed JSON text. */
  malformedRatio?: number
  /** 0..1 of stream messages of an unknown `type`. */
  unknownKindRatio?: number
  /** 0..1 of stream messages replaced by a hostile one (hostile.ts: wrong types, NaN, prices ≤ 1, `__proto__` keys…). */
  hostileRatio?: number
  /** Every N-th hostile message is a frame over 256 KiB (0 or absent: never). */
  hostileHugeEvery?: number
  /** Delay every HTTP answer. */
  slowMs?: number
  /**
   * Send every odds stream message (heartbeats too) this many ms after its own `ts`: the feed lag
   * a client sees. Order is kept when it changes.
   */
  oddsStreamDelayMs?: number
  /** After every `every` requests, answer `count` requests 429 with Retry-After. */
  burst429?: { every: number; count: number; retryAfterSeconds: number }
  /** 0..1 of HTTP answers replaced by 503. */
  error5xxRatio?: number
  /**
   * Refuse the data service's streams of every event of a type (`/data/{sport}/live/{type}`) with
   * this status, as a service that offers only per-event streams would; per-event streams still work.
   */
  refuseTypeStreams?: 403 | 404
  /**
   * The data streams' WebSocket subprotocol `updates` (field-notes.md). By default the server agrees
   * when a client offers it; `required` refuses (400) a data-stream upgrade that does not offer it,
   * `never` agrees to none, as a server that ignores subprotocols would.
   */
  wsSubprotocol?: 'required' | 'never'
  /**
   * The first `count` messages of every stream of this kind (`updates`, `overrides`, or a data live
   * type: `time`, `score`…) go out unreadable (torn in half), then they parse again: a feed whose
   * words the client does not read for a while.
   */
  unreadable?: { kind: string; count: number }
  /**
   * The first `count` successful JSON answers to GET paths ending with `route` (`/verify`,
   * `/matches`) are `{"unexpected":"shape"}` instead, then the real answers: a REST route whose
   * shape changed for a while (issue 21.2, a route not understood).
   */
  badShape?: { route: string; count: number }
  /**
   * Every stream message and every JSON answer carries the simulator's key (an `echo` field, in
   * the first object of a list): a feed that echoes what it was sent, for the tests that hold what
   * the app keeps of it (the diagnostic bundle) to showing no key.
   */
  echoKey?: boolean
  /** The server's clock runs this many ms ahead of the wall clock (negative: behind): its HTTP `Date` and stream `ts`. */
  clockOffsetMs?: number
}

export interface SimulatorInfo {
  /** The sport `dataBaseUrl` and `wsBaseUrl` name (their last path segment), as Settings.sport. */
  sport: string
  dataBaseUrl: string
  imageBaseUrl: string
  wsBaseUrl: string
  oddsBaseUrl: string
  oddsWsBaseUrl: string
  apiKey: string
  bookmakerId: string
  sports: string[]
}

export interface SimulatorHandle extends SimulatorInfo {
  close(): Promise<void>
  /** For tests and benches, in-process only. */
  control: {
    setFaults(f: FaultOptions): void
    setRate(updatesPerSecond: number): void
    dropConnections(): void
    /** Server truth, same as the REST answer. */
    matchPrices(sport: string, matchId: number): MatchPricesWire
    liveOddsMatchIds(sport: string): number[]
    /** `dataLiveConnections`: open data-service live streams (per-type and per-event), of all `connections`. */
    stats(): { priceMessagesSent: number; connections: number; dataLiveConnections: number }
    /**
     * Faults dealt since start: malformed and unknown-kind stream messages handed to open
     * connections (one per connection), live connections dropped, 429 answers given.
     */
    faultsDelivered(): { malformed: number; unknownKind: number; disconnects: number; answered429: number }
  }
}
