/**
 * The raw frame inspector's core side: while at least one page holds a lease, every live stream's
 * frames are taken as they arrive, scrubbed of keys, cut and sent to the pages in batches.
 *
 * Decisions:
 * - Capture only while open. Keeping the last 2,000 raw frames of every stream at all times would
 *   hold ~100 MB at 50 watched matches for a panel that is mostly closed; so the streams share one
 *   `FrameTapPoint` whose tap is null until a page opens an inspector, and a closed inspector
 *   costs each frame one null check (streams/frame-tap.ts). The panel says it shows frames from
 *   the moment it was opened.
 * - The page holds the rings (2,000 frames per stream), not the core: the core keeps only the
 *   frames of the current batch, sent every BATCH_MS (the tape's refresh rate: nobody reads raw
 *   frames faster), at most MAX_BATCH_FRAMES a batch (40,000 frames/s); the rest are counted as
 *   `skipped` and the panel says so, rather than the bridge carrying more than the page can show.
 * - A frame's text crosses the bridge cut to FRAME_TEXT_CAP characters, with its size in bytes.
 *   Batches go to every page (the router broadcasts); a page without an open inspector does not
 *   listen, and a second open inspector shares the same capture.
 * - Keys never cross: each stream replaces its own token before the tap sees the text, then the
 *   fault path's SecretScrubber (keys seen by the keychain, anything shaped like a credential)
 *   runs over the text and the refusal's words; a stream's address is shown with
 *   `token=[redacted]`.
 * - A lease, renewed by the page every INSPECTOR_RENEW_MS, rather than open/close alone: a page
 *   that is closed or reloaded without saying so stops the capture INSPECTOR_LEASE_MS later.
 */
import {
  FRAME_TEXT_CAP,
  INSPECTOR_LEASE_MS,
  type FrameBatch,
  type InspectorFrame,
  type InspectorStream,
} from '../../../shared/inspector'
import { REDACTED } from '../faults/secret-scrubber'
import type { FrameTap, FrameTapPoint, TappedFrame, TappedStream } from '../streams/frame-tap'

export const BATCH_MS = 250
export const MAX_BATCH_FRAMES = 10_000
/** Open inspectors one core serves at once (a page that churns leases cannot grow the map). */
const MAX_LEASES = 16
/** A credential may straddle the cut: the scrubber reads this much past it first. */
const SCRUB_MARGIN = 512
const DETAIL_CAP = 200

export interface FrameInspectorOptions {
  /** The point every live stream reads (streams/frame-tap.ts). */
  point: FrameTapPoint
  scrub: (text: string) => string
  send: (batch: FrameBatch) => void
  clock?: () => number
}

export class FrameInspector implements FrameTap {
  private readonly leases = new Map<string, number>()
  private frames: InspectorFrame[] = []
  private streams = new Map<string, InspectorStream>()
  private skipped = 0
  private seq = 0
  private timer: NodeJS.Timeout | null = null
  private readonly clock: () => number

  constructor(private readonly o: FrameInspectorOptions) {
    this.clock = o.clock ?? Date.now
  }

  /** A page opened its inspector, or says it still has it open. */
  open(lease: string): void {
    if (!this.leases.has(lease) && this.leases.size >= MAX_LEASES) this.leases.delete(this.soonestToExpire())
    this.leases.set(lease, this.clock() + INSPECTOR_LEASE_MS)
    if (this.o.point.tap === this) return
    this.seq = 0
    this.o.point.tap = this
    this.timer = setInterval(() => this.flush(), BATCH_MS)
    this.timer.unref()
  }

  close(lease: string): void {
    this.leases.delete(lease)
    if (this.leases.size === 0) this.stop()
  }

  get capturing(): boolean {
    return this.o.point.tap === this
  }

  /** Called by every live stream for every frame while capturing. */
  frame(stream: TappedStream, frame: TappedFrame): void {
    if (this.frames.length >= MAX_BATCH_FRAMES) {
      this.skipped++
      return
    }
    if (!this.streams.has(stream.id)) this.streams.set(stream.id, describeStream(stream))
    this.frames.push(this.toFrame(stream, frame))
  }

  stop(): void {
    this.leases.clear()
    if (this.o.point.tap === this) this.o.point.tap = null
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.frames = []
    this.streams.clear()
    this.skipped = 0
  }

  private flush(): void {
    const now = this.clock()
    for (const [lease, expiresAt] of this.leases) if (expiresAt <= now) this.leases.delete(lease)
    if (this.leases.size === 0) {
      this.stop()
      return
    }
    if (this.frames.length === 0 && this.skipped === 0) return
    const batch: FrameBatch = { frames: this.frames, streams: [...this.streams.values()], skipped: this.skipped }
    this.frames = []
    this.streams = new Map()
    this.skipped = 0
    this.o.send(batch)
  }

  private toFrame(stream: TappedStream, frame: TappedFrame): InspectorFrame {
    const text = frame.text === null ? '' : this.o.scrub(frame.text.slice(0, FRAME_TEXT_CAP + SCRUB_MARGIN))
    return {
      seq: ++this.seq,
      at: frame.at,
      stream: stream.id,
      size: frame.size,
      text: text.slice(0, FRAME_TEXT_CAP),
      truncated: frame.text !== null && frame.text.length > FRAME_TEXT_CAP,
      type: stream.service === 'data' ? stream.kind : messageType(frame.json),
      matchId: matchIdOf(frame.json) ?? stream.matchId,
      refused: frame.refused && {
        reason: frame.refused.reason,
        detail: this.o.scrub(frame.refused.detail.slice(0, DETAIL_CAP)),
      },
    }
  }

  private soonestToExpire(): string {
    let soonest: [string, number] | null = null
    for (const entry of this.leases) if (soonest === null || entry[1] < soonest[1]) soonest = entry
    return soonest?.[0] ?? ''
  }
}

/** The stream as the panel names it; its address carries no token, so one is shown redacted. */
function describeStream(stream: TappedStream): InspectorStream {
  const { id, service, kind, transport, url } = stream
  return { id, service, kind, transport, url: `${url}${url.includes('?') ? '&' : '?'}token=${REDACTED}` }
}

function field(json: unknown, name: string): unknown {
  return typeof json === 'object' && json !== null && !Array.isArray(json)
    ? (json as Record<string, unknown>)[name]
    : undefined
}

function messageType(json: unknown): string | null {
  const type = field(json, 'type')
  return typeof type === 'string' ? type.slice(0, 60) : null
}

/** The odds feed names a match `matchId`; the data service `match_id`, sometimes as a string. */
function matchIdOf(json: unknown): number | null {
  const raw = field(json, 'matchId') ?? field(json, 'match_id')
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null
}
