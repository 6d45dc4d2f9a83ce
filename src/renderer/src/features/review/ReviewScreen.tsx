/**
 * Review: the recorded history of one match. A chart per market (downsampled by main to about a
 * point per pixel; a dragged range reloads at full resolution), the raw ticks, and the CSV export.
 * "Replay the desk" plays the range on the board with the match's watchlist (features/replay); the
 * chart's playhead follows that replay, and a click on the chart seeks it.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import type { HistorySeries } from '../../../../shared/history'
import { call } from '../../bridge'
import { Progress } from '../../components/Progress'
import { describeError } from '../../lib/errors'
import { useUiStore, type ReviewTarget } from '../../store/ui-store'
import { ExportButton } from './ExportButton'
import { MatchPicker } from './MatchPicker'
import { MARKER_COLOURS, PriceChart } from './PriceChart'
import { ProviderHistoryPanel } from './ProviderHistoryPanel'
import { seek } from '../replay/replay-player'
import { isReplaying } from '../../store/replay-store'
import { openReplayPicker } from '../../store/ui-store'
import {
  alignOutcomes,
  marketKey as marketKeyOf,
  marketsOf,
  namerOf,
  outcomesOfMarket,
  overrideMarkers,
  seriesSpan,
} from './series-align'
import { TickTable } from './TickTable'
import { formatRange } from './review-format'
import './review.css'

/** main's ceiling for one series request: a zoomed range at this many points is every tick there is. */
const FULL_RESOLUTION_POINTS = 20_000

type Range = { from: number; to: number }

interface SeriesLoad {
  series: HistorySeries | null
  loading: boolean
  /** Ticks in the requested range, known before the series arrives (it is one cheap count). */
  expectedTicks: number | null
  error: string | null
}

export function ReviewScreen() {
  // Opened by the board's H: on that match, that outcome's market, its line drawn bold.
  const [target] = useState<ReviewTarget | null>(() => useUiStore.getState().reviewTarget)
  const [outcome, setOutcome] = useState(target?.outcome ?? null)
  const [matchId, setMatchId] = useState<number | null>(target?.matchId ?? null)
  const [range, setRange] = useState<Range | null>(null)
  const [reloadKey, setReloadKey] = useState(0)
  const [marketKey, setMarketKey] = useState<string | null>(outcome && marketKeyOf(outcome.oddType, outcome.oddKey))
  const chartArea = useRef<HTMLDivElement>(null)
  const load = useSeries(matchId, range, reloadKey, chartArea)

  const pickMatch = useCallback((id: number) => {
    setMatchId(id)
    setRange(null)
    setMarketKey(null)
    setOutcome(null)
  }, [])
  const selectRange = useCallback((from: number, to: number) => setRange({ from, to }), [])

  const series = load.series
  // Before the series is in, outcomes are named from their keys.
  const names = useMemo(
    () => namerOf({ matchId: matchId ?? 0, labels: series?.labels ?? { teams: null, layout: null } }),
    [matchId, series],
  )
  const markets = useMemo(() => (series ? marketsOf(series.outcomes, names) : []), [series, names])
  const market = markets.find((m) => m.key === marketKey) ?? markets[0] ?? null
  const chart = useMemo(() => {
    if (!series || !market) return null
    const lines = outcomesOfMarket(series.outcomes, market.key)
    return {
      data: alignOutcomes(lines, names),
      markers: overrideMarkers(series.overrides, market, names),
      bold: lines.findIndex((o) => o.oddType === outcome?.oddType && o.oddKey === outcome.oddKey),
    }
  }, [series, market, names, outcome])
  const span = range ?? (series ? seriesSpan(series) : null)
  const points = series?.outcomes.reduce((sum, o) => sum + o.t.length, 0) ?? 0

  return (
    <div className="review-screen" data-testid="review-screen">
      <div className="review-toolbar">
        <MatchPicker matchId={matchId} onPick={pickMatch} />
        {matchId !== null && (
          <>
            <span className="review-range num" data-testid="review-range">
              {range ? formatRange(range.from, range.to) : 'whole recording'}
            </span>
            {range && (
              <button type="button" onClick={() => setRange(null)} data-testid="review-range-reset">
                Whole recording
              </button>
            )}
            <button
              type="button"
              onClick={() => setReloadKey((k) => k + 1)}
              title="Load what was recorded since"
              data-testid="review-reload"
            >
              Reload
            </button>
            <span className="spacer" />
            <button
              type="button"
              onClick={() => openReplayPicker({ range: span, matchId })}
              disabled={!span}
              title="Play this range back on the board, with the match's watchlist"
              data-testid="review-replay"
            >
              ⟲ Replay the desk
            </button>
            <ExportButton matchId={matchId} range={range} />
          </>
        )}
      </div>

      {matchId === null && <div className="review-empty muted">Pick a watched match, or enter a match id.</div>}

      {matchId !== null && (
        <>
          <section className="panel review-panel chart-panel" ref={chartArea}>
            <header className="review-panel-head">
              <div className="segmented market-tabs" role="tablist" aria-label="Market">
                {markets.map((m) => (
                  <button
                    key={m.key}
                    type="button"
                    role="tab"
                    aria-selected={m.key === market?.key}
                    className={m.key === market?.key ? 'on' : ''}
                    onClick={() => setMarketKey(m.key)}
                  >
                    {m.label}
                  </button>
                ))}
              </div>
              <span className="spacer" />
              {outcome && chart && chart.bold >= 0 && (
                <span className="badge accent" data-testid="review-outcome" title="Opened from the board (H)">
                  {names(outcome).outcome}
                </span>
              )}
              {series && (
                <span className="muted num" data-testid="review-stats">
                  {series.totalTicks.toLocaleString()} ticks · {points.toLocaleString()} points
                  {points < series.totalTicks ? ' (downsampled)' : ''}
                </span>
              )}
            </header>
            {load.loading && (
              <Progress
                done={0}
                total={null}
                label={
                  load.expectedTicks === null
                    ? 'Loading history…'
                    : `Loading ${load.expectedTicks.toLocaleString()} ticks…`
                }
              />
            )}
            {load.error && <div className="inline-note">History: {load.error}</div>}
            {series && !market && !load.loading && (
              <div className="review-empty muted">
                Nothing recorded for this match{range ? ' in this range' : ''} yet.
              </div>
            )}
            {chart && (
              <PriceChart
                data={chart.data}
                markers={chart.markers}
                boldLine={chart.bold}
                onSelectRange={selectRange}
                onPick={seekReplay}
              />
            )}
            {chart && <ChartKey />}
          </section>
          {/* Siblings: each key names its component too, or a zoomed range gives both the same one. */}
          <div className="review-lower">
            <TickTable
              key={`ticks:${matchId}:${range?.from}:${range?.to}`}
              matchId={matchId}
              from={range?.from}
              to={range?.to}
              reloadKey={reloadKey}
              names={names}
            />
            <ProviderHistoryPanel key={matchId} matchId={matchId} names={names} />
          </div>
        </>
      )}
    </div>
  )
}

/** A click on a chart seeks the desk replay, when one runs (there is nothing to seek otherwise). */
function seekReplay(at: number): void {
  if (isReplaying()) void seek(at)
}

/** What the shading and marks on the chart mean (uPlot's legend names the lines and shows their values). */
function ChartKey() {
  return (
    <div className="chart-key muted">
      <span>
        <i className="key-shade" /> suspended
      </span>
      {Object.entries(MARKER_COLOURS).map(([action, colour]) => (
        <span key={action}>
          <i className="key-mark" style={{ borderColor: colour }} /> override {action}
        </span>
      ))}
      <span className="key-hint">drag across the chart to zoom into a range; during a replay, click to seek it</span>
    </div>
  )
}

/**
 * Loads the series of a match (or range). The whole recording comes at about one point per pixel of
 * the chart; a chosen range at full resolution. Each request has a key: an answer for an older key
 * is stale, and "loading" is simply "no answer for the current key yet".
 */
function useSeries(
  matchId: number | null,
  range: Range | null,
  reloadKey: number,
  chartArea: RefObject<HTMLDivElement | null>,
): SeriesLoad {
  const key = matchId === null ? null : `${matchId}:${range?.from}:${range?.to}:${reloadKey}`
  const [answer, setAnswer] = useState<{ key: string; series: HistorySeries | null; error: string | null } | null>(null)
  const [count, setCount] = useState<{ key: string; total: number } | null>(null)
  useEffect(() => {
    if (matchId === null || key === null) return
    let live = true
    const bounds = { matchId, from: range?.from, to: range?.to }
    const width = chartArea.current?.clientWidth ?? window.innerWidth
    const maxPoints = range ? FULL_RESOLUTION_POINTS : Math.max(10, Math.min(FULL_RESOLUTION_POINTS, Math.round(width)))
    call('history:ticks', { ...bounds, limit: 1 }).then(
      (page) => live && setCount({ key, total: page.total }),
      () => undefined, // the series call reports the same failure
    )
    call('history:series', { ...bounds, maxPoints }).then(
      (series) => live && setAnswer({ key, series, error: null }),
      (e: unknown) => live && setAnswer({ key, series: null, error: describeError(e) }),
    )
    return () => {
      live = false
    }
  }, [key, matchId, range, chartArea])
  const loading = key !== null && answer?.key !== key
  return {
    // Another match's chart would mislead while this one loads; the same match's stays until replaced.
    series: answer?.series?.matchId === matchId ? answer.series : null,
    loading,
    expectedTicks: loading && count?.key === key ? count.total : null,
    error: answer?.key === key ? answer.error : null,
  }
}
