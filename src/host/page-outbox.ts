/**
 * What the host sends one page, with a bound on what waits for it. A page that stops reading (a
 * hung tab, a laptop lid, a debugger at a breakpoint) leaves every event the host sends in the
 * socket's write buffer, at 2,000 updates/s tens of megabytes a minute. Past `maxBufferedBytes`
 * the events a page can do without are dropped (each comes again whole, or the page fetches its
 * state afresh), and once the page reads again it is told which with `bridge:dropped`, as for any
 * event main could not send: a board patch is answered by a `board:get`. The rare events (a
 * watchlist or an alert changed) still go. A page that stays blocked for `closeBlockedAfterMs` is
 * closed: its bridge script reconnects and reloads everything once it runs again.
 */
import type { WebSocket } from 'ws'
import type { EventChannel } from '../shared/bridge/channels'
import type { BridgeResult } from '../shared/bridge/result'
import type { HostToPage } from './protocol'

export interface OutboxLimits {
  /** Bytes waiting in the socket above which droppable events are dropped. */
  maxBufferedBytes: number
  /** How long a page may stay above that before it is closed. */
  closeBlockedAfterMs: number
}

/** A megabyte is seconds of board patches at 2,000 updates/s: a page busy for a moment loses nothing. */
export const DEFAULT_OUTBOX_LIMITS: OutboxLimits = { maxBufferedBytes: 1024 * 1024, closeBlockedAfterMs: 60_000 }

/**
 * Events whose loss the page recovers from: a newer one replaces them (health and the heartbeat
 * every second, the inspector's frames are a sample) or, for the board, `bridge:dropped` makes
 * the page fetch the whole board.
 */
const DROPPABLE: ReadonlySet<EventChannel> = new Set([
  'board:patch',
  'feed:health',
  'app:heartbeat',
  'inspector:frames',
])

const UNREAD_ANSWERS: BridgeResult<never> = {
  ok: false,
  error: { code: 'not_available', message: 'not answered: this page has not read the answers it already has' },
}

export class PageOutbox {
  private blockedSince: number | null = null
  private readonly dropped = new Set<EventChannel>()

  constructor(
    private readonly ws: WebSocket,
    private readonly limits: OutboxLimits,
    /** Where the outbox says what it refused or closed (counted through the core's fault door). */
    private readonly report: (kind: 'refused:bridge' | 'page-closed-blocked', message: string) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  /** An event (or the host's own `notify`), as text built once for every page. */
  sendEvent(channel: EventChannel | 'notify', text: string): void {
    if (this.isBehind()) {
      if (channel !== 'notify' && DROPPABLE.has(channel)) return void this.dropped.add(channel)
    } else {
      this.tellDropped()
    }
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(text)
  }

  /**
   * Answers the page's own request with what `work` resolves to. A page that asks while it leaves
   * earlier answers unread (a hostile one asking for the whole board in a loop) gets a short
   * refusal instead, and the work is not done: whole answers would pile up like events.
   */
  async answer(id: number, work: () => Promise<BridgeResult<unknown>>): Promise<void> {
    const result = this.isBehind() ? UNREAD_ANSWERS : await work()
    const refused = result === UNREAD_ANSWERS || this.isBehind()
    if (refused) this.report('refused:bridge', `bridge request refused: ${this.ws.bufferedAmount} bytes wait unread`)
    const message: HostToPage = { id, result: refused ? UNREAD_ANSWERS : result }
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message))
  }

  /**
   * True while more than the bound waits for the page (the host then need not even work out an
   * answer: it would be refused); closes the page (and says so) once it has been for too long.
   */
  isBehind(): boolean {
    if (this.ws.readyState !== this.ws.OPEN) return true
    if (this.ws.bufferedAmount <= this.limits.maxBufferedBytes) {
      this.blockedSince = null
      return false
    }
    const now = this.clock()
    this.blockedSince ??= now
    if (now - this.blockedSince >= this.limits.closeBlockedAfterMs) this.closeBlocked(now - this.blockedSince)
    return true
  }

  private tellDropped(): void {
    for (const channel of this.dropped) {
      const message: HostToPage = { event: 'bridge:dropped', payload: { channel } }
      this.ws.send(JSON.stringify(message))
    }
    this.dropped.clear()
  }

  private closeBlocked(blockedMs: number): void {
    // terminate, not close: a close handshake would wait behind the very bytes the page is not reading.
    this.ws.terminate()
    const seconds = Math.round(blockedMs / 1000)
    this.report(
      'page-closed-blocked',
      `closed a page that read nothing for ${seconds} s; it reconnects when it runs again`,
    )
  }
}
