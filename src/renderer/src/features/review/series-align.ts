/**
 * Recorded series → what uPlot draws. uPlot wants one shared x array with one y array per line,
 * while every outcome was recorded at its own times; prices are step functions (a price holds until
 * the next tick), so each outcome is carried forward onto the union of all times rather than
 * interpolated. Times become seconds because uPlot's time axis counts in seconds.
 */
import type { OverrideEvent, OverrideEventKind } from '../../../../shared/domain'
import type { HistorySeries, OutcomeSeries } from '../../../../shared/history'
import { outcomeWords, type MatchLabels, type OutcomeWords } from '../../../../shared/labels'
import { formatPrice } from '../../../../shared/price-format'

/** One market of a match: an odd group plus the market part of its odd keys. */
export interface MarketRef {
  key: string
  oddType: string
  market: string
  /** The feed's words for it: `Game handicap -1.5`. */
  label: string
}

/** Words for the recorded outcomes of one match. */
export type OutcomeNamer = (o: { oddType: string; oddKey: string }) => OutcomeWords

export function namerOf(series: { matchId: number; labels: MatchLabels }): OutcomeNamer {
  return (o) => outcomeWords({ matchId: series.matchId, oddType: o.oddType, oddKey: o.oddKey }, series.labels)
}

function marketKeyOf(oddKey: string): string {
  const hash = oddKey.indexOf('#')
  return hash >= 0 ? oddKey.slice(0, hash) : oddKey
}

export interface ChartData {
  /** Epoch seconds, ascending, unique. */
  x: number[]
  /** One line per outcome, aligned with x; null before the outcome's first recorded price. */
  ys: (number | null)[][]
  labels: string[]
  /** [from, to] in epoch seconds where at least one outcome of the market was suspended. */
  suspendedSpans: [number, number][]
}

export interface OverrideMarker {
  /** Epoch seconds (receive time, like the price line). */
  x: number
  action: OverrideEventKind
  label: string
}

/** The key of the market an outcome belongs to (`MarketRef.key`). */
export function marketKey(oddType: string, oddKey: string): string {
  return `${oddType} · ${marketKeyOf(oddKey)}`
}

/** Markets in the order the recording lists their first outcome. */
export function marketsOf(outcomes: readonly OutcomeSeries[], names: OutcomeNamer): MarketRef[] {
  const seen = new Map<string, MarketRef>()
  for (const o of outcomes) {
    const key = marketKey(o.oddType, o.oddKey)
    if (!seen.has(key))
      seen.set(key, { key, oddType: o.oddType, market: marketKeyOf(o.oddKey), label: names(o).market })
  }
  return [...seen.values()]
}

export function outcomesOfMarket(outcomes: readonly OutcomeSeries[], key: string): OutcomeSeries[] {
  return outcomes.filter((o) => marketKey(o.oddType, o.oddKey) === key)
}

export function alignOutcomes(outcomes: readonly OutcomeSeries[], names: OutcomeNamer): ChartData {
  const times = new Set<number>()
  for (const o of outcomes) for (const t of o.t) times.add(t)
  const xMs = [...times].sort((a, b) => a - b)
  const ys: (number | null)[][] = []
  const suspendedAt: boolean[] = new Array<boolean>(xMs.length).fill(false)
  for (const o of outcomes) {
    const line: (number | null)[] = []
    let next = 0
    let price: number | null = null
    let suspended = false
    for (let i = 0; i < xMs.length; i++) {
      // Several points may share one time (downsampling keeps first/min/max/last): the last one wins.
      while (next < o.t.length && (o.t[next] as number) <= (xMs[i] as number)) {
        price = o.price[next] as number
        suspended = o.suspended[next] as boolean
        next++
      }
      line.push(price)
      if (suspended) suspendedAt[i] = true
    }
    ys.push(line)
  }
  return {
    x: xMs.map((t) => t / 1000),
    ys,
    labels: outcomes.map((o) => names(o).outcome),
    suspendedSpans: spansOf(xMs, suspendedAt),
  }
}

/** A span runs from the first suspended time to the next unsuspended time (or the last time). */
function spansOf(xMs: readonly number[], suspendedAt: readonly boolean[]): [number, number][] {
  const spans: [number, number][] = []
  let start: number | null = null
  for (let i = 0; i < xMs.length; i++) {
    const t = (xMs[i] as number) / 1000
    if (suspendedAt[i] && start === null) start = t
    if (!suspendedAt[i] && start !== null) {
      spans.push([start, t])
      start = null
    }
  }
  if (start !== null) spans.push([start, (xMs[xMs.length - 1] as number) / 1000])
  return spans
}

export function overrideMarkers(
  overrides: readonly OverrideEvent[],
  market: MarketRef,
  names: OutcomeNamer,
): OverrideMarker[] {
  return overrides
    .filter((e) => e.oddType === market.oddType && marketKeyOf(e.oddKey) === market.market)
    .map((e) => ({
      x: e.receivedTs / 1000,
      action: e.action,
      label: `${e.action} ${names(e).outcome} ${formatPrice(e.oddValue)}${e.suspended ? ' (susp)' : ''}`,
    }))
}

/** The recorded time span of a series in epoch ms, or null when it holds no point. */
export function seriesSpan(series: HistorySeries): { from: number; to: number } | null {
  let from = Infinity
  let to = -Infinity
  for (const o of series.outcomes) {
    if (o.t.length === 0) continue
    from = Math.min(from, o.t[0] as number)
    to = Math.max(to, o.t[o.t.length - 1] as number)
  }
  return Number.isFinite(from) ? { from, to } : null
}
