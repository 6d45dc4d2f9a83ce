/**
 * The raw frame inspector: a drawer under the current screen listing the frames every live stream
 * received since it was opened (the core captures only while it is open), newest first: time,
 * stream, size, type or why it was refused, the text. Pause freezes the list while frames keep
 * arriving behind it; filters by match and message type, and by one stream when a problem banner
 * opened it there (shown as a chip that clears it); a row opens its frame whole (as much as
 * crossed the bridge) with its stream's address and a Copy button. Keys and tokens were replaced
 * in the core before any of it left.
 *
 * Not a dialog: the board's hotkeys stay live while it is open, and `I` closes it again. The list
 * refreshes four times a second, like the tape, through the same fixed-row window.
 */
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react'
import { FRAME_TEXT_CAP, type InspectorFrame, type InspectorStream } from '../../../../shared/inspector'
import { formatClockTimeMs } from '../../lib/format'
import { useRowWindow } from '../../lib/row-window'
import { FrameRings, passes, type FrameFilter, type TypeFilter } from '../../store/frame-rings'
import { openInspectorOn, setInspectorOpen, useUiStore } from '../../store/ui-store'
import { useWatchlistStore } from '../../store/watchlist-store'
import { useFrameFeed } from './use-frame-feed'
import './inspector.css'

const REFRESH_MS = 250
/** Must match `.frame-row` height in inspector.css. */
const ROW_PX = 22

export function FrameInspector() {
  const [rings] = useState(() => new FrameRings())
  const error = useFrameFeed(rings)
  const [matchId, setMatchId] = useState<number | null>(null)
  const [type, setType] = useState<TypeFilter>({ kind: 'all' })
  const [selected, setSelected] = useState<InspectorFrame | null>(null)
  const stream = useUiStore((s) => s.inspectorStream)
  const { shown, paused, setPaused, received } = useShownFrames(rings, { stream, matchId, type })
  const { scrollerRef, first, last, totalPx, offsetPx } = useRowWindow(shown.length, ROW_PX)

  return (
    <section
      className="frame-inspector panel"
      aria-label="Frame inspector"
      data-testid="frame-inspector"
      onKeyDown={(e) => e.key === 'Escape' && setInspectorOpen(false)}
    >
      <div className="panel-title">
        Raw frames
        <span className="muted num" data-testid="frames-shown" data-count={shown.length}>
          {`${shown.length.toLocaleString()} shown`}
        </span>
        <span className="muted num" data-testid="frames-received" data-count={received}>
          {`· ${received.toLocaleString()} received since opened`}
        </span>
        {rings.skipped > 0 && (
          <span className="muted num">{`· ${rings.skipped.toLocaleString()} not passed on (too many a second)`}</span>
        )}
        {error && <span className="frame-error">{error}</span>}
        <span className="spacer" />
        <button type="button" data-testid="frames-pause" aria-pressed={paused} onClick={() => setPaused(!paused)}>
          {paused ? '▶ Resume' : '❚❚ Pause'}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Close inspector"
          onClick={() => setInspectorOpen(false)}
        >
          ×
        </button>
      </div>
      <Filters rings={rings} matchId={matchId} setMatchId={setMatchId} type={type} setType={setType}>
        {stream && (
          <button
            type="button"
            className="chip"
            data-testid="frames-stream-filter"
            title="Show every stream's frames"
            onClick={() => openInspectorOn(null)}
          >
            {`Stream ${stream} ×`}
          </button>
        )}
      </Filters>
      <div className="frame-body">
        <div className="frame-scroll" ref={scrollerRef} data-testid="frame-scroll">
          <div style={{ height: totalPx }}>
            <div style={{ transform: `translateY(${offsetPx}px)` }}>
              {shown.slice(first, last).map((frame) => (
                <FrameRow key={frame.seq} frame={frame} selected={frame === selected} onSelect={setSelected} />
              ))}
            </div>
          </div>
          {shown.length === 0 && (
            <div className="muted frame-empty">Frames appear here as the streams receive them.</div>
          )}
        </div>
        <FrameDetail frame={selected} stream={selected ? rings.streams.get(selected.stream) : undefined} />
      </div>
    </section>
  )
}

/** The list as shown: refreshed from the rings, or frozen while paused (filters then apply to the frozen list). */
function useShownFrames(rings: FrameRings, filter: FrameFilter) {
  const [paused, setPausedState] = useState(false)
  const [frozen, setFrozen] = useState<InspectorFrame[]>([])
  const [, setRefreshes] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setRefreshes((n) => n + 1), REFRESH_MS)
    return () => clearInterval(timer)
  }, [])
  const setPaused = (next: boolean) => {
    if (next) setFrozen(rings.view({ matchId: null, type: { kind: 'all' } }))
    setPausedState(next)
  }
  const shown = paused ? frozen.filter((frame) => passes(frame, filter)) : rings.view(filter)
  return { shown, paused, setPaused, received: rings.received }
}

function Filters(props: {
  rings: FrameRings
  matchId: number | null
  setMatchId: (id: number | null) => void
  type: TypeFilter
  setType: (type: TypeFilter) => void
  children?: ReactNode
}) {
  const { rings, matchId, setMatchId, type, setType, children } = props
  const names = useMatchNames()
  const typeValue = type.kind === 'type' ? `type:${type.type}` : type.kind
  return (
    <div className="tape-filters">
      <select
        aria-label="Frame match"
        value={matchId ?? 'all'}
        onChange={(e) => setMatchId(e.target.value === 'all' ? null : Number(e.target.value))}
      >
        <option value="all">All matches</option>
        {[...rings.matchIds]
          .sort((a, b) => a - b)
          .map((id) => (
            <option key={id} value={id}>
              {names.get(id) ?? `Match ${id}`}
            </option>
          ))}
      </select>
      <select
        aria-label="Frame type"
        value={typeValue}
        onChange={(e) => {
          const value = e.target.value
          if (value === 'all' || value === 'refused') setType({ kind: value })
          else setType({ kind: 'type', type: value.slice('type:'.length) })
        }}
      >
        <option value="all">All types</option>
        <option value="refused">Refused frames</option>
        {[...rings.types].sort().map((t) => (
          <option key={t} value={`type:${t}`}>
            {t}
          </option>
        ))}
      </select>
      {children}
    </div>
  )
}

/** "Home v Away" for every match on any watchlist. */
function useMatchNames(): Map<number, string> {
  const state = useWatchlistStore((s) => s.state)
  return useMemo(() => {
    const names = new Map<number, string>()
    for (const list of state?.lists ?? [])
      for (const m of list.matches) names.set(m.matchId, `${m.home.name} v ${m.away.name}`)
    return names
  }, [state])
}

/** A frame never changes: once rendered, a row only re-renders when its selection does. */
const FrameRow = memo(function FrameRow({
  frame,
  selected,
  onSelect,
}: {
  frame: InspectorFrame
  selected: boolean
  onSelect: (frame: InspectorFrame) => void
}) {
  const refused = frame.refused
  return (
    <div
      className={`frame-row${refused ? ' refused' : ''}${selected ? ' selected' : ''}`}
      data-testid="frame-row"
      data-seq={frame.seq}
      data-type={frame.type ?? ''}
      data-match={frame.matchId ?? ''}
      data-refused={refused?.reason ?? ''}
      onClick={() => onSelect(frame)}
    >
      <span className="num muted">{formatClockTimeMs(frame.at)}</span>
      <span className="frame-stream">{frame.stream}</span>
      <span className="num muted">{formatSize(frame.size)}</span>
      <span className="frame-type" title={refused ? `${refused.reason}: ${refused.detail}` : undefined}>
        {refused ? `${refused.reason === 'malformed' ? 'malformed' : 'unknown kind'}: ${refused.detail}` : frame.type}
      </span>
      <span className="frame-text">{frame.text}</span>
    </div>
  )
})

function FrameDetail({ frame, stream }: { frame: InspectorFrame | null; stream: InspectorStream | undefined }) {
  const [copied, setCopied] = useState<number | null>(null)
  if (!frame) return <div className="frame-detail muted">Pick a frame to see it whole and copy it.</div>
  const copy = () =>
    navigator.clipboard.writeText(frame.text).then(
      () => setCopied(frame.seq),
      () => setCopied(null),
    )
  return (
    <div className="frame-detail" data-testid="frame-detail">
      <div className="frame-detail-head">
        <span className="num">{formatClockTimeMs(frame.at)}</span>
        <span>{frame.stream}</span>
        <span className="spacer" />
        <button type="button" data-testid="frame-copy" onClick={copy} disabled={frame.text === ''}>
          {copied === frame.seq ? 'Copied' : 'Copy'}
        </button>
      </div>
      {stream && (
        <div className="muted frame-url" data-testid="frame-url">
          {`${stream.transport === 'sse' ? 'event stream' : 'WebSocket'} ${stream.url}`}
        </div>
      )}
      {frame.refused && (
        <div className="frame-refusal" data-testid="frame-refusal">
          {`Refused (${frame.refused.reason === 'malformed' ? 'malformed' : 'unknown kind'}): ${frame.refused.detail}`}
        </div>
      )}
      <div className="muted">
        {frame.size === null
          ? 'Refused before it became text: nothing to show.'
          : `${formatSize(frame.size)}${frame.truncated ? `, first ${FRAME_TEXT_CAP / 1024} KiB shown` : ''}`}
      </div>
      <pre className="frame-full" data-testid="frame-text">
        {frame.text}
      </pre>
    </div>
  )
}

function formatSize(bytes: number | null): string {
  if (bytes === null) return '—'
  return bytes < 10_000 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`
}
