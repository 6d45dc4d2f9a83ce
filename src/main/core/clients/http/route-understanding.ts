/**
 * Whether a service's REST routes are understood (issue 21.2): a route whose answers are mostly
 * refused (not JSON, not a list, records that fail their schema) carries nothing we show, so the
 * service's REST health must not say "ok" while it lasts.
 *
 * The same rules as a live stream's frames (streams/feed-understanding.ts), with one ANSWER in
 * place of one frame: an answer counts as refused when it was refused whole or when at least half
 * of its records were (a list with one bad record in fifty is read; that record is still counted as
 * a fault). So a route is not understood after 20 refused answers in a row, or at least 5 refused
 * answers in the last minute that are at least half of its answers; it is understood again after
 * 20 read in a row or once the refused fall under half of the minute. A route asked a few times
 * an hour stays "understood" until it is refused 5 times within a minute: its refusals are still
 * counted as `refused:rest` faults.
 *
 * Routes are kept by family (`bookmaker/{sport}/{matchId}`, `/matches`), a set the clients' code
 * fixes, so the map stays small.
 */
import type { RouteNotUnderstood } from '../../../../shared/health'
import { FeedUnderstanding } from '../../streams/feed-understanding'
import type { AnswerOutcome } from './parse-answer'

export class RouteUnderstanding {
  private readonly routes = new Map<string, FeedUnderstanding>()

  constructor(private readonly now: () => number = Date.now) {}

  answered(outcome: AnswerOutcome): void {
    const now = this.now()
    let route = this.routes.get(outcome.route)
    if (!route) {
      route = new FeedUnderstanding(now)
      this.routes.set(outcome.route, route)
    }
    if (outcome.refused > 0 && outcome.refused >= outcome.read) route.refused(outcome.firstRefusal ?? 'unknown', now)
    else route.read(now)
  }

  /** The route that went first of those not understood now; null while every route is understood. */
  notUnderstood(): RouteNotUnderstood | null {
    const now = this.now()
    let first: RouteNotUnderstood | null = null
    for (const [route, understanding] of this.routes) {
      const state = understanding.state(now)
      if (state && (!first || state.since < first.since)) first = { route, ...state }
    }
    return first
  }
}
