/**
 * The replay banner across the app while a desk replay shows: what is replayed and when, the
 * replayed clock, play / pause / step / speed, jumps between overrides and alerts, exit, and the
 * timeline (drag or click to seek; its marks are the overrides and alerts). The frame around the
 * app takes the replay colour too (App sets `data-mode`), so replayed prices are never read as live.
 */
import { memo, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react'
import type { ReplayMark } from '../../../../shared/replay'
import { formatClockTime } from '../../lib/format'
import { useReplayStore, type ReplaySession } from '../../store/replay-store'
import { formatRange, formatTickTime } from '../review/review-format'
import { REPLAY_SPEEDS } from './replay-clock'
import { instantAt, shareOf } from './replay-marks'
import { jumpToMark, leaveReplay, seek, setSpeed, stepEvent, togglePlay } from './replay-player'
import './replay.css'

/** A keyboard step along the timeline: a twentieth of the range. */
const KEY_STEP_SHARE = 0.05

export function ReplayBar() {
  const session = useReplayStore((s) => s.session)
  if (!session) return null
  const { clock, loading, error } = session
  const atEnd = clock.position >= clock.end
  return (
    <section className="replay-bar" data-testid="replay-banner" data-loading={loading} aria-label="Replay">
      <div className="replay-row">
        <span className="replay-badge">Replay</span>
        <ReplayTitle label={session.label} from={session.from} to={session.to} />
        <div className="replay-controls">
          <button
            type="button"
            onClick={() => jumpToMark(-1)}
            title="Previous override or alert"
            data-testid="replay-prev-mark"
          >
            ◂◂ Prev
          </button>
          <button
            type="button"
            className="replay-play"
            onClick={togglePlay}
            disabled={loading}
            data-testid="replay-play"
            data-playing={clock.playing}
          >
            {clock.playing ? '❚❚ Pause' : atEnd ? '↺ Again' : '▶ Play'}
          </button>
          <button
            type="button"
            onClick={() => void stepEvent()}
            disabled={loading || atEnd}
            title="Pause and play the next recorded event"
            data-testid="replay-step"
          >
            Step ▸|
          </button>
          <button
            type="button"
            onClick={() => jumpToMark(1)}
            title="Next override or alert"
            data-testid="replay-next-mark"
          >
            Next ▸▸
          </button>
          <div className="segmented" role="group" aria-label="Replay speed">
            {REPLAY_SPEEDS.map((speed) => (
              <button
                key={speed}
                type="button"
                className={speed === clock.speed ? 'on' : ''}
                onClick={() => setSpeed(speed)}
                data-testid={`replay-speed-${speed}`}
              >
                {speed}×
              </button>
            ))}
          </div>
        </div>
        <span className="spacer" />
        {loading && <span className="muted">reading the recording…</span>}
        {session.unrecorded.length > 0 && <Unrecorded session={session} />}
        {error && (
          // One line in the bar, cut when long: the whole text on hover.
          <span className="replay-error" role="alert" data-testid="replay-error" title={`Replay: ${error}`}>
            Replay: {error}
          </span>
        )}
        <span
          className="replay-clock num"
          data-testid="replay-clock"
          data-at={clock.position}
          title="The replayed time"
        >
          <span className="replay-clock-text">{formatTickTime(clock.position).slice(0, 8)}</span>
        </span>
        <button type="button" className="replay-exit" onClick={leaveReplay} data-testid="replay-exit">
          Exit replay
        </button>
      </div>
      <Timeline session={session} />
    </section>
  )
}

/** What is replayed, and when: drawn again only when that changes (its dates cost an Intl call each). */
const ReplayTitle = memo(function ReplayTitle({ label, from, to }: { label: string; from: number; to: number }) {
  const range = formatRange(from, to)
  return (
    <span className="replay-title" data-testid="replay-title" title={`${label} · ${range}`}>
      <strong>{label}</strong> <span className="num">{range}</span>
    </span>
  )
})

/** "2 not recorded": matches of the list the cache holds nothing of (their cards stay empty). */
function Unrecorded({ session }: { session: ReplaySession }) {
  const names = session.matches
    .filter((m) => session.unrecorded.includes(m.matchId))
    .map((m) => `${m.home.name} v ${m.away.name}`)
  return (
    <span className="badge warn" title={`Nothing recorded of: ${names.join(', ')}`} data-testid="replay-unrecorded">
      {session.unrecorded.length} not recorded
    </span>
  )
}

/** The range as a track: drag or click to seek, marks to jump to; arrow keys step a twentieth, Home and End go to the ends. */
function Timeline({ session }: { session: ReplaySession }) {
  const { from, to, marks, clock } = session
  const track = useRef<HTMLDivElement>(null)
  // While dragging, the playhead follows the pointer; the seek happens on release.
  const [dragShare, setDragShare] = useState<number | null>(null)
  const shareAt = (e: PointerEvent) => {
    const box = track.current?.getBoundingClientRect()
    return box && box.width > 0 ? (e.clientX - box.left) / box.width : 0
  }
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId)
    setDragShare(shareAt(e))
  }
  const onPointerMove = (e: PointerEvent) => {
    if (dragShare !== null) setDragShare(shareAt(e))
  }
  const onPointerUp = (e: PointerEvent) => {
    if (dragShare === null) return
    setDragShare(null)
    void seek(instantAt(shareAt(e), from, to))
  }
  const onKeyDown = (e: KeyboardEvent) => {
    const step = KEY_STEP_SHARE * (to - from)
    const target: Record<string, number> = {
      ArrowRight: clock.position + step,
      ArrowLeft: clock.position - step,
      Home: from,
      End: to,
    }
    const at = target[e.key]
    if (at === undefined) return
    e.preventDefault()
    void seek(at)
  }
  const share = dragShare ?? shareOf(clock.position, from, to)
  return (
    <div className="replay-timeline">
      <span className="num muted">{formatTickTime(from).slice(0, 8)}</span>
      <div
        ref={track}
        className="replay-track"
        role="slider"
        tabIndex={0}
        aria-label="Replay position"
        aria-valuemin={from}
        aria-valuemax={to}
        aria-valuenow={clock.position}
        aria-valuetext={formatTickTime(clock.position).slice(0, 8)}
        data-testid="replay-timeline"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <span className="replay-played" style={{ '--share': share } as CSSProperties} />
        <Marks marks={marks} from={from} to={to} />
        <span className="replay-head" style={{ '--share': share } as CSSProperties} />
      </div>
      <span className="num muted">{formatTickTime(to).slice(0, 8)}</span>
    </div>
  )
}

/**
 * The timeline's marks, drawn again only when the marks or the range change: the banner renders
 * every frame as the clock moves, and a busy desk's hour holds hundreds of marks (750 on the
 * replay bench), each with its time formatted, which cost the page ~5 % of its main thread at 60×.
 */
const Marks = memo(function Marks({ marks, from, to }: { marks: ReplayMark[]; from: number; to: number }) {
  return marks.map((mark, i) => <Mark key={i} mark={mark} share={shareOf(mark.at, from, to)} />)
})

function Mark({ mark, share }: { mark: ReplayMark; share: number }) {
  return (
    <span
      className={`replay-mark kind-${mark.kind}`}
      style={{ left: `${share * 100}%` }}
      title={`${formatClockTime(mark.at)} · ${mark.kind === 'override' ? 'Override' : 'Alert'}: ${mark.label}`}
      data-testid="replay-mark"
      data-kind={mark.kind}
      data-at={mark.at}
    />
  )
}
