/**
 * Latency in the status bar: a service's feed lag (its messages' own send time to their receipt in
 * the core) and the board's tick-to-paint (receipt to the frame that painted it), each as p50/p99
 * over the last minute, in the warning colour when the p99 is above the trader's limit (Settings).
 * A feed whose messages carry no send time says so rather than showing a figure it cannot have.
 */
import { useEffect, useState } from 'react'
import type { FeedLag, FeedService } from '../../../../shared/health'
import type { LatencySummary } from '../../../../shared/latency-window'
import { DEFAULT_SETTINGS } from '../../../../shared/settings'
import { formatLatencyPair } from '../../lib/format'
import { tickToPaintSummary } from '../../lib/paint-probe'
import { useSettingsStore } from '../../store/settings-store'

export function FeedLagStatus({ service, lag }: { service: FeedService; lag: FeedLag | null }) {
  const warnMs = useSettingsStore((s) => (s.settings ?? DEFAULT_SETTINGS).feedLagWarnMs)
  if (lag === null) return null
  if (!lag.timed) {
    return (
      <span
        className="num muted fig-latency"
        data-testid={`lag-${service}`}
        data-level="none"
        title="This feed's messages carry no send time, so its lag cannot be measured"
      >
        lag: no time in feed
      </span>
    )
  }
  return (
    <LatencyFigure testId={`lag-${service}`} label="lag" what="Feed lag" summary={lag.lastMinute} warnMs={warnMs} />
  )
}

/** Read once a second: the window is the renderer's own, no event says it changed. */
export function PaintStatus() {
  const warnMs = useSettingsStore((s) => (s.settings ?? DEFAULT_SETTINGS).paintWarnMs)
  const [summary, setSummary] = useState(() => tickToPaintSummary())
  useEffect(() => {
    const timer = setInterval(() => setSummary(tickToPaintSummary()), 1000)
    return () => clearInterval(timer)
  }, [])
  return (
    <LatencyFigure
      testId="paint-latency"
      label="paint"
      what="Tick-to-paint (a price's receipt to the frame that painted it)"
      summary={summary}
      warnMs={warnMs}
    />
  )
}

function LatencyFigure({
  testId,
  label,
  what,
  summary,
  warnMs,
}: {
  testId: string
  label: string
  what: string
  summary: LatencySummary | null
  warnMs: number
}) {
  if (summary === null) {
    return (
      <span
        className="num muted fig-latency"
        data-testid={testId}
        data-level="none"
        title={`${what}: nothing in the last minute`}
      >
        {label} —
      </span>
    )
  }
  const warn = summary.p99Ms > warnMs
  const title =
    `${what} over the last minute: p50 ${Math.round(summary.p50Ms)} ms, p99 ${Math.round(summary.p99Ms)} ms, ` +
    `max ${Math.round(summary.maxMs)} ms, ${summary.samples} samples; warning above ${warnMs} ms (Settings)`
  return (
    <span
      className={warn ? 'badge warn num latency' : 'num latency fig-latency'}
      data-testid={testId}
      data-level={warn ? 'warn' : 'ok'}
      data-samples={summary.samples}
      title={title}
    >
      {label} {formatLatencyPair(summary.p50Ms, summary.p99Ms)}
    </span>
  )
}
