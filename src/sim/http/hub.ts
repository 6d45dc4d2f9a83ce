/**
 * Fan-out of live messages to subscribers. A message is serialized once by its producer and the
 * same string goes to every subscriber of the channel (the whole point at 20k messages/s).
 */
import type { Faults } from '../faults'
import { DelayLine } from './delay-line'

/** One live connection, whatever its transport (WebSocket or event stream). */
export interface Sink {
  /** False when the connection could not take it (closing, or too far behind). */
  send(text: string): boolean
  close(): void
}

export class Hub {
  private readonly channels = new Map<string, Set<Sink>>()
  private readonly sinks = new Set<Sink>()
  /** Faulty messages handed to a connection, so a test can hold a client's counts to them. */
  readonly delivered = { malformed: 0, unknownKind: 0, disconnects: 0 }
  /** Messages the delay fault holds back (FaultOptions.oddsStreamDelayMs). */
  private readonly late = new DelayLine()

  constructor(private readonly faults: Faults) {}

  subscribe(channels: readonly string[], sink: Sink): () => void {
    this.sinks.add(sink)
    for (const channel of channels) {
      let set = this.channels.get(channel)
      if (!set) this.channels.set(channel, (set = new Set()))
      set.add(sink)
    }
    return () => {
      this.sinks.delete(sink)
      for (const channel of channels) {
        const set = this.channels.get(channel)
        set?.delete(sink)
        if (set?.size === 0) this.channels.delete(channel)
      }
    }
  }

  /** Producers check this before building a message nobody will read. */
  has(channel: string): boolean {
    return this.channels.has(channel)
  }

  publish(channel: string, text: string): void {
    if (!this.holdsBack(channel)) this.deliver(channel, text)
    // Queued only when somebody listens now: producers publish without asking `has`.
    else if (this.channels.has(channel))
      this.late.push(this.faults.oddsStreamDelayMs, () => this.deliver(channel, text))
  }

  /** Sends to every subscriber of every channel whose name starts with `prefix` (heartbeats). */
  broadcast(prefix: string, text: string): void {
    if (!this.holdsBack(prefix)) this.deliverToAll(prefix, text)
    else this.late.push(this.faults.oddsStreamDelayMs, () => this.deliverToAll(prefix, text))
  }

  get connections(): number {
    return this.sinks.size
  }

  /** Open connections subscribed to a channel whose name starts with `prefix`. */
  connectionsOn(prefix: string): number {
    return this.sinksOn(prefix).size
  }

  dropAll(): void {
    this.delivered.disconnects += this.sinks.size
    for (const sink of [...this.sinks]) sink.close()
  }

  close(): void {
    this.late.close()
  }

  /**
   * Whether the channel's messages go out late, or must wait behind earlier ones still held (so
   * order holds when the delay is lowered). Subscribers are looked up when a held send goes out.
   * Asked per message: no closure is built unless the answer is yes.
   */
  private holdsBack(channel: string): boolean {
    return this.faults.delaysChannel(channel) && (this.faults.oddsStreamDelayMs > 0 || this.late.busy)
  }

  private deliver(channel: string, text: string): void {
    const set = this.channels.get(channel)
    if (!set) return
    for (const out of this.faults.streamTexts(text, channel)) {
      for (const sink of [...set]) {
        const sent = sink.send(out.text)
        if (out.thenClose) sink.close()
        if (!sent || out.fault === null) continue
        if (out.fault === 'malformed') this.delivered.malformed++
        else this.delivered.unknownKind++
      }
    }
  }

  private deliverToAll(prefix: string, text: string): void {
    for (const sink of this.sinksOn(prefix)) sink.send(text)
  }

  /** Each sink subscribed to a channel whose name starts with `prefix`, once. */
  private sinksOn(prefix: string): Set<Sink> {
    const sinks = new Set<Sink>()
    for (const [channel, set] of this.channels) if (channel.startsWith(prefix)) for (const sink of set) sinks.add(sink)
    return sinks
  }
}
