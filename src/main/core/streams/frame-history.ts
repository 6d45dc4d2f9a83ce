/**
 * The last frames of every live stream, kept at all times for the diagnostic bundle (issue 21.3:
 * the first real user must be able to show us what their feed sends, after the fact). Unlike the
 * frame inspector's capture (frame-tap.ts), which holds 2,000 frames per stream only while a page
 * has it open, this keeps FRAMES_KEPT per stream always, so it is small and cheap:
 *
 * - A frame is kept as the string that arrived (no copy, no scrub, no byte count on the hot path:
 *   the bundle scrubs when it is written); a longer frame keeps a copy of a little more than its
 *   first TEXT_CAP characters (kept-text.ts), so a hostile feed of 256 KiB frames cannot hold more
 *   than about FRAMES_KEPT × TEXT_CAP characters per stream.
 * - A stream's ring is found by its id and outlives the stream (the frames of a stream that just
 *   closed are often the interesting ones); at most MAX_STREAMS rings are kept, the oldest go.
 */
import { FRAME_TEXT_CAP } from '../../../shared/inspector'
import type { FeedService } from '../../../shared/health'
import { keptText } from '../diagnostics/kept-text'

export const FRAMES_KEPT = 50
/** Characters of a frame the bundle shows (kept-text.ts keeps a little more, for the scrub). */
export const TEXT_CAP = FRAME_TEXT_CAP
const MAX_STREAMS = 500

export interface HistoryStream {
  id: string
  service: FeedService
  kind: string
  matchId: number | null
  /** Its WebSocket address, without the token. */
  url: string
}

export interface KeptFrame {
  at: number
  /** Characters as it arrived (null: refused before it became text). */
  length: number | null
  /** The text as it arrived, cut a little past TEXT_CAP (kept-text.ts); keys NOT yet replaced. */
  text: string | null
  /** Why it was refused, in words (null: it was read). */
  refused: string | null
}

/** One stream's last FRAMES_KEPT frames, in columns: a frame kept allocates nothing of its own. */
export class RecentFrames {
  private readonly texts = new Array<string | null>(FRAMES_KEPT).fill(null)
  private readonly refusals = new Array<string | null>(FRAMES_KEPT).fill(null)
  private readonly ats = new Float64Array(FRAMES_KEPT)
  /** -1: refused before it became text. */
  private readonly lengths = new Int32Array(FRAMES_KEPT)
  private next = 0
  private count = 0

  add(text: string | null, at: number, refused: string | null): void {
    const i = this.next
    this.texts[i] = text === null ? null : keptText(text, TEXT_CAP)
    this.refusals[i] = refused
    this.ats[i] = at
    this.lengths[i] = text === null ? -1 : text.length
    this.next = (i + 1) % FRAMES_KEPT
    if (this.count < FRAMES_KEPT) this.count++
  }

  /** Oldest first. */
  list(): KeptFrame[] {
    const out: KeptFrame[] = []
    for (let n = this.count; n > 0; n--) {
      const i = (this.next - n + FRAMES_KEPT) % FRAMES_KEPT
      const length = this.lengths[i] as number
      out.push({
        at: this.ats[i] as number,
        length: length < 0 ? null : length,
        text: this.texts[i] ?? null,
        refused: this.refusals[i] ?? null,
      })
    }
    return out
  }
}

export class FrameHistory {
  private readonly rings = new Map<string, { stream: HistoryStream; frames: RecentFrames }>()

  /** The ring a stream writes to: its earlier one when a stream of that id ran before. */
  ring(stream: HistoryStream): RecentFrames {
    const known = this.rings.get(stream.id)
    if (known) {
      known.stream = stream
      return known.frames
    }
    if (this.rings.size >= MAX_STREAMS) this.rings.delete(this.rings.keys().next().value as string)
    const frames = new RecentFrames()
    this.rings.set(stream.id, { stream, frames })
    return frames
  }

  /** Every stream with the frames it kept, oldest first. */
  snapshot(): Array<{ stream: HistoryStream; frames: KeptFrame[] }> {
    return [...this.rings.values()].map(({ stream, frames }) => ({ stream, frames: frames.list() }))
  }
}
