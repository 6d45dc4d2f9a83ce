/**
 * The change tape: every price change across the active watchlist, newest first, filterable and
 * virtualized. It refreshes four times a second by design: nobody reads a tape faster, and it
 * keeps list rendering off the price hot path (the board cells update every frame).
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { MatchSummary } from '../../../../shared/discovery'
import { formatClockTime, formatPct, formatPrice, marketKeyOf, outcomeKeyOf } from '../../lib/format'
import { tapeRing, useTapeStore } from '../../store/board-store'
import { FilteredTape, tapeFilterPredicate } from '../../store/filtered-tape'
import { useActiveWatchlist } from '../../store/watchlist-store'

const REFRESH_MS = 250
const ROW_PX = 22

export function TapeView() {
  const list = useActiveWatchlist()
  const matches = useMemo(() => list?.matches ?? [], [list])
  const [matchId, setMatchId] = useState<number | 'all'>('all')
  const [market, setMarket] = useState('')
  const [minMove, setMinMove] = useState('')
  const dropped = useTapeStore((s) => s.dropped)

  const names = useMemo(() => new Map(matches.map((m) => [m.matchId, shortName(m)])), [matches])
  const minMovePct = Number(minMove) > 0 ? Number(minMove) : 0
  const tape = useMemo(() => {
    const ids = new Set(matchId === 'all' ? matches.map((m) => m.matchId) : [matchId])
    return new FilteredTape(tapeRing, tapeFilterPredicate({ matchIds: ids, market, minMovePct }))
  }, [matches, matchId, market, minMovePct])
  const [, setEnd] = useState(0)
  useEffect(() => {
    const refresh = () => {
      tape.refresh()
      setEnd(tapeRing.end)
    }
    refresh()
    const timer = setInterval(refresh, REFRESH_MS)
    return () => clearInterval(timer)
  }, [tape])

  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: tape.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
    getItemKey: (index) => tape.seqAt(index) ?? index,
  })

  return (
    <div className="tape panel" data-testid="tape">
      <div className="panel-title">
        Change tape <span className="muted num">{tape.length.toLocaleString()}</span>
        {dropped > 0 && <span className="muted num"> · {dropped.toLocaleString()} summarised</span>}
      </div>
      <div className="tape-filters">
        <select
          aria-label="Match"
          value={matchId}
          onChange={(e) => setMatchId(e.target.value === 'all' ? 'all' : Number(e.target.value))}
        >
          <option value="all">All matches</option>
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
          onChange={(e) => setMarket(e.target.value.trim())}
        />
        <input
          aria-label="Minimum move %"
          className="narrow"
          placeholder="min %"
          inputMode="decimal"
          value={minMove}
          onChange={(e) => setMinMove(e.target.value)}
        />
      </div>
      <div className="tape-scroll" ref={scroller} data-testid="tape-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const change = tape.at(item.index)
            if (!change) return null
            return (
              <div
                key={item.key}
                className={`tape-row ${change.direction}`}
                data-testid="tape-row"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <span className="num muted">{formatClockTime(change.receivedTs)}</span>
                <span className="tape-match">{names.get(change.matchId) ?? change.matchId}</span>
                <span className="tape-market">
                  {marketKeyOf(change.oddKey)} · {outcomeKeyOf(change.oddKey)}
                </span>
                <span className="num">{change.previousPrice === null ? '—' : formatPrice(change.previousPrice)}</span>
                <span className="num">→ {change.suspended ? 'SUSP' : formatPrice(change.price)}</span>
                <span className={`num ${change.direction}`}>{formatPct(change.deltaPct)}</span>
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}

function shortName(m: MatchSummary): string {
  return `${m.home.name} v ${m.away.name}`
}
