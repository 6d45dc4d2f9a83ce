/**
 * The sports of the real feed's desk: the ones the bookmaker record lists (odds-feed.md: the
 * bookmaker "carries a list of sports it can access", GET /bookmaker/{id}). Discover, the board,
 * alerts and Settings offer them all at once, as the demo feed offers its simulator's sports; the
 * data service of each is reached from the configured URL (clients/data-service/base-url.ts).
 *
 * Read when the real feed starts and again whenever what the answer depends on changes (keys,
 * bookmaker id, odds address or key kind). Until it is known, or when the record cannot be read,
 * the desk has the configured sport alone. A failure that may pass (network, timeout, 5xx, 429)
 * keeps the list last read and is tried again a little later; a refusal (key, access, address)
 * forgets it and waits for the trader to change something.
 */
import type { BookmakerWire } from '../../../shared/wire/odds'
import { isKebabName } from '../clients/http/kebab-name'
import type { FeedErrorKind, FeedResult } from '../clients/http/result'

export interface BookmakerSportsOptions {
  fetch: (signal: AbortSignal) => Promise<FeedResult<BookmakerWire>>
  /** The list changed (the page hears the new feed mode). */
  onChange: () => void
  log: { info(message: string): void }
  /** Wait before trying again after a failure that may pass (default 30 s). */
  retryMs?: number
}

const PASSING_FAILURES: ReadonlySet<FeedErrorKind> = new Set(['network', 'timeout', 'server', 'rate_limited'])
const DEFAULT_RETRY_MS = 30_000

export class BookmakerSports {
  private known: readonly string[] | null = null
  private abort: AbortController | null = null
  private retry: NodeJS.Timeout | null = null

  constructor(private readonly options: BookmakerSportsOptions) {}

  /** The bookmaker's sports, or null until the record has been read. */
  current(): readonly string[] | null {
    return this.known
  }

  /** Reads the record anew (a read under way is dropped: what it asked may be stale). */
  async refresh(): Promise<void> {
    this.stop()
    const abort = (this.abort = new AbortController())
    const answer = await this.options.fetch(abort.signal)
    if (abort.signal.aborted) return
    this.abort = null
    if (!answer.ok) {
      this.options.log.info(`bookmaker sports not read: ${answer.error.message}`)
      if (PASSING_FAILURES.has(answer.error.kind)) {
        this.retry = setTimeout(() => void this.refresh(), this.options.retryMs ?? DEFAULT_RETRY_MS)
        this.retry.unref()
      } else this.set(null) // the record it was read from no longer answers (another bookmaker, key, address)
      return
    }
    // Sport names go into URLs: a name that is not one is left out, not sent.
    this.set([...new Set(answer.value.sports.filter(isKebabName))])
  }

  /** Forgets the list (the demo feed has its own sports) and stops any read or retry. */
  clear(): void {
    this.stop()
    this.set(null)
  }

  /** Stops any read or retry (the core is stopping). */
  stop(): void {
    this.abort?.abort()
    this.abort = null
    if (this.retry) clearTimeout(this.retry)
    this.retry = null
  }

  private set(sports: readonly string[] | null): void {
    if (JSON.stringify(sports) === JSON.stringify(this.known)) return
    this.known = sports
    this.options.onChange()
  }
}

/**
 * The desk's sports: the configured sport first (the one the data URL names and Discover opens
 * on; kept even when the bookmaker does not price it, so its matches can still be found), then
 * the bookmaker's others in its order.
 */
export function deskSports(configured: string, bookmaker: readonly string[] | null): string[] {
  return [configured, ...(bookmaker ?? []).filter((sport) => sport !== configured)]
}
