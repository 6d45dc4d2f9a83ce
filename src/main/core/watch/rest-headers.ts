/**
 * A watched match's header (status, score, clock) from the data service's REST record (/matches),
 * asked for as soon as the match is watched, so no card waits for its first live message, which
 * for a quiet match can be minutes away, and again when a live score message names no side it can
 * place (D10). Matches asked for in the same turn go in one request per sport (`id=in.(…)`, at most
 * a page of ids each); a failed request is retried with backoff for the matches still watched.
 * Nothing in the odds path waits for it.
 */
import type { MatchHeader, MatchHeaderPatch } from '../../../shared/board'
import { recordClockFields, scorePeriods, type MatchRecord } from '../../../shared/wire/data-service'
import { DATA_PAGE_SIZE } from '../clients/data-service/data-service-client'
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from '../streams/backoff'
import { readMatchClock } from './match-clock'

/** field-notes.md: live match data is refreshed every 10 s, and asked for at most once in 10 s. */
const RECORD_REFRESH_MS = 10_000

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
  /** Least time between two asks for one match's record (default RECORD_REFRESH_MS). */
  refreshMs?: number
  clock?: () => number
}

export class RestHeaders {
  private readonly pending = new Map<string, Set<number>>()
  private readonly inFlight = new Set<AbortController>()
  private readonly retries = new Set<NodeJS.Timeout>()
  /** `sport:matchId` → when its record was last asked for, and the refresh waiting for its turn. */
  private readonly asked = new Map<string, { at: number; waiting: NodeJS.Timeout | null }>()
  private flushQueued = false
  private closed = false

  constructor(private readonly o: RestHeadersOptions) {}

  /** Asks for the match's record with the others asked for in this turn. */
  request(sport: string, matchId: number): void {
    if (this.closed) return
    const key = `${sport}:${matchId}`
    const asked = this.asked.get(key)
    if (asked?.waiting) clearTimeout(asked.waiting)
    this.asked.set(key, { at: (this.o.clock ?? Date.now)(), waiting: null })
    const ids = this.pending.get(sport) ?? new Set()
    this.pending.set(sport, ids.add(matchId))
    if (this.flushQueued) return
    this.flushQueued = true
    queueMicrotask(() => this.flush())
  }

  /**
   * Asks for the match's record again, at most once per `refreshMs`: an ask within that
   * time waits for its end (several become one), so the newest record still comes.
   */
  refresh(sport: string, matchId: number): void {
    if (this.closed) return
    const key = `${sport}:${matchId}`
    const asked = this.asked.get(key)
    if (asked?.waiting) return
    const wait = asked ? asked.at + (this.o.refreshMs ?? RECORD_REFRESH_MS) - (this.o.clock ?? Date.now)() : 0
    if (!asked || wait <= 0) return this.request(sport, matchId)
    const waiting = setTimeout(() => {
      if (this.o.isWatched(sport, matchId)) this.request(sport, matchId)
      else this.asked.delete(key)
    }, wait)
    waiting.unref()
    this.asked.set(key, { at: asked.at, waiting })
  }

  /** Forgets the match (unwatched): a refresh waiting for its turn is dropped. */
  forget(sport: string, matchId: number): void {
    const key = `${sport}:${matchId}`
    const waiting = this.asked.get(key)?.waiting
    if (waiting) clearTimeout(waiting)
    this.asked.delete(key)
  }

  close(): void {
    this.closed = true
    for (const abort of this.inFlight) abort.abort()
    for (const timer of this.retries) clearTimeout(timer)
    for (const { waiting } of this.asked.values()) if (waiting) clearTimeout(waiting)
    this.asked.clear()
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
 * where it is still blank (or both, where `scoreFromRecord`: a live score message named no side,
 * D10), and a live match's clock where none is known.
 */
export function restHeaderPatch(
  header: MatchHeader,
  record: MatchRecord,
  now: number,
  scoreFromRecord = false,
): Omit<MatchHeaderPatch, 'matchId'> {
  const rest = headerFromRecord(record, now)
  const patch: Omit<MatchHeaderPatch, 'matchId'> = {}
  if (rest.status !== null && header.statusReason === null && (header.status ?? rest.status) === rest.status) {
    patch.status = rest.status
    patch.statusReason = rest.statusReason
  }
  if (rest.score) {
    const live = scoreFromRecord ? null : header.score
    const home = live && live.home.current !== null ? live.home : rest.score.home
    const away = live && live.away.current !== null ? live.away : rest.score.away
    // The score the header already shows is no change (a refreshed record often agrees with it).
    if (JSON.stringify({ home, away }) !== JSON.stringify(header.score)) patch.score = { home, away }
  }
  if (rest.clock && header.clock === null) patch.clock = rest.clock
  return patch
}

/**
 * The header fields a /matches record gives (D7 in shared/wire/data-service.ts): status and its
 * reason, both teams' score, and for a live match the clock (D9), its period from `last_period`
 * where `times` names none. Never `duration`: a planned length, not time played.
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
  const reading = status === 'live' ? readMatchClock(recordClockFields(record), now) : null
  const period = reading?.period ?? periodLabel(record.last_period)
  return {
    status,
    statusReason: record.status?.reason ?? null,
    score: scored ? { home, away } : null,
    clock: reading ? { elapsedSeconds: reading.elapsedSeconds, period, at: now } : null,
  }
}

/** `period_2` → `2`, as the clock numbers periods; any other text as it is. */
function periodLabel(lastPeriod: string | null | undefined): string | null {
  if (!lastPeriod) return null
  return /^period_(\d+)$/.exec(lastPeriod)?.[1] ?? lastPeriod
}
