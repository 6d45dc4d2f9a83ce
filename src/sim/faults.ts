/**
 * Fault injection for tests: what the client must survive, switched on per option and drawn
 * from a seeded generator so a failing run can be replayed.
 */
import { hostileFrame, type StreamFault } from './hostile'
import { Rng } from './rng'
import type { FaultOptions } from './types'

/** One text to send on a stream, and which fault it carries (null for the real message). */
export interface StreamText {
  text: string
  fault: StreamFault | null
  /** Close the connection after this text (see HostileFrame). */
  thenClose?: true
}

export type HttpFault = { kind: 'none' } | { kind: '429'; retryAfterSeconds: number } | { kind: '503' }

export class Faults {
  private options: FaultOptions = {}
  private requests = 0
  private refusalsLeft = 0
  private unknownKinds = 0
  private hostile = 0
  /** Messages sent unreadable so far (FaultOptions.unreadable). */
  private unreadableSent = 0
  /** Answers sent in the wrong shape so far (FaultOptions.badShape). */
  private badShapesSent = 0
  /** 429 answers given since start (a test waits for its bursts to have happened). */
  answered429 = 0

  constructor(
    private readonly rng: Rng,
    /** The key the simulator accepts: what `echoKey` puts into its messages. */
    private readonly apiKey = '',
  ) {}

  set(options: FaultOptions): void {
    this.options = { ...options }
    this.requests = 0
    this.refusalsLeft = 0
    this.unreadableSent = 0
    this.badShapesSent = 0
  }

  get current(): Readonly<FaultOptions> {
    return this.options
  }

  get slowMs(): number {
    return this.options.slowMs ?? 0
  }

  /** Whether the delay fault applies to `channel`: the odds feed's streams (channels `odds:…`). */
  delaysChannel(channel: string): boolean {
    return channel.startsWith('odds:')
  }

  get oddsStreamDelayMs(): number {
    return this.options.oddsStreamDelayMs ?? 0
  }

  /**
   * A serialized JSON object, or list of objects, with the key added to the (first) object while
   * `echoKey` is on; anything else as it is.
   */
  echoed(json: string): string {
    if (!this.options.echoKey) return json
    const at = json.startsWith('{') ? 1 : json.startsWith('[{') ? 2 : -1
    if (at < 0 || json[at] === '}') return json
    return `${json.slice(0, at)}"echo":${JSON.stringify(this.apiKey)},${json.slice(at)}`
  }

  /** Whether this successful GET answer goes out in the wrong shape (FaultOptions.badShape); counts it if so. */
  answersBadShape(method: string, path: string): boolean {
    const bad = this.options.badShape
    if (!bad || method !== 'GET' || !path.endsWith(bad.route) || this.badShapesSent >= bad.count) return false
    this.badShapesSent++
    return true
  }

  /** Decides the fate of one REST request (streams are not refused this way: they get drops). */
  nextHttpFault(): HttpFault {
    const burst = this.options.burst429
    if (burst && burst.every > 0) {
      if (this.refusalsLeft > 0) {
        this.refusalsLeft--
        this.answered429++
        return { kind: '429', retryAfterSeconds: burst.retryAfterSeconds }
      }
      this.requests++
      if (this.requests % burst.every === 0) this.refusalsLeft = burst.count
    }
    const ratio = this.options.error5xxRatio ?? 0
    if (ratio > 0 && this.rng.chance(ratio)) return { kind: '503' }
    return { kind: 'none' }
  }

  /**
   * Applies the message faults to one serialized stream message. Returns the texts to send in
   * order: the message itself, a malformed or hostile stand-in for it, and/or an unknown-kind
   * message sent before it (extra, so the stream's data is not lost to that fault; malformed and
   * hostile text replaces). While the unreadable fault lasts, a message on `channel`'s kind of
   * stream is only its torn text.
   */
  streamTexts(message: string, channel: string): StreamText[] {
    const text = this.echoed(message)
    const { malformedRatio = 0, unknownKindRatio = 0, hostileRatio = 0, unreadable } = this.options
    if (unreadable && this.unreadableSent < unreadable.count && channelKind(channel) === unreadable.kind) {
      this.unreadableSent++
      return [torn(text)]
    }
    if (malformedRatio <= 0 && unknownKindRatio <= 0 && hostileRatio <= 0) return [{ text, fault: null }]
    const out: StreamText[] = []
    if (unknownKindRatio > 0 && this.rng.chance(unknownKindRatio)) {
      out.push({
        text: JSON.stringify({
          type: `sim_unknown_kind_${++this.unknownKinds % 3}`,
          note: 'fault injection',
          ts: Date.now(),
        }),
        fault: 'unknown_kind',
      })
    }
    if (hostileRatio > 0 && this.rng.chance(hostileRatio))
      out.push(hostileFrame(text, this.hostile++, this.options.hostileHugeEvery ?? 0))
    else if (malformedRatio > 0 && this.rng.chance(malformedRatio)) out.push(torn(text))
    else out.push({ text, fault: null })
    return out
  }
}

/** Cut mid-way: the classic torn frame a client must count and skip, not crash on. */
function torn(text: string): StreamText {
  return { text: text.slice(0, Math.max(1, text.length >> 1)), fault: 'malformed' }
}

/** The kind of stream a channel feeds: `odds:{sport}:{match}:{kind}`, `data:{sport}:{type}[:{match}]`. */
function channelKind(channel: string): string | undefined {
  const parts = channel.split(':')
  return parts[0] === 'odds' ? parts[3] : parts[2]
}
