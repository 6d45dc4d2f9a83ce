/**
 * Where a live stream hands its raw frames to the frame inspector. Every stream holds the same
 * `FrameTapPoint`; its `tap` is null unless an inspector is open, so a closed inspector costs one
 * property read and one null check per frame, and nothing is kept.
 */
import type { FeedService, StreamTransport } from '../../../shared/health'

export interface TappedStream {
  id: string
  service: FeedService
  kind: string
  /** The match the stream is for (null where a stream carries every match: the data service's per-type streams). */
  matchId: number | null
  transport: StreamTransport
  /** The address read, without its token. */
  url: string
}

export interface TappedFrame {
  /** The text as it arrived with the stream's own token replaced (null: refused before it became text). */
  text: string | null
  /** Bytes as it arrived (null when not known: refused before it became text). */
  size: number | null
  /** The parsed JSON (undefined when it did not parse). */
  json: unknown
  refused: { reason: 'malformed' | 'unknown_kind'; detail: string } | null
  at: number
}

export interface FrameTap {
  frame(stream: TappedStream, frame: TappedFrame): void
}

export interface FrameTapPoint {
  tap: FrameTap | null
}
