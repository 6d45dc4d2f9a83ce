/**
 * Messages per second over whole one-second windows: counting is one increment per message
 * (the hot path), the division happens only when a window closes.
 */
export class RateMeter {
  private windowStart: number
  private count = 0
  private lastRate = 0

  constructor(
    now: number,
    private readonly windowMs = 1000,
  ) {
    this.windowStart = now
  }

  add(now: number): void {
    if (now - this.windowStart >= this.windowMs) this.roll(now)
    this.count++
  }

  /** Rate of the last complete window; 0 once a full window has passed without messages. */
  perSecond(now: number): number {
    if (now - this.windowStart >= this.windowMs) this.roll(now)
    return this.lastRate
  }

  private roll(now: number): void {
    const elapsed = now - this.windowStart
    // A window that ran long because nothing arrived counts as quiet, not as a slow average.
    this.lastRate = elapsed >= 2 * this.windowMs ? 0 : (this.count * 1000) / elapsed
    this.windowStart = now
    this.count = 0
  }
}
