/**
 * The change tape: every price change across the active watchlist (a replay's list and replayed
 * changes while one shows), newest first, filterable and virtualized. It refreshes four times a
 * second by design (nobody reads a tape faster, and it keeps list rendering off the price hot path:
 * the board cells update every frame), and once a second while changes come too fast to read at
 * that pace (tape-cadence.ts). A trader who scrolled down to read keeps their place while new
 * changes arrive above.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { PriceChange } from '../../../../shared/domain'
import type { MatchSummary } from '../../../../shared/discovery'
import { formatClockTime, formatPct, formatPrice } from '../../lib/format'
import { usePanelShown } from '../../lib/panel-shown'
import { useRowWindow } from '../../lib/row-window'
import { useShownTape, useTapeStore } from '../../store/board-store'
import { useReplayStore } from '../../store/replay-store'
import { FilteredTape, tapeFilterPredicate } from '../../store/filtered-tape'
import { nameOutcome } from '../../store/outcome-names'
import { focusMatch, setTapeFilter, useUiStore } from '../../store/ui-store'
import { useActiveWatchlist, useWatchlistMatch } from '../../store/watchlist-store'
import { useTapeColumns, type TapeColumns } from './tape-columns'
import { HELD_REFRESH_MS, holdsScreens, READABLE_REFRESH_MS } from './tape-cadence'
import './tape.css'

/** Must match `.tape-row` height in tape.css. */
const ROW_PX = 22

export function TapeView() {
  const list = useActiveWatchlist()
  const replayed = useReplayStore((s) => s.session?.matches ?? null)
  const matches = useMemo(() => replayed ?? list?.matches ?? [], [replayed, list])
  const ring = useShownTape()
  const { matchId, market, minMove } = useUiStore((s) => s.tapeFilter)
  const dropped = useTapeStore((s) => s.dropped)

  const minMovePct = Number(minMove) > 0 ? Number(minMove) : 0
  const tape = useMemo(() => {
    const ids = new Set(matchId === 'all' ? matches.map((m) => m.matchId) : [matchId])
    const filter = { matchIds: ids, market, minMovePct }
    return new FilteredTape(
      ring,
      tapeFilterPredicate(filter, (change) => nameOutcome(change).market),
    )
  }, [ring, matches, matchId, market, minMovePct])

  const { scrollerRef, first, last, totalPx, offsetPx, atTop, visibleRows, scrollRows, scrollToTop } = useRowWindow(
    tape.length,
    ROW_PX,
  )
  // Read by the refresh loop below, which outlives renders.
  const rowsOnScreen = useRef(visibleRows)
  useLayoutEffect(() => {
    rowsOnScreen.current = visibleRows
  }, [visibleRows])
  /** Rows that arrived since the last render; above a reader who scrolled down, they are compensated. */
  const arrived = useRef(0)
  const { ref: rowsRef, columns } = useTapeColumns()
  const [, setEnd] = useState(0)
  // Whether the tape holds its screens (tape-cadence.ts): a ref for the refresh loop, which keeps
  // it across a new filter or list, and state for the note in the title.
  const holding = useRef(false)
  const [held, setHeld] = useState(false)
  // A fast replay's "not shown" count moves at every step (ten a second at 60×): read with the rows
  // at the tape's refresh, it costs no render (and no layout of the panel) of its own.
  const [folded, setFolded] = useState(() => useReplayStore.getState().folded)
  // In a closed drawer nobody reads the tape: it catches up (at once, then every refresh) once shown.
  const shown = usePanelShown()
  useEffect(() => {
    if (!shown) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // The first refresh catches up on a backlog: only the timed ones tell the pace.
    let refreshedAt: number | null = null
    const refresh = () => {
      const fresh = tape.refresh()
      const now = performance.now()
      if (refreshedAt !== null)
        holding.current = holdsScreens(holding.current, fresh, now - refreshedAt, rowsOnScreen.current)
      refreshedAt = now
      arrived.current += fresh
      setEnd(ring.end)
      setHeld(holding.current)
      setFolded(useReplayStore.getState().folded)
      timer = setTimeout(refresh, holding.current ? HELD_REFRESH_MS : READABLE_REFRESH_MS)
    }
    refresh()
    return () => clearTimeout(timer)
  }, [tape, ring, shown])
  useLayoutEffect(() => {
    if (!atTop && arrived.current > 0) scrollRows(arrived.current)
    arrived.current = 0
  })

  const visible: { seq: number; change: PriceChange }[] = []
  for (let index = first; index < last; index++) {
    const seq = tape.seqAt(index)
    const change = tape.at(index)
    if (seq !== undefined && change) visible.push({ seq, change })
  }

  return (
    <div className="tape panel" data-testid="tape">
      <div className="panel-title">
        Change tape
        {/* New counts at each refresh lay out their own box alone (.fixed-text, styles.css). */}
        <span className="panel-figures">
          <span className="fixed-text">
            <span className="muted num" data-testid="tape-count" data-count={tape.length}>
              {tape.length.toLocaleString()}
            </span>
            {!replayed && dropped > 0 && <span className="muted num"> · {dropped.toLocaleString()} summarised</span>}
            {replayed && folded > 0 && (
              <span className="muted num" data-testid="tape-folded">
                {' '}
                · {folded.toLocaleString()} changes not shown at this speed
              </span>
            )}
            {held && (
              <span
                className="muted"
                data-testid="tape-held"
                title="Changes arrive faster than a screen of rows every quarter second: each screen is held still for a second so it can be read. The count is every change."
              >
                {' '}
                · 1 screen/s
              </span>
            )}
          </span>
        </span>
        {!atTop && (
          <button type="button" className="link" data-testid="tape-newest" onClick={scrollToTop}>
            ▲ Newest
          </button>
        )}
      </div>
      <TapeFilters matches={matches} matchId={matchId} market={market} minMove={minMove} />
      {/* A refresh's rows lay out the list alone (.panel-scroll, styles.css). */}
      <div className="panel-scroll">
        <div className="panel-scroll-box" ref={scrollerRef} data-testid="tape-scroll">
          <div style={{ height: totalPx }}>
            {/* One moved block with rows in normal flow: no per-row position for the browser to track. */}
            <div ref={rowsRef} style={{ transform: `translateY(${offsetPx}px)` }}>
              {visible.map(({ seq, change }) => (
                <TapeRow key={seq} seq={seq} change={change} columns={columns} />
              ))}
            </div>
          </div>
        </div>
      </div>
    </div>
  )
}

/** A change never changes: once rendered, a row is only moved, never re-rendered (but for new column widths). */
const TapeRow = memo(
  function TapeRow({ seq, change, columns }: { seq: number; change: PriceChange; columns: TapeColumns | null }) {
    const name = nameOutcome(change)
    // Cut to their columns here, not clipped by CSS (tape-columns.ts); the title has them whole.
    const [outcome, market] = columns?.market(name.outcome, name.market) ?? [name.outcome, name.market]
    return (
      <div
        className={`tape-row ${change.direction}`}
        data-testid="tape-row"
        data-match={change.matchId}
        data-seq={seq}
        title={`${name.match} · ${name.market} · ${name.outcome} (click for its card)`}
        onClick={() => focusMatch(change.matchId)}
      >
        <span className="num muted">{formatClockTime(change.receivedTs)}</span>
        <span className="tape-match">{columns?.match(name.match) ?? name.match}</span>
        {/* The side that moved first: a narrow column cuts the market's name, never the outcome. */}
        <span className="tape-market">
          <span className="tape-outcome">{outcome}</span> <span className="muted">{market}</span>
        </span>
        <span className="num">{change.previousPrice === null ? '—' : formatPrice(change.previousPrice)}</span>
        <span className="num">{`→ ${change.suspended ? 'SUSP' : formatPrice(change.price)}`}</span>
        <span className={`num ${change.direction}`}>{formatPct(change.deltaPct)}</span>
      </div>
    )
  },
  // The ring builds a fresh object per read; a seq's entry never changes, so the seq decides (and the widths).
  (before, after) => before.seq === after.seq && before.columns === after.columns,
)

/** The filters re-render when a filter or the list changes, not at each of the tape's refreshes. */
const TapeFilters = memo(function TapeFilters({
  matches,
  matchId,
  market,
  minMove,
}: {
  matches: readonly MatchSummary[]
  matchId: number | 'all'
  market: string
  minMove: string
}) {
  return (
    <div className="tape-filters">
      <select
        aria-label="Match"
        value={matchId}
        onChange={(e) => setTapeFilter({ matchId: e.target.value === 'all' ? 'all' : Number(e.target.value) })}
      >
        <option value="all">All matches</option>
        {/* A filtered match no longer in this list keeps its option: the select never reads "All matches" while filtering one. */}
        {matchId !== 'all' && !matches.some((m) => m.matchId === matchId) && <MissingMatchOption matchId={matchId} />}
        {matches.map((m) => (
          <option key={m.matchId} value={m.matchId}>
            {shortName(m)}
          </option>
        ))}
      </select>
      <input
        aria-label="Market"
        placeholder="market"
        value={market}
        onChange={(e) => setTapeFilter({ market: e.target.value.trim() })}
      />
      <input
        aria-label="Minimum move %"
        className="narrow"
        placeholder="min %"
        inputMode="decimal"
        value={minMove}
        onChange={(e) => setTapeFilter({ minMove: e.target.value })}
      />
    </div>
  )
})

function MissingMatchOption({ matchId }: { matchId: number }) {
  const match = useWatchlistMatch(matchId)
  return <option value={matchId}>{match ? shortName(match) : `Match ${matchId}`} (not in this list)</option>
}

function shortName(m: MatchSummary): string {
  return `${m.home.name} v ${m.away.name}`
}
