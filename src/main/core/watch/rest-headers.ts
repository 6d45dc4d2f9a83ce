/**
 * A watched match's header (status, score, clock) from the data service's REST record (/matches),
 * asked for as soon as the match is watched, so no card waits for its first live message, which
 * for a quiet match can be minutes away. Matches watched in the same turn go in one request per
 * sport (`id=in.(…)`, at most a page of ids each); a failed request is retried with backoff for
 * the matches still watched. Nothing in the odds path waits for it.
 */
import type { MatchHeader, MatchHeaderPatch } from '../../../shared/board'
import { scorePeriods, type MatchRecord } from '../../../shared/wire/data-service'
import { DATA_PAGE_SIZE } from '../clients/data-service/data-service-client'
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from '../streams/backoff'

/** The records of `matchIds` (any order; a match the service does not know is left out). */
export type MatchRecordFetcher = (
  sport: string,
  matchIds: readonly number[],
  signal: AbortSignal,
) => Promise<readonly MatchRecord[]>

export interface RestHeadersOptions {
  fetch: MatchRecordFetcher
  isWatched(sport: string, matchId: number): boolean
  onRecord(sport: string, record: MatchRecord): void
  backoff?: BackoffPolicy
}

export class RestHeaders {
  private readonly pending = new Map<string, Set<number>>()
  private readonly inFlight = new Set<AbortController>()
  private readonly retries = new Set<NodeJS.Timeout>()
  private flushQueued = false
  private closed = false

  constructor(private readonly o: RestHeadersOptions) {}

  /** Asks for the match's record with the others asked for in this turn. */
  request(sport: string, matchId: number): void {
    if (this.closed) return
    const ids = this.pending.get(sport) ?? new Set()
    this.pending.set(sport, ids.add(matchId))
    if (this.flushQueued) return
    this.flushQueued = true
    queueMicrotask(() => this.flush())
  }

  close(): void {
    this.closed = true
    for (const abort of this.inFlight) abort.abort()
    for (const timer of this.retries) clearTimeout(timer)
    this.pending.clear()
  }

  private flush(): void {
    this.flushQueued = false
    for (const [sport, ids] of this.pending) {
      const all = [...ids]
      for (let at = 0; at < all.length; at += DATA_PAGE_SIZE) this.fetch(sport, all.slice(at, at + DATA_PAGE_SIZE), 1)
    }
    this.pending.clear()
  }

  private fetch(sport: string, ids: number[], attempt: number): void {
    const wanted = ids.filter((id) => this.o.isWatched(sport, id))
    if (this.closed || wanted.length === 0) return
    const abort = new AbortController()
    this.inFlight.add(abort)
    this.o.fetch(sport, wanted, abort.signal).then(
      (records) => {
        this.inFlight.delete(abort)
        if (this.closed) return
        for (const r of records) if (this.o.isWatched(sport, r.id)) this.o.onRecord(sport, r)
      },
      () => {
        // The REST client reports why (its own health); the live streams fill the header meanwhile.
        this.inFlight.delete(abort)
        if (this.closed) return
        const timer = setTimeout(
          () => {
            this.retries.delete(timer)
            this.fetch(sport, wanted, attempt + 1)
          },
          backoffDelay(attempt, this.o.backoff ?? DEFAULT_BACKOFF),
        )
        timer.unref()
        this.retries.add(timer)
      },
    )
  }
}

/**
 * What the record adds to the header: only what no live message has filled yet, since a live
 * message is at least as new as any REST answer. The status with its reason where the header has
 * none yet (or the same status without a reason, as the odds snapshot gives it), each team's score
 * where it is still blank, and a live match's clock where none is known.
 */
export function restHeaderPatch(
  header: MatchHeader,
  record: MatchRecord,
  now: number,
): Omit<MatchHeaderPatch, 'matchId'> {
  const rest = headerFromRecord(record, now)
  const patch: Omit<MatchHeaderPatch, 'matchId'> = {}
  if (rest.status !== null && header.statusReason === null && (header.status ?? rest.status) === rest.status) {
    patch.status = rest.status
    patch.statusReason = rest.statusReason
  }
  if (rest.score) {
    const live = header.score
    const home = live && live.home.current !== null ? live.home : rest.score.home
    const away = live && live.away.current !== null ? live.away : rest.score.away
    if (home !== live?.home || away !== live?.away) patch.score = { home, away }
  }
  if (rest.clock && header.clock === null) patch.clock = rest.clock
  return patch
}

/**
 * The header fields a /matches record gives (D7 in shared/wire/data-service.ts): status and its
 * reason, both teams' score, and for a live match the clock from `duration` and `last_period`.
 */
function headerFromRecord(
  record: MatchRecord,
  now: number,
): Pick<MatchHeader, 'status' | 'statusReason' | 'score' | 'clock'> {
  const status = record.status?.type ?? record.status_type ?? null
  const team = (score: MatchRecord['home_team_score']) => ({
    current: score?.display ?? score?.current ?? null,
    periods: scorePeriods(score),
  })
  const home = team(record.home_team_score)
  const away = team(record.away_team_score)
  const scored = home.current !== null || away.current !== null
  const live = status === 'live' && typeof record.duration === 'number'
  return {
    status,
    statusReason: record.status?.reason ?? null,
    score: scored ? { home, away } : null,
    clock: live ? { elapsedSeconds: record.duration ?? null, period: periodLabel(record.last_period), at: now } : null,
  }
}

/** `period_2` → `2`, as the live time messages number periods; any other text as it is. */
function periodLabel(lastPeriod: string | null | undefined): string | null {
  if (!lastPeriod) return null
  return /^period_(\d+)$/.exec(lastPeriod)?.[1] ?? lastPeriod
}
