/**
 * The per-match rule that makes the board converge to the server: after every connect, reconnect
 * or sequence gap, deltas are held back until the REST snapshot has been applied; then those the
 * snapshot already contains (seq ≤ snapshot seq) are dropped and the rest applied in order. A gap
 * anywhere (a lost message) starts the cycle again. Seq semantics: odds.ts A5.
 *
 * The held deltas applied after the snapshot are part of the resync (ARCHITECTURE.md, "Deltas held
 * during a resync are part of it"): they keep their receive times, which are earlier than the
 * snapshot's arrival, so no comparison of them is a move anyone saw; the engine applies them as
 * resyncs (price-book.ts) and stamps the snapshot with the time it was asked for, before them all.
 */
export interface Sequenced {
  seq: number
}

/** Far beyond any honest wait for a snapshot; past it the oldest deltas go and a gap is detected. */
const MAX_BUFFERED = 50_000

export type Offer = 'apply' | 'held' | 'duplicate' | 'gap'

/** A held delta keeps its receive time: ticks report when they arrived, not when they applied. */
export interface Held<M> {
  message: M
  receivedAt: number
}

export class SnapshotSync<M extends Sequenced> {
  private syncing = true
  private lastSeq: number | null = null
  private held: Array<Held<M>> = []

  get isSyncing(): boolean {
    return this.syncing
  }

  /** A (re)connect or a gap: hold deltas until `complete`. Deltas already held stay held. */
  begin(): void {
    this.syncing = true
  }

  /**
   * What to do with one delta. 'gap' means one was lost: the delta is held and the caller must
   * fetch a snapshot (the sync is already back in the holding state).
   */
  offer(message: M, receivedAt: number): Offer {
    if (this.syncing) {
      this.hold(message, receivedAt)
      return 'held'
    }
    if (this.lastSeq !== null && message.seq <= this.lastSeq) return 'duplicate'
    if (this.lastSeq !== null && message.seq > this.lastSeq + 1) {
      this.syncing = true
      this.hold(message, receivedAt)
      return 'gap'
    }
    this.lastSeq = message.seq
    return 'apply'
  }

  /**
   * The snapshot (current to `snapshotSeq`, when the server says) has been applied. Returns the held
   * deltas to apply now, or 'gap' when the first of them is beyond the snapshot's next seq
   * (something between them was lost: fetch again, the held deltas stay held).
   */
  complete(snapshotSeq: number | undefined): Array<Held<M>> | 'gap' {
    const pending = snapshotSeq === undefined ? this.held : this.held.filter((h) => h.message.seq > snapshotSeq)
    pending.sort((a, b) => a.message.seq - b.message.seq)
    let expected = snapshotSeq
    const apply: Array<Held<M>> = []
    for (const h of pending) {
      const m = h.message
      if (expected !== undefined && m.seq <= expected) continue // a duplicate inside the buffer
      if (expected !== undefined && m.seq > expected + 1) {
        this.held = pending.slice(pending.indexOf(h))
        return 'gap'
      }
      apply.push(h)
      expected = m.seq
    }
    this.held = []
    this.syncing = false
    this.lastSeq = expected ?? null
    return apply
  }

  private hold(message: M, receivedAt: number): void {
    if (this.held.length >= MAX_BUFFERED) this.held.splice(0, MAX_BUFFERED / 2)
    this.held.push({ message, receivedAt })
  }
}
