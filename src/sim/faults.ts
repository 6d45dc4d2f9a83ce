/**
 * Fault injection for tests: what the client must survive, switched on per option and drawn
 * from a seeded generator so a failing run can be replayed.
 */
import { Rng } from './rng'
import type { FaultOptions } from './types'

export type HttpFault = { kind: 'none' } | { kind: '429'; retryAfterSeconds: number } | { kind: '503' }

export class Faults {
  private options: FaultOptions = {}
  private requests = 0
  private refusalsLeft = 0
  private unknownKinds = 0

  constructor(private readonly rng: Rng) {}

  set(options: FaultOptions): void {
    this.options = { ...options }
    this.requests = 0
    this.refusalsLeft = 0
  }

  get current(): Readonly<FaultOptions> {
    return this.options
  }

  get slowMs(): number {
    return this.options.slowMs ?? 0
  }

  /** Decides the fate of one REST request (streams are not refused this way: they get drops). */
  nextHttpFault(): HttpFault {
    const burst = this.options.burst429
    if (burst && burst.every > 0) {
      if (this.refusalsLeft > 0) {
        this.refusalsLeft--
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
   * order: the message itself, a malformed stand-in for it, and/or an unknown-kind message sent
   * before it (extra, so the stream's data is not lost to that fault; malformed text replaces).
   */
  streamTexts(text: string): string[] {
    const { malformedRatio = 0, unknownKindRatio = 0 } = this.options
    if (malformedRatio <= 0 && unknownKindRatio <= 0) return [text]
    const out: string[] = []
    if (unknownKindRatio > 0 && this.rng.chance(unknownKindRatio)) {
      out.push(
        JSON.stringify({
          type: `sim_unknown_kind_${++this.unknownKinds % 3}`,
          note: 'fault injection',
          ts: Date.now(),
        }),
      )
    }
    // Cut mid-way: the classic torn frame a client must count and skip, not crash on.
    out.push(
      malformedRatio > 0 && this.rng.chance(malformedRatio) ? `${text.slice(0, Math.max(1, text.length >> 1))}` : text,
    )
    return out
  }
}
