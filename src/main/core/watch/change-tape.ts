/**
 * The newest `capacity` price changes of one patch interval, in a ring, and a count of those
 * pushed beyond them. Under a flood the board's flush waits for the end of a long event-loop turn
 * (hundreds of thousands of changes): a list trimmed only now and then held up to twice the
 * capacity, and every change it held survived the scavenges meanwhile; the ring holds no more
 * than what can ship, and never copies.
 */
import type { PriceChange } from '../../../shared/domain'

export class ChangeTape {
  private ring: PriceChange[] = []
  /** Changes pushed since the last `take`, kept or not. */
  private count = 0

  constructor(private readonly capacity: number) {}

  push(c: PriceChange): void {
    if (this.ring.length < this.capacity) this.ring.push(c)
    else this.ring[this.count % this.capacity] = c
    this.count++
  }

  /** The kept changes, oldest first, and how many were pushed beyond them; the tape starts afresh. */
  take(): { changes: PriceChange[]; dropped: number } {
    const ring = this.ring
    const start = this.count % this.capacity
    const changes = this.count <= this.capacity ? ring : [...ring.slice(start), ...ring.slice(0, start)]
    const dropped = this.count - ring.length
    this.ring = []
    this.count = 0
    return { changes, dropped }
  }
}
