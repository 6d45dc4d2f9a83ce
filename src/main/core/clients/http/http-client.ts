/**
 * The one HTTP path both feed clients use: a request (wire-exchange.ts) with a timeout on every attempt, the caller's
 * abort signal, the key in its style (wire/keys.ts: Bearer or marketplace headers), the service gate (no retry storm), 429 backoff honouring
 * Retry-After, capped retries for 5xx / network / timeout, and errors turned into plain words.
 * It answers parsed JSON (`unknown`); the feed clients validate it with the shared schemas.
 */
import { parseJsonSafely, type SafeJson } from '../../../../shared/safe-json'
import {
  MARKETPLACE_HOST_HEADER,
  MARKETPLACE_KEY_HEADER,
  keyHeaders,
  type KeyStyle,
} from '../../../../shared/wire/keys'
import { abortableSleep } from './abortable-sleep'
import { BodyTooLarge, MAX_JSON_BODY_BYTES, readCappedText, type BodyBudget } from './capped-body'
import { RefusedEncoding, exchange } from './wire-exchange'
import { DEFAULT_RETRY_POLICY, backoffDelayMs, parseRetryAfterMs, type RetryPolicy } from './backoff'
import type { AnswerClock } from '../../problems/clock-skew'
import type { AnsweredRequest } from '../../diagnostics/recent-answers'
import { refusedAnswer, type AnswerOutcome } from './parse-answer'
import { failWith, succeed, type FeedError, type FeedResult } from './result'
import { MAX_IMPOSED_WAIT_MS, ServiceGate, serviceWords, type ServiceName } from './service-gate'

export type HttpMethod = 'GET' | 'PATCH' | 'DELETE'

export interface FeedRequest {
  method?: HttpMethod
  url: URL
  /** Sent as JSON. */
  body?: unknown
  /** What a 403 refuses (a sport, the bookmaker): later calls in this scope fail fast. */
  scope: string
  /** Words for this scope in messages: "this sport" → "no access to this sport". */
  subject: string
  /** The route family, without ids (`bookmaker/{sport}/{matchId}`): an unreadable answer is reported under it (default the path). */
  route?: string
  /** `X-RapidAPI-Host` in the marketplace key style; default the URL's host (wire/keys.ts K2, K3). */
  marketplaceHost?: string
  signal?: AbortSignal
}

export interface HttpClientOptions {
  service: ServiceName
  /** Read per request, so a new key takes effect at once. Must not throw for "no key": answer null. */
  getKey: () => Promise<string | null>
  /** How the key is sent, read per request like the key (default bearer). */
  keyStyle?: () => KeyStyle
  timeoutMs?: number
  retry?: Partial<RetryPolicy>
  /** One line per attempt (method, path, status, time); never headers, never the key. */
  log?: (line: string) => void
  /** A successful answer refused as unreadable (not JSON, or a key that could reach a prototype). */
  onRefused?: (outcome: AnswerOutcome) => void
  /** Every answer's timing and clock headers, whatever its status (the clock-skew estimate reads them). */
  onAnswerClock?: (answer: AnswerClock) => void
  /** Every answer's text as it came, whatever its status (the diagnostic bundle keeps the last per route). */
  onAnswer?: (answer: AnsweredRequest) => void
  /** What answers being read at once may hold together; the process's shared budget unless given. */
  bodyBudget?: BodyBudget
  now?: () => number
  random?: () => number
}

const DEFAULT_TIMEOUT_MS = 10_000
/** What a redirect to another origin must not carry (wire/keys.ts). */
const KEY_HEADERS = ['authorization', MARKETPLACE_KEY_HEADER, MARKETPLACE_HOST_HEADER]
const MAX_SERVER_MESSAGE = 200

type Attempt =
  | { kind: 'response'; status: number; headers: Headers; text: string }
  | { kind: 'refused'; status: number | null; error: BodyTooLarge | RefusedEncoding }
  | { kind: 'network'; message: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' }

export class HttpClient {
  readonly gate: ServiceGate
  private readonly policy: RetryPolicy
  private readonly timeoutMs: number
  private readonly now: () => number
  private readonly random: () => number

  constructor(private readonly options: HttpClientOptions) {
    this.now = options.now ?? Date.now
    this.random = options.random ?? Math.random
    this.gate = new ServiceGate(options.service, this.now)
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry }
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  }

  async send(request: FeedRequest): Promise<FeedResult<unknown>> {
    const method = request.method ?? 'GET'
    let key: string | null
    try {
      key = await this.options.getKey()
    } catch {
      return failWith('key_rejected', `the key for ${serviceWords(this.options.service)} could not be read`)
    }
    const style = this.options.keyStyle?.() ?? 'bearer'
    const refusal = this.gate.refusal(request.scope, key === null ? null : { key, style })
    if (refusal) return { ok: false, error: refusal }

    // Only GET is retried after a failure the server may have acted on; a 429 was not acted on.
    const retriable = method === 'GET'
    let failures = 0
    let rateLimits = 0
    for (;;) {
      // A 429 closed the gate: wait with the others, unless the wait is longer than a call should hang.
      const closedFor = this.gate.waitMs()
      if (closedFor > this.policy.maxRetryAfterMs) return this.rateLimited()
      if (!(await abortableSleep(closedFor, request.signal))) return aborted()
      const attempt = await this.attempt(method, request, key, style)
      const outcome = this.judge(attempt, request, key)
      if (outcome.done) return outcome.result

      if (outcome.rateLimited) {
        const asked = Math.max(outcome.retryAfterMs ?? 0, backoffDelayMs(this.policy, rateLimits, this.random))
        const delay = Math.min(asked, MAX_IMPOSED_WAIT_MS)
        const message = `rate limited by ${serviceWords(this.options.service)}; waiting ${Math.ceil(delay / 1000)} s`
        this.gate.recordBackoff(this.now() + delay, message)
        if (rateLimits >= this.policy.maxRateLimitRetries || delay > this.policy.maxRetryAfterMs) {
          return this.rateLimited()
        }
        rateLimits += 1
        continue
      }

      if (!retriable || failures >= this.policy.maxRetries) {
        this.gate.recordFailure(outcome.error.message)
        return { ok: false, error: outcome.error }
      }
      if (!(await abortableSleep(backoffDelayMs(this.policy, failures, this.random), request.signal))) return aborted()
      failures += 1
    }
  }

  private async attempt(
    method: HttpMethod,
    request: FeedRequest,
    key: string | null,
    style: KeyStyle,
  ): Promise<Attempt> {
    const timeout = AbortSignal.timeout(this.timeoutMs)
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout
    const headers: Record<string, string> = { accept: 'application/json' }
    if (key !== null) Object.assign(headers, keyHeaders(style, key, request.marketplaceHost ?? request.url.host))
    if (request.body !== undefined) headers['content-type'] = 'application/json'
    const started = this.now()
    try {
      const response = await exchange({
        method,
        url: request.url,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        keyHeaders: KEY_HEADERS,
        signal,
      })
      this.options.onAnswerClock?.({
        sentAt: started,
        receivedAt: this.now(),
        date: response.headers.get('date'),
        age: response.headers.get('age'),
      })
      this.log(key, `${method} ${pathOf(request.url)} → ${response.status} in ${this.now() - started} ms`)
      try {
        const text = await readCappedText(response.body, MAX_JSON_BODY_BYTES, this.options.bodyBudget)
        this.options.onAnswer?.({ method, url: request.url, status: response.status, text })
        return { kind: 'response', status: response.status, headers: response.headers, text }
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error
        this.log(key, `${method} ${pathOf(request.url)} → refused: ${error.message}`)
        return { kind: 'refused', status: response.status, error }
      }
    } catch (error) {
      if (request.signal?.aborted) return { kind: 'aborted' }
      if (timeout.aborted) {
        this.log(key, `${method} ${pathOf(request.url)} → timeout after ${this.timeoutMs} ms`)
        return { kind: 'timeout' }
      }
      if (error instanceof RefusedEncoding) {
        this.log(key, `${method} ${pathOf(request.url)} → refused: ${error.message}`)
        return { kind: 'refused', status: null, error }
      }
      const message = describeNetworkError(error)
      this.log(key, `${method} ${pathOf(request.url)} → ${message}`)
      return { kind: 'network', message }
    }
  }

  /** Turns one attempt into a final answer, or into "retry" with the reason. */
  private judge(
    attempt: Attempt,
    request: FeedRequest,
    key: string | null,
  ):
    | { done: true; result: FeedResult<unknown> }
    | { done: false; rateLimited: true; retryAfterMs: number | null }
    | { done: false; rateLimited: false; error: FeedError } {
    const service = serviceWords(this.options.service)
    const final = (result: FeedResult<unknown>) => ({ done: true as const, result })
    const retry = (error: FeedError) => ({ done: false as const, rateLimited: false as const, error })
    switch (attempt.kind) {
      case 'aborted':
        return final(aborted())
      case 'timeout':
        return retry({ kind: 'timeout', message: `no answer from ${service} within ${this.timeoutMs / 1000} s` })
      case 'network':
        return retry({ kind: 'network', message: `cannot reach ${service} (${attempt.message})` })
      case 'refused':
        // Not retried: the same request would bring the same flood.
        this.options.onRefused?.(refusedAnswer(request.route ?? pathOf(request.url), attempt.error.message))
        return final(
          failWith('bad_response', `${service} sent an ${attempt.error.message}`, attempt.status ?? undefined),
        )
      case 'response':
        break
    }
    const { status, text } = attempt
    if (status >= 200 && status < 300) {
      const body = parseJson(text)
      if (!body.ok) {
        this.options.onRefused?.(refusedAnswer(request.route ?? pathOf(request.url), body.detail))
        return final(failWith('bad_response', `${service} sent a response that is not JSON`, status))
      }
      this.gate.recordOk()
      return final(succeed(body.value))
    }
    if (status === 401) {
      this.gate.recordKeyRejected()
      return final(failWith('key_rejected', 'key rejected', status))
    }
    if (status === 403) {
      const message = `no access to ${request.subject}`
      this.gate.recordNoAccess(request.scope, message)
      return final(failWith('no_access', message, status))
    }
    if (status === 404) return final(failWith('not_available', `not available for ${request.subject}`, status))
    if (status === 429) {
      return {
        done: false,
        rateLimited: true,
        retryAfterMs: parseRetryAfterMs(attempt.headers.get('retry-after'), this.now()),
      }
    }
    if (status >= 500) return retry({ kind: 'server', status, message: `${service} failed (status ${status})` })
    const detail = serverMessage(text, key)
    const message = detail ? `refused by ${service}: ${detail}` : `refused by ${service} (status ${status})`
    return final(failWith('bad_request', message, status))
  }

  private rateLimited(): FeedResult<never> {
    const waitS = Math.ceil(this.gate.waitMs() / 1000)
    const wait = waitS > 0 ? `; retrying in ${waitS} s` : ''
    return failWith('rate_limited', `rate limited by ${serviceWords(this.options.service)}${wait}`, 429)
  }

  private log(key: string | null, line: string): void {
    this.options.log?.(redact(line, key))
  }
}

function aborted(): FeedResult<never> {
  return failWith('aborted', 'request cancelled')
}

function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`
}

function parseJson(text: string): SafeJson {
  if (text.trim() === '') return { ok: true, value: null }
  return parseJsonSafely(text)
}

/** The human part of an error body: PostgREST's `message`, an `error` string, or short plain text. */
function serverMessage(text: string, key: string | null): string {
  const body = parseJson(text)
  let message = text
  if (body.ok && typeof body.value === 'object' && body.value !== null) {
    const record = body.value as Record<string, unknown>
    const candidate = record.message ?? record.error
    message = typeof candidate === 'string' ? candidate : ''
  }
  const clean = message
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, MAX_SERVER_MESSAGE)
  return redact(clean, key)
}

/** The reason's code (ECONNREFUSED, ENOTFOUND, a WireError's words); never a stack. */
function describeNetworkError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : 'network error'
}

/** Servers and proxies sometimes echo what they were sent; the key must not travel further. */
function redact(text: string, key: string | null): string {
  return key ? text.split(key).join('[key]') : text
}
