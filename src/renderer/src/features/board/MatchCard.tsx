/**
 * One watched match: header (teams, score, status, clock) and every non-empty odd group with its
 * markets. Subscribes to the match's layout and header only; prices live in PriceCell.
 *
 * Only what is on screen is mounted: the markets (the price cells, nearly all of a card's DOM) are
 * rendered only while the card is in view or within the board's look-ahead (lib/visibility.ts);
 * off screen a stand-in of their last height takes their place (lib/remembered-height.ts). The
 * header stays, so every watched match keeps its card: find, focus and scroll work as before.
 */
import { memo, useEffect, useMemo, useRef } from 'react'
import type { LayoutGroup, LayoutMarket, MatchHeader } from '../../../../shared/board'
import type { MatchSummary } from '../../../../shared/discovery'
import { call } from '../../bridge'
import { TeamBadge } from '../../components/TeamBadge'
import { describeError } from '../../lib/errors'
import { clockAttributes } from '../../lib/live-time'
import { useRenderCount } from '../../lib/render-count'
import { scrollIntoViewSettled } from '../../lib/scroll-settled'
import { rememberedHeight, rememberHeight } from '../../lib/remembered-height'
import { useInView } from '../../lib/visibility'
import { useBoardStore, useHeader, useLayout } from '../../store/board-store'
import { useBookCheck, useMarketMargin } from '../../store/book-checks'
import { LATE_PRICES_REASON, useStalePrices } from '../../store/price-freshness'
import { useNotUnderstood } from '../../store/stream-understanding'
import { useLiveOnly } from '../../store/replay-store'
import { useUiStore } from '../../store/ui-store'
import { useUnsyncedWords } from '../../store/unsynced'
import { PriceCell } from './PriceCell'

export const MatchCard = memo(function MatchCard({
  match,
  onRemove,
  initiallyInView = false,
}: {
  match: MatchSummary
  onRemove?: (matchId: number) => void
  /** Mount the markets in the first render, before the visibility observer has reported (the first screen). */
  initiallyInView?: boolean
}) {
  const layout = useLayout(match.matchId)
  // The synced flag only: the header's score and clock re-render the header row, not the card.
  const synced = useBoardStore((s) => s.headers[match.matchId]?.synced)
  const focusedAt = useUiStore((s) => (s.focusedMatch?.matchId === match.matchId ? s.focusedMatch.at : null))
  const ref = useRef<HTMLElement>(null)
  const live = useInView(ref, initiallyInView)
  const stale = useStalePrices(match.matchId)
  useBookCheck(match.matchId)
  useRenderCount(`match:${match.matchId}`)
  useEffect(() => {
    if (focusedAt !== null && ref.current) return scrollIntoViewSettled(ref.current)
  }, [focusedAt])
  const groups = layout?.groups.filter((g) => g.markets.some((m) => m.outcomes.length > 0)) ?? []
  return (
    <section
      ref={ref}
      className={focusedAt !== null ? 'match-card focused' : 'match-card'}
      data-testid="match-card"
      data-match={match.matchId}
      // Whether the card is on screen, so its cells take ticks (tests wait for it before counting renders).
      data-in-view={live}
      data-prices={stale ? 'stale' : 'current'}
    >
      <MatchHeaderRow match={match} onRemove={onRemove} stale={stale} />
      {synced === false && <CachedNotice matchId={match.matchId} />}
      {!layout && <div className="muted pad">waiting for prices…</div>}
      {layout && groups.length === 0 && <div className="muted pad">no markets offered</div>}
      {groups.length > 0 &&
        (live ? (
          <MatchMarkets matchId={match.matchId} groups={groups} stale={stale} />
        ) : (
          <div
            className="markets-stand-in"
            data-testid="markets-stand-in"
            style={{ height: rememberedHeight(String(match.matchId)) ?? estimatedHeight(groups) }}
          />
        ))}
    </section>
  )
})

/** A typical comfortable group title and market row, for a card whose markets were never on screen. */
const GROUP_TITLE_PX = 26
const MARKET_ROW_PX = 55

function estimatedHeight(groups: LayoutGroup[]): number {
  return groups.reduce((sum, g) => sum + GROUP_TITLE_PX + MARKET_ROW_PX * g.markets.length, 0)
}

function MatchMarkets({ matchId, groups, stale }: { matchId: number; groups: LayoutGroup[]; stale: string | null }) {
  const remember = useMemo(() => rememberHeight(String(matchId)), [matchId])
  return (
    <div className="match-markets" ref={remember}>
      {groups.map((group) => (
        <div className="odd-group" key={group.oddType}>
          <div className="group-title">{group.oddType}</div>
          {group.markets
            .filter((m) => m.outcomes.length > 0)
            .map((market) => (
              <MarketRow
                key={`${market.name}:${market.line ?? ''}`}
                matchId={matchId}
                oddType={group.oddType}
                market={market}
                stale={stale}
              />
            ))}
        </div>
      ))}
    </div>
  )
}

const MarketRow = memo(function MarketRow({
  matchId,
  oddType,
  market,
  stale,
}: {
  matchId: number
  oddType: string
  market: LayoutMarket
  stale: string | null
}) {
  return (
    <div className={market.suspended ? 'market-row suspended' : 'market-row'}>
      <div className="market-label" title={market.line === null ? market.label : `${market.label} ${market.line}`}>
        {market.label}
        {market.line !== null && <span className="num muted"> {market.line}</span>}
        <MarketMargin matchId={matchId} oddType={oddType} marketName={market.name} />
      </div>
      <div className="market-cells">
        {market.outcomes.map((o) => (
          <PriceCell key={o.outcomeId} outcomeId={o.outcomeId} label={o.label} stale={stale} />
        ))}
      </div>
    </div>
  )
})

/** The book's margin on the market, from the bookmaker's own check (store/book-checks.ts). */
function MarketMargin({ matchId, oddType, marketName }: { matchId: number; oddType: string; marketName: string }) {
  const margin = useMarketMargin(matchId, oddType, marketName)
  if (margin === undefined) return null
  return (
    <span className="num muted market-margin" data-testid="market-margin" title="The book's margin on this market">
      {' '}
      {(margin * 100).toFixed(1)}%
    </span>
  )
}

function MatchHeaderRow({
  match,
  onRemove,
  stale,
}: {
  match: MatchSummary
  onRemove?: ((matchId: number) => void) | undefined
  stale: string | null
}) {
  const header = useHeader(match.matchId)
  // The watchlist summary's status stands in for a missing header live only: in a replay it is now's, not then's.
  const summaryStatus = useLiveOnly(match.statusType, null)
  const status = header?.status ?? summaryStatus
  const notUnderstood = useNotUnderstood(match.matchId, match.sport)
  const openWindow = () =>
    call('window:openMatch', { matchId: match.matchId }).then(
      ({ url }) => {
        if (url !== null) window.open(withSessionQuery(url))
      },
      (error: unknown) => window.alert(`Could not open the match: ${describeError(error)}`),
    )
  return (
    <header className="match-header">
      <span className="teams">
        <TeamBadge team={match.home} />
        <span className="team-name" title={match.home.name}>
          {match.home.name}
        </span>
        <span className="muted">v</span>
        <TeamBadge team={match.away} />
        <span className="team-name" title={match.away.name}>
          {match.away.name}
        </span>
      </span>
      <Score header={header} />
      <span className="status-chip" data-status={status ?? 'unknown'}>
        {status ?? '—'}
      </span>
      {header?.clock && <MatchClockView clock={header.clock} running={header.status === 'live'} />}
      {stale && header?.synced !== false && (
        <span className="badge warn" data-testid="stale-badge" title={`prices not current: ${stale}`}>
          {stale === LATE_PRICES_REASON ? 'prices late' : 'prices stale'}
        </span>
      )}
      {notUnderstood && (
        <span
          className="badge bad"
          data-testid="not-understood-badge"
          title={`The feed’s ${notUnderstood} frames are refused: what they carry is not shown (see the banner above)`}
        >
          feed not understood
        </span>
      )}
      <span className="muted league" title={match.leagueName}>
        {match.leagueName}
      </span>
      <span className="card-actions">
        <button type="button" className="icon-button" title="Open in its own window" onClick={() => void openWindow()}>
          ↗
        </button>
        {onRemove && (
          <button
            type="button"
            className="icon-button"
            title="Remove from watchlist"
            onClick={() => onRemove(match.matchId)}
          >
            ✕
          </button>
        )}
      </span>
    </header>
  )
}

/**
 * Prices from the local cache, and why: its own line under the header, so a long cause never
 * squeezes the team names.
 */
function CachedNotice({ matchId }: { matchId: number }) {
  const { words, detail } = useUnsyncedWords(matchId)
  return (
    <div className="match-notice">
      <span
        className="badge warn"
        data-testid="cached-badge"
        title={`prices from the local cache (each cell shows its age) until the feed's snapshot arrives${detail ? `: ${detail}` : ''}`}
      >
        cached · {words}
      </span>
    </div>
  )
}

function Score({ header }: { header: MatchHeader | undefined }) {
  if (!header?.score) return null
  const { home, away } = header.score
  const periods = home.periods.map((p, i) => `${p ?? '-'}:${away.periods[i] ?? '-'}`).join(' ')
  return (
    <span className="score num" title={periods} data-testid="match-score">
      <strong>
        {home.current ?? 0}–{away.current ?? 0}
      </strong>
      {periods && <span className="muted"> ({periods})</span>}
    </span>
  )
}

/**
 * The period and the minutes played. While the match is live the clock runs on from its last
 * reading (the data service states it rarely, D9); otherwise it stands where it was last read.
 */
export function MatchClockView({ clock, running }: { clock: NonNullable<MatchHeader['clock']>; running: boolean }) {
  if (clock.elapsedSeconds === null)
    return clock.period ? (
      <span className="muted" data-testid="match-clock">
        {clock.period}
      </span>
    ) : null
  const prefix = clock.period ? `${clock.period} ` : ''
  if (running)
    return (
      <span
        className="muted num"
        data-testid="match-clock"
        {...clockAttributes(clock.at - clock.elapsedSeconds * 1000, prefix)}
      />
    )
  return (
    <span className="muted num" data-testid="match-clock">
      {prefix}
      {Math.floor(clock.elapsedSeconds / 60)}′
    </span>
  )
}

/**
 * The headless host answers a path (`/#/match/1`) without this page's query, which carries the
 * session token; a same-origin URL without a query inherits ours so the new tab is let in.
 */
function withSessionQuery(url: string): string {
  const target = new URL(url, location.href)
  if (target.origin === location.origin && target.search === '') target.search = location.search
  return target.href
}
