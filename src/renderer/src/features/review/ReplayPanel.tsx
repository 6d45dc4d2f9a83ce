/**
 * Replays a recorded range at 1×, 10× or 60×: the recorded ticks are fetched ahead page by page and
 * applied, in order, to a compact read-only board as the virtual clock passes them. The live board
 * belongs to the shell's store; this grid is its own so a replay never touches live prices.
 */
import { memo, useEffect, useRef, useState } from 'react'
import type { OutcomeSeries } from '../../../../shared/history'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'
import { useFlash } from '../../lib/flash'
import { arrowOf, formatPrice } from '../../lib/format'
import { boardBefore, REPLAY_SPEEDS, replayKey, TickStream, type ReplayBoard, type ReplaySpeed } from './replay'
import { ReplayRun, type ReplayFrame } from './replay-run'
import { marketsOf, outcomesOfMarket, type OutcomeNamer } from './series-align'
import { formatSpan, formatTickTime } from './review-format'

interface Props {
  matchId: number
  from: number
  to: number
  /** Every outcome of the match, for the grid's layout (groups, markets, outcomes in recorded order). */
  outcomes: readonly OutcomeSeries[]
  names: OutcomeNamer
}

export function ReplayPanel({ matchId, from, to, outcomes, names }: Props) {
  const [speed, setSpeed] = useState<ReplaySpeed>(10)
  const [view, setView] = useState<ReplayFrame | null>(null)
  const [error, setError] = useState<string | null>(null)
  const run = useRef<ReplayRun | null>(null)
  // The screen remounts this panel for another match or range; unmounting ends the replay.
  useEffect(() => () => run.current?.stop(), [])

  const start = async () => {
    run.current?.stop()
    run.current = null
    setError(null)
    try {
      // The board as it stood at `from`: the last point of every outcome before the range.
      const before = from > 0 ? await call('history:series', { matchId, to: from - 1, maxPoints: 10 }) : null
      const stream = new TickStream((offset, limit) => call('history:ticks', { matchId, from, to, offset, limit }))
      const clock = { position: from, end: to, speed, playing: true }
      run.current = new ReplayRun(stream, before ? boardBefore(before) : new Map(), clock, setView, (e) =>
        setError(describeError(e)),
      )
      run.current.start()
    } catch (e) {
      setError(describeError(e))
    }
  }

  const chooseSpeed = (next: ReplaySpeed) => {
    setSpeed(next)
    run.current?.setSpeed(next)
  }

  const clock = view?.clock
  const share = clock ? (clock.position - from) / Math.max(1, to - from) : 0
  return (
    <section className="panel review-panel replay-panel" data-testid="replay-panel">
      <header className="review-panel-head">
        <span className="review-panel-title">Replay</span>
        <div className="segmented" role="group" aria-label="Replay speed">
          {REPLAY_SPEEDS.map((s) => (
            <button
              key={s}
              type="button"
              className={s === speed ? 'on' : ''}
              onClick={() => chooseSpeed(s)}
              data-testid={`replay-speed-${s}`}
            >
              {s}×
            </button>
          ))}
        </div>
        <button type="button" onClick={() => void start()} data-testid="replay-start">
          {view ? 'Restart' : 'Play'}
        </button>
        {view && (
          <button
            type="button"
            onClick={() => run.current?.togglePause()}
            disabled={!clock?.playing && (clock?.position ?? 0) >= to}
            data-testid="replay-pause"
          >
            {clock?.playing ? 'Pause' : 'Resume'}
          </button>
        )}
        <span className="spacer" />
        <span className="num replay-clock" data-testid="replay-clock">
          {clock ? formatTickTime(clock.position) : formatTickTime(from)}
        </span>
      </header>
      <div className="replay-track" aria-hidden>
        <span className="replay-track-fill" style={{ width: `${Math.min(100, share * 100)}%` }} />
      </div>
      {view && view.total !== null && view.fetched < view.total && (
        <div className="muted num replay-buffer">
          buffered {view.fetched.toLocaleString()} / {view.total.toLocaleString()} ticks
        </div>
      )}
      {error && <div className="inline-note">Replay: {error}</div>}
      {view ? (
        <ReplayGrid outcomes={outcomes} names={names} board={view.board} />
      ) : (
        <div className="muted pad">Play replays the {formatSpan(from, to)} shown above.</div>
      )}
    </section>
  )
}

/** Markets in the order the recording first saw them, each with its outcomes. */
function gridLayout(outcomes: readonly OutcomeSeries[], names: OutcomeNamer) {
  return marketsOf(outcomes, names).map((m) => ({
    ...m,
    outcomes: outcomesOfMarket(outcomes, m.key).map((o) => ({
      key: replayKey(o.oddType, o.oddKey),
      label: names(o).outcome,
    })),
  }))
}

const ReplayGrid = memo(function ReplayGrid({
  outcomes,
  names,
  board,
}: {
  outcomes: readonly OutcomeSeries[]
  names: OutcomeNamer
  board: ReplayBoard
}) {
  return (
    <div className="replay-grid" data-testid="replay-grid">
      {gridLayout(outcomes, names).map((m) => (
        <div className="replay-market" key={m.key}>
          <span className="replay-market-label" title={m.label}>
            {m.label}
          </span>
          {m.outcomes.map((o) => (
            <ReplayCellView key={o.key} label={o.label} cell={board.get(o.key)} outcome={o.key} />
          ))}
        </div>
      ))}
    </div>
  )
})

function ReplayCellView({
  label,
  cell,
  outcome,
}: {
  label: string
  cell: ReturnType<ReplayBoard['get']>
  outcome: string
}) {
  const priceRef = useFlash<HTMLSpanElement>(cell?.changedAt, cell?.direction)
  if (!cell) {
    return (
      <span className="replay-cell empty" data-testid="replay-cell" data-outcome={outcome}>
        <span className="replay-cell-label">{label}</span>
        <span className="num">—</span>
      </span>
    )
  }
  return (
    <span
      className={cell.suspended ? 'replay-cell suspended' : 'replay-cell'}
      data-testid="replay-cell"
      data-outcome={outcome}
      data-price={cell.price}
    >
      <span className="replay-cell-label">{label}</span>
      <span ref={priceRef} className="num replay-price flash-layer">
        {cell.suspended ? 'SUSP' : formatPrice(cell.price)}
      </span>
      <span className={`replay-arrow ${cell.direction}`}>{arrowOf(cell.direction)}</span>
    </span>
  )
}
