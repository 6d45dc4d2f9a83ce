/**
 * One outcome's price. It selects its own cell from the store and nothing else, so one changed
 * price re-renders exactly one PriceCell. Fixed size (`contain: strict`): a new price never moves
 * its neighbours. The flash is a layer of the price's own (lib/flash.ts): it fades without
 * laying out or repainting the cell. The cards show it with its label and age; the grid
 * (features/grid) with price and move only, its label in the column heading and the title, and
 * the same flash, stale and override marks.
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
  variant = 'card',
}: {
  outcomeId: string
  /** The outcome's name; in the grid the market's too (the title is all that names it there). */
  label: string
  /** Why the match's prices are not current (store/price-freshness.ts); null while they are. */
  stale: string | null
  variant?: 'card' | 'grid'
}) {
  const inCard = variant === 'card'
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
        className={`price-cell empty ${variant}${atCursor ? ' cursor' : ''}`}
        data-testid="price-cell"
        data-outcome={outcomeId}
        title={label}
      >
        {inCard && <span className="cell-label">{label}</span>}
        <span className="cell-price">—</span>
      </div>
    )
  }
  const { override } = cell
  const classes = [
    'price-cell',
    variant,
    cell.suspended ? 'suspended' : '',
    override ? 'overridden' : '',
    stale ? 'stale' : '',
    atCursor ? 'cursor' : '',
  ]
    .filter(Boolean)
    .join(' ')
  const action = cell.suspended ? `${label}: suspended` : `${label}: edit override`
  const overrideWords = override && `override ${formatPrice(override.value)}${override.suspended ? ' suspended' : ''}`
  return (
    <button
      type="button"
      className={classes}
      data-testid="price-cell"
      data-outcome={outcomeId}
      data-direction={cell.direction}
      data-stale={stale ? 'true' : undefined}
      title={[action, !inCard && overrideWords, stale && `not current: ${stale}`].filter(Boolean).join(' · ')}
      onClick={() => openOverrideEditor(outcomeId)}
    >
      {inCard && <span className="cell-label">{label}</span>}
      <span ref={priceRef} className="cell-price num flash-layer" data-testid="cell-price">
        {cell.suspended ? 'SUSP' : formatPrice(cell.price)}
      </span>
      {/* One string per span: adjacent text children are separate DOM text nodes that React adds
          and removes as they turn empty or not, each a layout change of its own. */}
      <span className={`cell-move num ${cell.direction}`}>{formatMove(cell.direction, cell.deltaPct)}</span>
      {inCard && <span className="cell-age num" data-since={cell.changedAt} data-label={sinceLabel(cell.changedAt)} />}
      {override && !inCard && (
        <span className="cell-override" data-testid="cell-override">
          OVR
        </span>
      )}
      {override && inCard && (
        <span className="cell-override num" data-testid="cell-override">
          {`OVR ${formatPrice(override.value)}${override.suspended ? ' S' : ''} `}
          <span data-until={override.expiresAt} data-label={untilLabel(override.expiresAt)} />
        </span>
      )}
    </button>
  )
})
