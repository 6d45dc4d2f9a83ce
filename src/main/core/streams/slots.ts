/**
 * A bound on concurrent connections: a holder asks for a slot and is called back when one is
 * free (first come, first served). The returned function gives the slot back, or withdraws the
 * request if it is still waiting, so one call fits every exit path.
 */
export class SlotQueue {
  private inUse = 0
  private readonly waiting: Array<{ grant: () => void }> = []

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer')
  }

  get used(): number {
    return this.inUse
  }

  get queued(): number {
    return this.waiting.length
  }

  request(grant: () => void): () => void {
    const entry = { grant }
    let state: 'waiting' | 'held' | 'done' = 'waiting'
    entry.grant = () => {
      state = 'held'
      grant()
    }
    if (this.inUse < this.capacity) {
      this.inUse++
      entry.grant()
    } else {
      this.waiting.push(entry)
    }
    return () => {
      if (state === 'waiting') {
        const at = this.waiting.indexOf(entry)
        if (at >= 0) this.waiting.splice(at, 1)
      } else if (state === 'held') {
        this.handOn()
      }
      state = 'done'
    }
  }

  /** A slot came free: give it to the longest waiter, or count it free. */
  private handOn(): void {
    const next = this.waiting.shift()
    if (next) next.grant()
    else this.inUse--
  }
}
