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
    if (!this.channels.has(channel)) return
    if (!this.holdBack(channel, () => this.deliver(channel, text))) this.deliver(channel, text)
  }

  /** Sends to every subscriber of every channel whose name starts with `prefix` (heartbeats). */
  broadcast(prefix: string, text: string): void {
    if (!this.holdBack(prefix, () => this.deliverToAll(prefix, text))) this.deliverToAll(prefix, text)
  }

  get connections(): number {
    return this.sinks.size
  }

  /** Open connections subscribed to a channel whose name starts with `prefix`. */
  connectionsOn(prefix: string): number {
    const seen = new Set<Sink>()
    for (const [channel, set] of this.channels) if (channel.startsWith(prefix)) for (const sink of set) seen.add(sink)
    return seen.size
  }

  dropAll(): void {
    this.delivered.disconnects += this.sinks.size
    for (const sink of [...this.sinks]) sink.close()
  }

  close(): void {
    this.late.close()
  }

  /**
   * Queues `send` when the channel's messages go out late, or while earlier ones still wait (so
   * order holds when the delay is lowered). False: send now. Subscribers are looked up at send time.
   */
  private holdBack(channel: string, send: () => void): boolean {
    if (!this.faults.delaysChannel(channel)) return false
    const delayMs = this.faults.oddsStreamDelayMs
    if (delayMs <= 0 && !this.late.busy) return false
    this.late.push(delayMs, send)
    return true
  }

  private deliver(channel: string, text: string): void {
    const set = this.channels.get(channel)
    if (!set) return
    for (const out of this.faults.streamTexts(text)) {
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
    const seen = new Set<Sink>()
    for (const [channel, set] of this.channels) {
      if (!channel.startsWith(prefix)) continue
      for (const sink of set) {
        if (seen.has(sink)) continue
        seen.add(sink)
        sink.send(text)
      }
    }
  }
}
