/**
 * The raw frame inspector's shapes on the bridge: the lease a page holds while its inspector is
 * open, and the batches of frames the core sends it. The core captures nothing while no lease is
 * held (src/main/core/inspector/frame-inspector.ts says why and how); the page keeps the rings
 * (src/renderer/src/store/frame-rings.ts).
 */
import { z } from 'zod'
import { FeedService, StreamTransport } from './health'

/** Frames the page keeps per stream, newest last. */
export const FRAMES_PER_STREAM = 2000
/** Characters of a frame's text that cross the bridge; `size` still says how big the frame was. */
export const FRAME_TEXT_CAP = 4096
/** A page renews its lease this often while its inspector is open… */
export const INSPECTOR_RENEW_MS = 5000
/** …and the core stops capturing this long after the last renewal (a page closed without saying so). */
export const INSPECTOR_LEASE_MS = 15_000

/** A page's own name for its open inspector: several windows may each have one open. */
export const InspectorLease = z.strictObject({ lease: z.string().regex(/^[A-Za-z0-9-]{8,64}$/) })
export type InspectorLease = z.infer<typeof InspectorLease>

export const FrameRefusal = z.object({
  reason: z.enum(['malformed', 'unknown_kind']),
  /** Why, in words (scrubbed, at most 200 characters). */
  detail: z.string(),
})
export type FrameRefusal = z.infer<typeof FrameRefusal>

export const InspectorFrame = z.object({
  /** Arrival order across every stream, from the core (restarts at 1 when a capture starts). */
  seq: z.number().int(),
  /** Receipt time, epoch ms. */
  at: z.number(),
  /** The stream's id (`odds:1234:updates`); its address is in the batch's `streams`. */
  stream: z.string(),
  /** Bytes of the frame as it arrived (null when it was refused before it became text). */
  size: z.number().int().nullable(),
  /** The frame's text, keys and tokens replaced, cut to FRAME_TEXT_CAP characters. */
  text: z.string(),
  truncated: z.boolean(),
  /** The message's `type` on the odds feed; the stream's type (score, time…) on the data service. */
  type: z.string().nullable(),
  /** The match the message names (or the stream's match); null when neither says. */
  matchId: z.number().int().nullable(),
  /** Set when the stream refused the frame: it was counted and skipped, never applied. */
  refused: FrameRefusal.nullable(),
})
export type InspectorFrame = z.infer<typeof InspectorFrame>

export const InspectorStream = z.object({
  id: z.string(),
  service: FeedService,
  kind: z.string(),
  transport: StreamTransport,
  /** The address the stream reads, its token shown as `[redacted]`. */
  url: z.string(),
})
export type InspectorStream = z.infer<typeof InspectorStream>

export const FrameBatch = z.object({
  frames: z.array(InspectorFrame),
  /** The streams the frames came from, as they are now. */
  streams: z.array(InspectorStream),
  /** Frames not sent since the last batch: more arrived than the inspector passes on (see the core). */
  skipped: z.number().int(),
})
export type FrameBatch = z.infer<typeof FrameBatch>
