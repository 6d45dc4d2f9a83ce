/**
 * One outcome's price. It selects its own cell from the store and nothing else, so one changed
 * price re-renders exactly one PriceCell. Fixed size: a new price never moves its neighbours.
 */
import { memo } from 'react'
import { useCell } from '../../store/board-store'
import { isReplaying } from '../../store/replay-store'
import { openOverrideEditor } from '../../store/ui-store'
import { useFlash } from '../../lib/flash'
import { formatMove, formatPrice } from '../../lib/format'
import { sinceLabel, untilLabel } from '../../lib/live-time'
import { useRenderCount } from '../../lib/render-count'

export const PriceCell = memo(function PriceCell({
  outcomeId,
  label,
  live,
  stale,
}: {
  outcomeId: string
  label: string
  /** False while the cell's card is off screen: it skips every tick until it is back. */
  live: boolean
  /** Why the match's prices are not current (store/price-freshness.ts); null while they are. */
  stale: string | null
}) {
  const cell = useCell(outcomeId, live)
  // The flash runs from the change itself: a cell scrolled into view later joins it part-way. The
  // first price after a gap (a resync) is no move, so it does not flash.
  const priceRef = useFlash<HTMLSpanElement>(
    cell?.changedAt,
    cell?.resync ? undefined : cell?.direction,
    cell?.changedAt,
  )
  useRenderCount(`cell:${outcomeId}`)
  if (!cell) {
    return (
      <div className="price-cell empty" data-testid="price-cell" data-outcome={outcomeId}>
        <span className="cell-label">{label}</span>
        <span className="cell-price">—</span>
      </div>
    )
  }
  const { override } = cell
  const classes = ['price-cell', cell.suspended ? 'suspended' : '', override ? 'overridden' : '', stale ? 'stale' : '']
    .filter(Boolean)
    .join(' ')
  const action = cell.suspended ? `${label}: suspended` : `${label}: edit override`
  // A replayed price is history: an override is set on live prices only (read at the click, not subscribed per cell).
  const edit = () => {
    if (!isReplaying()) openOverrideEditor(outcomeId)
  }
  return (
    <button
      type="button"
      className={classes}
      data-testid="price-cell"
      data-outcome={outcomeId}
      data-direction={cell.direction}
      data-stale={stale ? 'true' : undefined}
      title={stale ? `${action} · not current: ${stale}` : action}
      onClick={edit}
    >
      <span className="cell-label">{label}</span>
      <span ref={priceRef} className="cell-price num" data-testid="cell-price">
        {cell.suspended ? 'SUSP' : formatPrice(cell.price)}
      </span>
      {/* One string per span: adjacent text children are separate DOM text nodes that React adds
          and removes as they turn empty or not, each a layout change of its own. */}
      <span className={`cell-move num ${cell.direction}`}>{formatMove(cell.direction, cell.deltaPct)}</span>
      <span className="cell-age num" data-since={cell.changedAt} data-label={sinceLabel(cell.changedAt)} />
      {override && (
        <span className="cell-override num" data-testid="cell-override">
          {`OVR ${formatPrice(override.value)}${override.suspended ? ' S' : ''} `}
          <span data-until={override.expiresAt} data-label={untilLabel(override.expiresAt)} />
        </span>
      )}
    </button>
  )
})
