/**
 * The bridge router: the one place where input from a renderer meets the core. It checks the
 * sender, parses input with the contract, runs the handler and answers a BridgeResult; it
 * validates every event payload before any transport sends it. Transports (Electron IPC, the
 * headless host's WebSocket) only move bytes; they know nothing of channels or schemas.
 */
import type { z } from 'zod'
import { EVENT_CHANNELS, INVOKE_CHANNELS, type EventChannel, type InvokeChannel } from '../../../shared/bridge/channels'
import { eventContract, invokeContract, type EventPayload, type InvokeOutput } from '../../../shared/bridge/contract'
import { BridgeFailure, type BridgeErrorCode, type BridgeResult } from '../../../shared/bridge/result'
import { issueAt, issueInWords } from '../../../shared/issue-words'

export interface Sender {
  /** URL of the frame that sent the request (Electron senderFrame.url, or the WebSocket's Origin). */
  url: string
}

export type Handler<C extends InvokeChannel> = (
  input: z.output<(typeof invokeContract)[C]['input']>,
  sender: Sender,
) => InvokeOutput<C> | Promise<InvokeOutput<C>>

export type EventSink = (channel: EventChannel, payload: unknown) => void

export interface BridgeRouterOptions {
  isTrustedSender: (url: string) => boolean
  /** Where handler crashes are reported (their text never crosses the bridge). */
  onHandlerError?: (channel: string, error: unknown) => void
  /** A request refused before any handler saw it (unknown channel, input outside the contract). */
  onRefused?: (channel: string, message: string) => void
  /**
   * Check every event payload against the contract before it leaves (default true: tests, dev).
   * Every emitter is core code typed against the contract, so a shipped app may trust them: the
   * check of a board patch costs 0.2–3 ms of main thread per patch, 60 times a second.
   */
  checkEvents?: boolean
  /** Where a dropped event is reported: a payload outside its schema, or a transport that threw. */
  onEmitDropped?: (channel: EventChannel, reason: string, error: unknown) => void
}

const invokeChannelSet: ReadonlySet<string> = new Set(INVOKE_CHANNELS)
const eventChannelSet: ReadonlySet<string> = new Set(EVENT_CHANNELS)

export function isInvokeChannel(channel: string): channel is InvokeChannel {
  return invokeChannelSet.has(channel)
}

export class BridgeRouter {
  private readonly handlers = new Map<InvokeChannel, Handler<InvokeChannel>>()
  private readonly sinks = new Set<EventSink>()

  constructor(private readonly options: BridgeRouterOptions) {}

  handle<C extends InvokeChannel>(channel: C, handler: Handler<C>): void {
    if (this.handlers.has(channel)) throw new Error(`bridge channel ${channel} already has a handler`)
    this.handlers.set(channel, handler as unknown as Handler<InvokeChannel>)
  }

  async dispatch(channel: string, rawInput: unknown, sender: Sender): Promise<BridgeResult<unknown>> {
    if (!this.options.isTrustedSender(sender.url)) {
      return fail('forbidden_sender', 'request refused: it did not come from the app')
    }
    if (!isInvokeChannel(channel))
      return this.refuse('unknown_channel', String(channel).slice(0, 80), 'unknown channel')
    const handler = this.handlers.get(channel)
    if (!handler) return fail('not_available', `channel "${channel}" is not served by this host`)
    const spec = invokeContract[channel]
    const input = spec.input.safeParse(rawInput, { error: issueInWords })
    if (!input.success) return this.refuse('invalid_input', channel, describeIssues(input.error))
    try {
      const value = await handler(input.data, sender)
      const output = spec.output.safeParse(value)
      if (!output.success) {
        this.options.onHandlerError?.(channel, output.error)
        return fail('invalid_output', `channel "${channel}" produced an answer outside its contract`)
      }
      return { ok: true, value: output.data }
    } catch (error) {
      if (error instanceof BridgeFailure) return fail(error.code, error.message)
      this.options.onHandlerError?.(channel, error)
      return fail('internal', `channel "${channel}" failed; see the log`)
    }
  }

  private refuse(code: 'unknown_channel' | 'invalid_input', channel: string, message: string): BridgeResult<never> {
    this.options.onRefused?.(channel, message)
    return fail(code, code === 'unknown_channel' ? `unknown channel "${channel}"` : message)
  }

  /**
   * Sends an event to every transport, after validating it. A bad payload is a bug in main, but it
   * must not end the process (emits run in timers, where a throw is uncaught): it is dropped and
   * reported, and the pages are told with `bridge:dropped` so they fetch that state afresh.
   */
  emit<C extends EventChannel>(channel: C, payload: EventPayload<C>): void {
    // A trusting host (a shipped app) sends core-built payloads as built; see `checkEvents`.
    const parsed =
      this.options.checkEvents === false
        ? { success: true as const, data: payload }
        : eventContract[channel].safeParse(payload)
    if (!parsed.success) {
      this.options.onEmitDropped?.(channel, `outside its schema: ${describeIssues(parsed.error)}`, parsed.error)
      if (channel !== 'bridge:dropped') this.emit('bridge:dropped', { channel })
      return
    }
    for (const sink of this.sinks) {
      try {
        sink(channel, parsed.data)
      } catch (error) {
        // One transport failing (a socket gone mid-send) must not keep the event from the others.
        this.options.onEmitDropped?.(channel, 'a transport failed to send it', error)
      }
    }
  }

  /** Registers a transport's event sender; returns the function that removes it. */
  addSink(sink: EventSink): () => void {
    this.sinks.add(sink)
    return () => this.sinks.delete(sink)
  }
}

export function isEventChannel(channel: string): channel is EventChannel {
  return eventChannelSet.has(channel)
}

function fail(code: BridgeErrorCode, message: string): BridgeResult<never> {
  return { ok: false, error: { code, message } }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.slice(0, 5).map(issueAt).join('; ')
}
