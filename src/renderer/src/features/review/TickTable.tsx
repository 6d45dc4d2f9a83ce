/** The recorded ticks of the match (or the chosen range), a page at a time, oldest first. */
import { useEffect, useState } from 'react'
import type { TickRow } from '../../../../shared/history'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'
import { formatPrice } from '../../lib/format'
import { formatTickTime } from './review-format'
import type { OutcomeNamer } from './series-align'

const PAGE = 100

interface Props {
  matchId: number
  from: number | undefined
  to: number | undefined
  /** Bumps when the screen reloads, so the table follows newly recorded ticks (another range remounts it). */
  reloadKey: number
  names: OutcomeNamer
}

export function TickTable({ matchId, from, to, reloadKey, names }: Props) {
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<{ rows: TickRow[]; total: number } | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    call('history:ticks', { matchId, from, to, offset, limit: PAGE }).then(
      (p) => {
        if (!live) return
        setPage(p)
        setError(null)
      },
      (e: unknown) => live && setError(describeError(e)),
    )
    return () => {
      live = false
    }
  }, [matchId, from, to, offset, reloadKey])

  const total = page?.total ?? 0
  const last = Math.min(total, offset + PAGE)
  return (
    <section className="panel review-panel tick-table-panel">
      <header className="review-panel-head">
        <span className="review-panel-title">Ticks</span>
        <span className="spacer" />
        <span className="muted num" data-testid="tick-range">
          {total === 0
            ? 'none'
            : `${(offset + 1).toLocaleString()}–${last.toLocaleString()} of ${total.toLocaleString()}`}
        </span>
        <button type="button" disabled={offset === 0} onClick={() => setOffset(0)} title="First page">
          «
        </button>
        <button
          type="button"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - PAGE))}
          title="Previous page"
        >
          ‹
        </button>
        <button type="button" disabled={last >= total} onClick={() => setOffset(offset + PAGE)} title="Next page">
          ›
        </button>
        <button
          type="button"
          disabled={last >= total}
          onClick={() => setOffset(Math.floor((total - 1) / PAGE) * PAGE)}
          title="Last page"
        >
          »
        </button>
      </header>
      {error && <div className="inline-note">Ticks: {error}</div>}
      <div className="tick-scroll">
        <table className="tick-table">
          {/* Fixed widths for the times, price and state; market and outcome share the rest (cut with …). */}
          <colgroup>
            <col className="col-time" />
            <col className="col-time" />
            <col />
            <col />
            <col className="col-price" />
            <col className="col-state" />
          </colgroup>
          <thead>
            <tr>
              <th>Received</th>
              <th>Server</th>
              <th>Market</th>
              <th>Outcome</th>
              <th className="right">Price</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {page?.rows.map((row, i) => (
              <tr key={offset + i} data-testid="tick-row" className={row.suspended ? 'suspended' : ''}>
                <td className="num">{formatTickTime(row.receivedTs)}</td>
                <td className="num muted">{formatTickTime(row.serverTs)}</td>
                <td title={names(row).market}>{names(row).market}</td>
                <td title={names(row).outcome}>{names(row).outcome}</td>
                <td className="num right">{formatPrice(row.price)}</td>
                <td className={row.suspended ? 'susp' : 'muted'}>{row.suspended ? 'SUSP' : 'open'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
