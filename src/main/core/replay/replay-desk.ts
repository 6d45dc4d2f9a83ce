/**
 * The desk replay's three answers (shared/replay.ts) from the cache of the current feed: the range
 * opened (boards at its start, the marks to jump between, its size), the boards at any instant,
 * and the recorded events one page at a time. It never touches the live feed, which keeps
 * recording. Input the cache cannot answer (a range backwards, matches with nothing recorded)
 * gets a BridgeFailure in words.
 */
import { AlertEntry } from '../../../shared/alerts'
import type { MatchBoard } from '../../../shared/board'
import { BridgeFailure } from '../../../shared/bridge/result'
import type { OverrideEvent } from '../../../shared/domain'
import { formatPrice } from '../../../shared/price-format'
import type {
  ReplayEvent,
  ReplayEventPage,
  ReplayEventsInput,
  ReplayMark,
  ReplayOpened,
  ReplayOpenInput,
  ReplayStateAtInput,
} from '../../../shared/replay'
import type { FeedScopedArchive } from '../cache/feed-scoped'
import type { RecordedEvent } from '../cache/replay-rows'
import type { MatchLabeller } from '../match-labeller'
import { boardAt } from './replay-board'

export interface ReplaySources {
  cache: Pick<
    FeedScopedArchive,
    'replayState' | 'replayEvents' | 'replayTickCount' | 'outcomes' | 'overrideEvents' | 'alerts'
  >
  labels: Pick<MatchLabeller, 'of' | 'describe'>
  /** The sport a blank header names (the watchlists', or the app's sport). */
  sportOf(matchId: number): string
}

/** The most alerts a range's marks list (the cache's own bound on an alert read). */
const MAX_ALERT_MARKS = 10_000

const OVERRIDE_VERBS: Record<OverrideEvent['action'], string> = {
  set: 'Override set',
  changed: 'Override changed to',
  lifted: 'Override lifted',
  expired: 'Override expired',
}

export class ReplayDesk {
  constructor(private readonly s: ReplaySources) {}

  open({ matchIds, from, to }: ReplayOpenInput): ReplayOpened {
    requireRange(from, to)
    const unrecorded = matchIds.filter((matchId) => this.s.cache.outcomes(matchId).length === 0)
    if (unrecorded.length === matchIds.length) throw nothingRecorded(matchIds)
    const totalTicks = this.s.cache.replayTickCount(matchIds, from, to)
    const marks = this.marks(matchIds, from, to)
    if (totalTicks === 0 && marks.length === 0 && !this.anyHeader(matchIds, from, to))
      throw new BridgeFailure(
        'not_available',
        `nothing was recorded of these matches between ${when(from)} and ${when(to)}`,
      )
    const start = this.recordedStart(matchIds, from, to)
    return { from: start.at, to, boards: start.boards, marks, totalTicks, unrecorded }
  }

  /**
   * Where the replay starts: at `from`, unless nothing of these matches was recorded by then (a
   * "last hour" asked ten minutes after they were added): then at the first recorded instant, so
   * the play does not begin with minutes of an empty board. The answer's `from` says where.
   */
  private recordedStart(matchIds: readonly number[], from: number, to: number): { at: number; boards: MatchBoard[] } {
    const boards = this.boards(matchIds, from)
    if (boards.some((board) => board.cells.length > 0)) return { at: from, boards }
    const first = this.s.cache.replayEvents(matchIds, from - 1, to, 1).events[0]
    if (!first || first.at <= from) return { at: from, boards }
    return { at: first.at, boards: this.boards(matchIds, first.at) }
  }

  stateAt({ matchIds, at }: ReplayStateAtInput): MatchBoard[] {
    if (!Number.isFinite(at)) throw new BridgeFailure('invalid_input', `the instant ${at} is not a time`)
    return this.boards(matchIds, at)
  }

  events({ matchIds, after, to, limit, stepMs, ticks }: ReplayEventsInput): ReplayEventPage {
    requireRange(after, to, 'the page starts after its end')
    const page = this.s.cache.replayEvents(matchIds, after, to, limit, { stepMs, ticks })
    return { ...page, events: page.events.flatMap(replayEvent) }
  }

  private boards(matchIds: readonly number[], at: number): MatchBoard[] {
    return this.s.cache.replayState(matchIds, at).map((state) =>
      boardAt(state, at, {
        sport: this.s.sportOf(state.matchId),
        labels: this.s.labels.of(state.matchId),
      }),
    )
  }

  /** Every override event and alert of the range, in time order, in words. */
  private marks(matchIds: readonly number[], from: number, to: number): ReplayMark[] {
    const asked = new Set(matchIds)
    const overrides = matchIds.flatMap((matchId) =>
      this.s.cache.overrideEvents(matchId, from, to).map((e): ReplayMark => ({
        at: e.receivedTs,
        kind: 'override',
        matchId,
        label: `${OVERRIDE_VERBS[e.action]} ${formatPrice(e.oddValue)} on ${this.s.labels.describe(e)}`,
      })),
    )
    const alerts = this.s.cache
      .alerts(from, to, MAX_ALERT_MARKS)
      .filter((a) => typeof a.matchId === 'number' && asked.has(a.matchId))
      .map((a): ReplayMark => ({
        at: a.createdAt,
        kind: 'alert',
        matchId: a.matchId as number,
        label: String(a.title),
      }))
    return [...overrides, ...alerts].sort((a, b) => a.at - b.at)
  }

  /** Whether a header change was recorded in the range (a quiet market's score can still move). */
  private anyHeader(matchIds: readonly number[], from: number, to: number): boolean {
    return this.s.cache.replayEvents(matchIds, from - 1, to, 1).events.length > 0
  }
}

function requireRange(from: number, to: number, words = 'the range ends before it starts'): void {
  if (!Number.isFinite(from) || !Number.isFinite(to))
    throw new BridgeFailure('invalid_input', `the range ${from} to ${to} is not a time range`)
  if (to < from) throw new BridgeFailure('invalid_input', `${words} (${when(from)} to ${when(to)})`)
}

function nothingRecorded(matchIds: readonly number[]): BridgeFailure {
  const names = matchIds.length === 1 ? `match ${matchIds[0]}` : `matches ${matchIds.join(', ')}`
  return new BridgeFailure('not_available', `nothing is recorded of ${names} on this feed`)
}

function when(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC')
}

/** The cache's event as the contract has it; an alert stored by another version that no longer reads is left out. */
function replayEvent(event: RecordedEvent): ReplayEvent[] {
  if (event.kind !== 'alert') return [event]
  const alert = AlertEntry.safeParse(event.alert)
  return alert.success ? [{ kind: 'alert', at: event.at, alert: alert.data }] : []
}
