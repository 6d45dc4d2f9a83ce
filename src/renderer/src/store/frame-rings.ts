/**
 * The frame inspector's memory: the last FRAMES_PER_STREAM frames of every stream, in the order
 * they arrived across streams, and what the filters offer (the matches and types seen). It lives
 * as long as the panel is open and is dropped with it.
 *
 * Frames sit in one arrival-ordered list; each stream also queues its own, so when a stream passes
 * its limit its oldest frame is found at once and marked gone. Marked frames are skipped when read
 * and swept out once they are half the list, so adding stays cheap whatever the number of streams.
 */
import {
  FRAMES_PER_STREAM,
  type FrameBatch,
  type InspectorFrame,
  type InspectorStream,
} from '../../../shared/inspector'

export type TypeFilter = { kind: 'all' } | { kind: 'refused' } | { kind: 'type'; type: string }

export interface FrameFilter {
  /** One stream's frames only (null: every stream's). */
  stream?: string | null
  matchId: number | null
  type: TypeFilter
}

interface StreamQueue {
  frames: InspectorFrame[]
  head: number
}

export class FrameRings {
  private order: InspectorFrame[] = []
  private gone = new WeakSet<InspectorFrame>()
  private goneCount = 0
  private readonly queues = new Map<string, StreamQueue>()
  readonly streams = new Map<string, InspectorStream>()
  readonly types = new Set<string>()
  readonly matchIds = new Set<number>()
  /** Frames received since the panel opened, kept or not. */
  received = 0
  /** Frames the core did not pass on (more arrived than the inspector carries). */
  skipped = 0

  constructor(private readonly perStream = FRAMES_PER_STREAM) {}

  get size(): number {
    return this.order.length - this.goneCount
  }

  add(batch: FrameBatch): void {
    for (const stream of batch.streams) this.streams.set(stream.id, stream)
    this.skipped += batch.skipped
    for (const frame of batch.frames) this.push(frame)
    if (this.goneCount > this.order.length / 2) this.sweep()
  }

  /** The frames that pass `filter`, newest first. */
  view(filter: FrameFilter): InspectorFrame[] {
    const out: InspectorFrame[] = []
    for (let i = this.order.length - 1; i >= 0; i--) {
      const frame = this.order[i] as InspectorFrame
      if (!this.gone.has(frame) && passes(frame, filter)) out.push(frame)
    }
    return out
  }

  private push(frame: InspectorFrame): void {
    this.received++
    this.order.push(frame)
    if (frame.type !== null) this.types.add(frame.type)
    if (frame.matchId !== null) this.matchIds.add(frame.matchId)
    let queue = this.queues.get(frame.stream)
    if (!queue) this.queues.set(frame.stream, (queue = { frames: [], head: 0 }))
    queue.frames.push(frame)
    if (queue.frames.length - queue.head > this.perStream) {
      this.gone.add(queue.frames[queue.head++] as InspectorFrame)
      this.goneCount++
      if (queue.head >= this.perStream) {
        queue.frames = queue.frames.slice(queue.head)
        queue.head = 0
      }
    }
  }

  private sweep(): void {
    this.order = this.order.filter((frame) => !this.gone.has(frame))
    this.gone = new WeakSet()
    this.goneCount = 0
  }
}

export function passes(frame: InspectorFrame, { stream, matchId, type }: FrameFilter): boolean {
  if (stream && frame.stream !== stream) return false
  if (matchId !== null && frame.matchId !== matchId) return false
  if (type.kind === 'refused') return frame.refused !== null
  if (type.kind === 'type') return frame.type === type.type
  return true
}
