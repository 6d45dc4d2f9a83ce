/** Helpers for the simulator's own tests: real requests and real stream clients over loopback. */
import { WebSocket } from 'ws'
import { SseParser } from '../main/core/streams/sse-parser'
import { waitUntil } from '../test-support/wait'
import type { SimulatorHandle } from './types'

export async function getJson(
  url: string,
  key?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(url, { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON (a PNG, a plain text error): the caller asserts on the raw text.
  }
  return { status: res.status, body, headers: res.headers }
}

export async function sendJson(
  method: string,
  url: string,
  key: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as unknown }
}

/** What both stream clients share: the raw text messages so far, and a wait on them. */
abstract class MessageCollector {
  readonly messages: string[] = []

  /** Waits until `predicate` holds over the messages so far (or fails after `timeoutMs`). */
  async until(predicate: (messages: string[]) => boolean, timeoutMs = 8000): Promise<string[]> {
    await waitUntil(
      () => predicate(this.messages),
      () => `a condition on ${this.messages.length} messages`,
      timeoutMs,
    )
    return this.messages
  }

  abstract close(): void
}

/** A WebSocket client collecting raw text messages. */
export class WsCollector extends MessageCollector {
  closeCode: number | undefined
  /** Receipt time (epoch ms) of each message, index for index. */
  readonly receivedAt: number[] = []
  private constructor(readonly ws: WebSocket) {
    super()
    ws.on('message', (data: Buffer) => {
      this.receivedAt.push(Date.now())
      this.messages.push(data.toString())
    })
    ws.on('close', (code) => (this.closeCode = code))
  }

  static async open(url: string, protocols: string[] = [], headers?: Record<string, string>): Promise<WsCollector> {
    const ws = new WebSocket(url, protocols, { headers })
    const collector = new WsCollector(ws)
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)))
      ws.once('error', reject)
    })
    return collector
  }

  close(): void {
    this.ws.terminate()
  }
}

/** An event-stream client collecting `data:` payloads (parsed by the app's own SSE reader). */
export class SseCollector extends MessageCollector {
  ended = false
  private constructor(private readonly controller: AbortController) {
    super()
  }

  static async open(
    url: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; collector: SseCollector }> {
    const controller = new AbortController()
    const collector = new SseCollector(controller)
    const res = await fetch(url, { headers, signal: controller.signal })
    if (res.status !== 200 || !res.body) return { status: res.status, collector }
    const parser = new SseParser((data) => collector.messages.push(data))
    void (async () => {
      const decoder = new TextDecoder()
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          parser.push(decoder.decode(chunk, { stream: true }))
        }
      } catch {
        // Aborted by close(): the collector's owner asked for it.
      }
      collector.ended = true
    })()
    return { status: res.status, collector }
  }

  close(): void {
    this.controller.abort()
  }
}

export function parseAll(messages: readonly string[]): Array<Record<string, unknown>> {
  return messages.map((m) => JSON.parse(m) as Record<string, unknown>)
}

export function oddsStreamUrl(
  sim: SimulatorHandle,
  sport: string,
  matchId: number,
  kind: 'updates' | 'overrides',
  transport: 'ws' | 'http' = 'ws',
): string {
  const base = transport === 'ws' ? sim.oddsWsBaseUrl : sim.oddsBaseUrl
  return `${base}/live/${sim.bookmakerId}/${sport}/${matchId}/${kind}?token=${sim.apiKey}`
}
