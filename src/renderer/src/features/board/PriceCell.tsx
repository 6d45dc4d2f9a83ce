/**
 * One outcome's price. It selects its own cell from the store and nothing else, so one changed
 * price re-renders exactly one PriceCell. Fixed size (`contain: strict`): a new price never moves
 * its neighbours. The flash is a layer of the price's own (lib/flash.ts): it fades without
 * laying out or repainting the cell.
 */
import { memo } from 'react'
import { useCell } from '../../store/board-store'
import { useIsCursor } from '../../store/board-cursor'
import { openOverrideEditor } from '../../store/ui-store'
import { useFlash } from '../../lib/flash'
import { formatMove, formatPrice } from '../../lib/format'
import { sinceLabel, untilLabel } from '../../lib/live-time'
import { useRenderCount } from '../../lib/render-count'

export const PriceCell = memo(function PriceCell({
  outcomeId,
  label,
  stale,
}: {
  outcomeId: string
  label: string
  /** Why the match's prices are not current (store/price-freshness.ts); null while they are. */
  stale: string | null
}) {
  const cell = useCell(outcomeId)
  // The keyboard's cursor (features/board/use-board-keys.ts) draws its ring through this class.
  const atCursor = useIsCursor(outcomeId)
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
      <div
        className={atCursor ? 'price-cell empty cursor' : 'price-cell empty'}
        data-testid="price-cell"
        data-outcome={outcomeId}
      >
        <span className="cell-label">{label}</span>
        <span className="cell-price">—</span>
      </div>
    )
  }
  const { override } = cell
  const classes = [
    'price-cell',
    cell.suspended ? 'suspended' : '',
    override ? 'overridden' : '',
    stale ? 'stale' : '',
    atCursor ? 'cursor' : '',
  ]
    .filter(Boolean)
    .join(' ')
  const action = cell.suspended ? `${label}: suspended` : `${label}: edit override`
  return (
    <button
      type="button"
      className={classes}
      data-testid="price-cell"
      data-outcome={outcomeId}
      data-direction={cell.direction}
      data-stale={stale ? 'true' : undefined}
      title={stale ? `${action} · not current: ${stale}` : action}
      onClick={() => openOverrideEditor(outcomeId)}
    >
      <span className="cell-label">{label}</span>
      <span ref={priceRef} className="cell-price num flash-layer" data-testid="cell-price">
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
