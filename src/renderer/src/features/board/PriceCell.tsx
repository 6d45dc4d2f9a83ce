/**
 * One outcome's price. It selects its own cell from the store and nothing else, so one changed
 * price re-renders exactly one PriceCell. Fixed size: a new price never moves its neighbours.
 */
import { memo, useLayoutEffect, useRef } from 'react'
import { useCell } from '../../store/board-store'
import { openOverrideEditor } from '../../store/ui-store'
import { formatPct, formatPrice } from '../../lib/format'
import { sinceLabel, untilLabel } from '../../lib/live-time'
import { useRenderCount } from '../../lib/render-count'

/** The flash lasts 1.5 s (styles.css); a cell mounted later than that after its change does not flash. */
const FLASH_MS = 1500

const ARROWS = { up: '▲', down: '▼', flat: '' } as const

/**
 * The flash runs on the existing element through the Web Animations API: remounting a node per
 * change (to restart a CSS animation) cost a style recalc of new nodes on every tick. Six steps
 * still read as a fade and repaint six times instead of every frame. A cell that changes again
 * while its flash is young keeps that flash (of the new direction) instead of restarting it:
 * at thousands of updates a second, restarts were most of the frame budget, and a cell that keeps
 * moving simply stays lit.
 */
const FLASH_COLOURS = { up: 'var(--up-flash)', down: 'var(--down-flash)', flat: 'var(--flat-flash)' } as const
const FLASH_RESTART_AFTER_MS = 400

function useFlash(changedAt: number | undefined, direction: keyof typeof FLASH_COLOURS | undefined) {
  const ref = useRef<HTMLSpanElement>(null)
  const running = useRef<{ animation: Animation; direction: string; startedAt: number } | null>(null)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element || changedAt === undefined || direction === undefined || !isFresh(changedAt)) return
    const current = running.current
    if (current && current.direction === direction && changedAt - current.startedAt < FLASH_RESTART_AFTER_MS) return
    current?.animation.cancel()
    const animation = element.animate(
      [{ backgroundColor: FLASH_COLOURS[direction] }, { backgroundColor: 'transparent' }],
      {
        duration: FLASH_MS,
        easing: 'steps(6, end)',
      },
    )
    // A cell that appears after its change (scrolled into view) picks the fade up where it is.
    animation.currentTime = Date.now() - changedAt
    running.current = { animation, direction, startedAt: changedAt }
  }, [changedAt, direction])
  useLayoutEffect(() => () => running.current?.animation.cancel(), [])
  return ref
}

export const PriceCell = memo(function PriceCell({
  outcomeId,
  label,
  live,
}: {
  outcomeId: string
  label: string
  /** False while the cell's card is off screen: it skips every tick until it is back. */
  live: boolean
}) {
  const cell = useCell(outcomeId, live)
  const priceRef = useFlash(cell?.changedAt, cell?.direction)
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
  const fresh = isFresh(cell.changedAt)
  const classes = ['price-cell', cell.suspended ? 'suspended' : '', override ? 'overridden' : '']
    .filter(Boolean)
    .join(' ')
  return (
    <button
      type="button"
      className={classes}
      data-testid="price-cell"
      data-outcome={outcomeId}
      data-direction={cell.direction}
      title={cell.suspended ? `${label}: suspended` : `${label}: edit override`}
      onClick={() => openOverrideEditor(outcomeId)}
    >
      <span className="cell-label">{label}</span>
      <span
        ref={priceRef}
        className={`cell-price num ${fresh ? `flash-${cell.direction}` : ''}`}
        data-testid="cell-price"
      >
        {cell.suspended ? 'SUSP' : formatPrice(cell.price)}
      </span>
      <span className={`cell-move num ${cell.direction}`}>
        {ARROWS[cell.direction]}
        {cell.direction === 'flat' ? '' : formatPct(cell.deltaPct)}
      </span>
      <span className="cell-age num" data-since={cell.changedAt} data-label={sinceLabel(cell.changedAt)} />
      {override && (
        <span className="cell-override num" data-testid="cell-override">
          OVR {formatPrice(override.value)}
          {override.suspended ? ' S' : ''}{' '}
          <span data-until={override.expiresAt} data-label={untilLabel(override.expiresAt)} />
        </span>
      )}
    </button>
  )
})

function isFresh(changedAt: number): boolean {
  return Date.now() - changedAt < FLASH_MS
}
