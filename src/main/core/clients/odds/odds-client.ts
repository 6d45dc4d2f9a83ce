/**
 * Client of the odds feed's REST routes (odds-feed.md): the bookmaker record, the match list
 * (walking its 100-per-page pages), match prices, verify, setting and lifting an override, and the
 * public per-sport routes (current feed, history, classes, leagues). Answers are validated with the
 * shared wire schemas in src/shared/wire/odds.ts and, for the public routes, odds-public.ts.
 */
import {
  BookmakerWire,
  MatchPricesWire,
  ODD_GROUPS,
  OddsMatchListEntryWire,
  OverrideRequest,
  VerifyWire,
  type OddsMatchListEntryWire as OddsMatchListEntry,
} from '../../../../shared/wire/odds'
import { publicRouteName, unwrapList, type PublicFamily } from '../../../../shared/wire/odds-public'
import type { Settings } from '../../../../shared/settings'
import type { FeedRequest, HttpClient, HttpMethod } from '../http/http-client'
import { collectPages } from '../http/paging'
import { notAList, parseList, parseOne, type AnswerOutcome, type ParsedList } from '../http/parse-answer'
import { failWith, type FeedResult } from '../http/result'
import { checkSportName, isKebabName } from '../http/kebab-name'
import { feedUrl } from '../http/url'
import type { z } from 'zod'

/** odds-feed.md Limits: "The match list returns 100 matches per page." */
export const ODDS_PAGE_SIZE = 100
const DEFAULT_MAX_PAGES = 50

export type OddsSettings = Pick<Settings, 'oddsBaseUrl' | 'bookmakerId'>

export interface OddsClientOptions {
  http: HttpClient
  /** Read per call, so a settings change (or the demo/real switch) takes effect at once. */
  settings: () => OddsSettings
  /** Every answer parsed (or refused), under its route family (`bookmaker/{sport}/{matchId}`). */
  onAnswer?: (outcome: AnswerOutcome) => void
}

export interface CallOptions {
  signal?: AbortSignal
}

export interface MatchListFilter {
  league?: string
  homeTeam?: string
  awayTeam?: string
  status?: 'live' | 'upcoming'
}

export interface OverrideTarget {
  sport: string
  matchId: number
  /** Kebab group name as in the PATCH path: `full-time`. */
  oddType: string
}

export class OddsClient {
  constructor(private readonly options: OddsClientOptions) {}

  get gate() {
    return this.options.http.gate
  }

  bookmaker(call: CallOptions = {}): Promise<FeedResult<BookmakerWire>> {
    return this.get(BookmakerWire, [], { scope: 'bookmaker', subject: 'this bookmaker', route: 'bookmaker' }, call)
  }

  /** Every page of the match list until a short page (or `maxPages`). */
  async matches(
    sport: string,
    filter: MatchListFilter = {},
    call: CallOptions & { maxPages?: number } = {},
  ): Promise<FeedResult<ParsedList<OddsMatchListEntry>>> {
    const bad = checkSportName(sport)
    if (bad) return bad
    const maxPages = call.maxPages ?? DEFAULT_MAX_PAGES
    const rows = await collectPages(async (page) => {
      const search = new URLSearchParams({ page: String(page) })
      for (const [name, value] of Object.entries(filter)) if (value !== undefined) search.set(name, value)
      const body = await this.send('GET', [sport, 'matches'], search, sportScope(sport, MATCH_LIST), call)
      if (!body.ok) return body
      if (!Array.isArray(body.value)) return notAList(MATCH_LIST, this.options.onAnswer)
      return { ok: true, value: { rows: body.value, requested: ODDS_PAGE_SIZE } }
    }, maxPages * ODDS_PAGE_SIZE)
    if (!rows.ok) return rows
    return parseList(OddsMatchListEntryWire, rows.value, MATCH_LIST, this.options.onAnswer)
  }

  matchPrices(sport: string, matchId: number, call: CallOptions = {}): Promise<FeedResult<MatchPricesWire>> {
    return this.matchRoute(MatchPricesWire, sport, matchId, [], call)
  }

  verify(sport: string, matchId: number, call: CallOptions = {}): Promise<FeedResult<z.output<typeof VerifyWire>>> {
    return this.matchRoute(VerifyWire, sport, matchId, ['verify'], call)
  }

  /**
   * PATCH an override. The body is validated before anything is sent; the server's refusal
   * (400 and its message) comes back as a `bad_request` in words. Not retried after a 5xx.
   */
  async setOverride(target: OverrideTarget, body: unknown, call: CallOptions = {}): Promise<FeedResult<unknown>> {
    const bad = checkTarget(target)
    if (bad) return bad
    const request = OverrideRequest.safeParse(body)
    if (!request.success) {
      return failWith('bad_request', request.error.issues.map((i) => i.message).join('; '))
    }
    return this.send('PATCH', overridePath(target), undefined, sportScope(target.sport, OVERRIDE), call, request.data)
  }

  /** DELETE the override on one outcome (`oddKey` = `<market>#<outcome>`), so the feed price applies again. */
  async liftOverride(target: OverrideTarget, oddKey: string, call: CallOptions = {}): Promise<FeedResult<unknown>> {
    const bad = checkTarget(target) ?? checkOddKey(oddKey)
    if (bad) return bad
    return this.send(
      'DELETE',
      overridePath(target),
      new URLSearchParams({ oddKey }),
      sportScope(target.sport, OVERRIDE),
      call,
    )
  }

  /**
   * A public route of a sport (P1), parsed record by record: a bad record is counted and skipped.
   * Sent with the key the service has (the credential of the public family is "not shown").
   */
  async publicList<S extends z.ZodType>(
    sport: string,
    family: PublicFamily,
    schema: S,
    call: CallOptions = {},
  ): Promise<FeedResult<ParsedList<z.output<S>>>> {
    const bad = checkSportName(sport)
    if (bad) return bad
    const route = publicRouteName(sport, family)
    const publicFamily = publicRouteName('{sport}', family)
    const url = feedUrl('odds-feed', this.options.settings().oddsBaseUrl, [route])
    if (!url.ok) return url
    const body = await this.options.http.send({
      url: url.value,
      scope: `public:${route}`,
      route: publicFamily,
      subject: 'this sport',
      ...call,
    })
    if (!body.ok) return body
    return parseList(schema, unwrapList(body.value), publicFamily, this.options.onAnswer)
  }

  private async matchRoute<S extends z.ZodType>(
    schema: S,
    sport: string,
    matchId: number,
    tail: string[],
    call: CallOptions,
  ): Promise<FeedResult<z.output<S>>> {
    const bad = checkSportName(sport) ?? checkMatchId(matchId)
    if (bad) return bad
    return this.get(
      schema,
      [sport, matchId, ...tail],
      sportScope(sport, ['bookmaker/{sport}/{matchId}', ...tail].join('/')),
      call,
    )
  }

  private async get<S extends z.ZodType>(
    schema: S,
    segments: (string | number)[],
    scope: RequestScope,
    call: CallOptions,
  ): Promise<FeedResult<z.output<S>>> {
    const body = await this.send('GET', segments, undefined, scope, call)
    return body.ok ? parseOne(schema, body.value, scope.route, this.options.onAnswer) : body
  }

  /** Every bookmaker route: `{oddsBaseUrl}/bookmaker/{bookmakerId}/…segments`. */
  private send(
    method: HttpMethod,
    segments: (string | number)[],
    search: URLSearchParams | undefined,
    scope: RequestScope,
    call: CallOptions,
    body?: unknown,
  ): Promise<FeedResult<unknown>> {
    const { oddsBaseUrl, bookmakerId } = this.options.settings()
    if (bookmakerId.trim() === '') return Promise.resolve(failWith('bad_request', 'no bookmaker id set'))
    const url = feedUrl('odds-feed', oddsBaseUrl, ['bookmaker', bookmakerId, ...segments], search)
    if (!url.ok) return Promise.resolve(url)
    return this.options.http.send({ method, url: url.value, body, ...scope, ...call })
  }
}

/** What a 403 refuses, in words, and the route family the answer is judged under. */
type RequestScope = Pick<FeedRequest, 'scope' | 'subject'> & { route: string }

/** Route families (no ids): the answers of every match and sport add up under one name. */
const MATCH_LIST = 'bookmaker/{sport}/matches'
const OVERRIDE = 'bookmaker/{sport}/{matchId}/{oddType}'

function sportScope(sport: string, route: string): RequestScope {
  return { scope: sport, subject: 'this sport', route }
}

function overridePath(target: OverrideTarget): (string | number)[] {
  return [target.sport, target.matchId, target.oddType]
}

function checkMatchId(matchId: number): FeedResult<never> | null {
  return Number.isSafeInteger(matchId) && matchId > 0
    ? null
    : failWith('bad_request', 'match id must be a positive integer')
}

/** A known sport must use one of its own groups; another sport only needs a well-formed name. */
function checkTarget(target: OverrideTarget): FeedResult<never> | null {
  const groups: readonly string[] | undefined = ODD_GROUPS[target.sport as keyof typeof ODD_GROUPS]
  const known = groups ? groups.includes(target.oddType) : isKebabName(target.oddType)
  if (!known) return failWith('bad_request', `"${target.oddType}" is not an odd group of ${target.sport}`)
  return checkSportName(target.sport) ?? checkMatchId(target.matchId)
}

function checkOddKey(oddKey: string): FeedResult<never> | null {
  const parsed = OverrideRequest.shape.oddKey.safeParse(oddKey)
  return parsed.success ? null : failWith('bad_request', 'oddKey must be <market_name>#<outcome_key>')
}
