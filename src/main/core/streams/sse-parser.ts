/**
 * A minimal text/event-stream reader: only `data:` fields matter to the feeds (every message is
 * one JSON value), so `event:`, `id:` and `retry:` are ignored and `:` comment lines (keep-alives)
 * are skipped. Multi-line data is joined with "\n" as the EventSource standard says.
 *
 * An event (or a line still waiting for its end) longer than `maxEventChars` is dropped whole and
 * reported once: a server that never sends a newline must not grow this buffer without end.
 */
export interface SseParserOptions {
  maxEventChars: number
  /** An event was dropped for its size. */
  onOversize(): void
}

export class SseParser {
  private pending = ''
  private data: string[] = []
  private dataChars = 0
  /** Dropping the rest of an oversize event, up to its blank line. */
  private skipping = false

  constructor(
    private readonly onData: (data: string) => void,
    private readonly limits: SseParserOptions = { maxEventChars: Number.POSITIVE_INFINITY, onOversize: () => {} },
  ) {}

  /** Feed decoded text in any chunking; complete events are dispatched as they end. */
  push(chunk: string): void {
    this.pending += chunk
    let start = 0
    for (;;) {
      const nl = this.pending.indexOf('\n', start)
      if (nl < 0) break
      const end = nl > start && this.pending.charCodeAt(nl - 1) === 13 ? nl - 1 : nl
      this.line(this.pending.slice(start, end))
      start = nl + 1
    }
    this.pending = this.pending.slice(start)
    if (this.pending.length + this.dataChars > this.limits.maxEventChars) {
      this.pending = ''
      this.drop()
    }
  }

  private drop(): void {
    this.data = []
    this.dataChars = 0
    if (!this.skipping) this.limits.onOversize()
    this.skipping = true
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) {
        const data = this.data.join('\n')
        this.data = []
        this.dataChars = 0
        this.onData(data)
      }
      this.skipping = false
      return
    }
    if (this.skipping || line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    if (field !== 'data') return
    let value = colon < 0 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    this.data.push(value)
    this.dataChars += value.length + 1
    if (this.dataChars > this.limits.maxEventChars) this.drop()
  }
}
