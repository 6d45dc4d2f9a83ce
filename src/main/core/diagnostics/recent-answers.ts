/**
 * The last REST answer of every route, kept for the diagnostic bundle (issue 21.3): what the
 * services actually answered, whatever the clients made of it. A route is the method and the path
 * without its query; at most MAX_ROUTES are kept, the longest unanswered go first. An answer's
 * text is kept as it came, cut a little past TEXT_CAP (kept-text.ts: a 16 MB answer is not held);
 * keys are replaced when the bundle is written, which then cuts it to TEXT_CAP.
 */
import type { ServiceName } from '../clients/http/service-gate'
import { keptText } from './kept-text'

/** Characters of an answer the bundle shows (kept-text.ts keeps a little more, for the scrub). */
export const TEXT_CAP = 256 * 1024
const MAX_ROUTES = 300

export interface AnsweredRequest {
  method: string
  url: URL
  status: number
  text: string
}

export interface KeptAnswer {
  service: ServiceName
  method: string
  /** Path and query as asked (keys are replaced when the bundle is written). */
  url: string
  status: number
  at: number
  /** Characters of the whole answer. */
  length: number
  text: string
}

export class RecentAnswers {
  private readonly routes = new Map<string, KeptAnswer>()

  constructor(private readonly clock: () => number = Date.now) {}

  record(service: ServiceName, answer: AnsweredRequest): void {
    const route = `${service} ${answer.method} ${answer.url.pathname}`
    this.routes.delete(route)
    if (this.routes.size >= MAX_ROUTES) this.routes.delete(this.routes.keys().next().value as string)
    this.routes.set(route, {
      service,
      method: answer.method,
      url: `${answer.url.pathname}${answer.url.search}`,
      status: answer.status,
      at: this.clock(),
      length: answer.text.length,
      text: keptText(answer.text, TEXT_CAP),
    })
  }

  /** Oldest answer first. */
  list(): KeptAnswer[] {
    return [...this.routes.values()]
  }
}
