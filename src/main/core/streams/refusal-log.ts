/**
 * The log line for refused stream messages. They are counted per stream in the health model; the
 * log says what was refused, at most once per stream and reason every `everyMs`, with how many
 * were held back: a feed sending 1 % garbage at 2,000 messages/s must not flood the log.
 */
export class RefusalLog {
  private readonly last = new Map<string, { at: number; heldBack: number }>()

  constructor(
    private readonly write: (line: string) => void,
    private readonly everyMs = 10_000,
    private readonly clock: () => number = Date.now,
  ) {}

  refused(streamId: string, reason: 'malformed' | 'unknown_kind', detail: string): void {
    const key = `${streamId} ${reason}`
    const now = this.clock()
    const seen = this.last.get(key)
    if (seen && now - seen.at < this.everyMs) {
      seen.heldBack++
      return
    }
    const more = seen && seen.heldBack > 0 ? ` (and ${seen.heldBack} more since the last line)` : ''
    this.write(
      `stream ${streamId} refused ${reason === 'malformed' ? 'a malformed' : 'an unknown-kind'} message: ${detail}${more}`,
    )
    this.last.set(key, { at: now, heldBack: 0 })
  }
}
