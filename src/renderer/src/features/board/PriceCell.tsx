/**
 * One outcome's price. Fixed size (`contain: strict`): a new price never moves its neighbours. The
 * flash is the price's own background (lib/flash.ts): it fades without laying out the cell. The
 * cards show it with its label and age; the grid (features/grid) with price and move only, its
 * label in the column heading and the title, and the same flash, stale and override marks.
 *
 * Two paths, so a tick costs no React render: React draws the cell's structure and re-renders it
 * only when its shape changes (the price appears or goes, is suspended or not, an override is set
 * or ends; store/board-store.ts `useCellShape`) or a prop does (stale, the cursor). A tick (price,
 * move, age) is written straight into the cell's own elements from a subscription to this one
 * outcome (`subscribeCell`), once a frame at most (the store folds a frame's patches into one
 * update). Both paths draw from the same function (`tickView`), so whichever wrote last, the cell
 * reads the store's latest price, and React's own output never disagrees with what is shown. A cell
 * mounted off screen (`offScreen`: the grid's look-ahead rows) holds its ticks and writes its latest
 * when it comes on screen, or within a second (lib/held-ticks.ts).
 */
import { memo, useLayoutEffect, useRef, type RefObject } from 'react'
import type { BoardCell } from '../../../../shared/board'
import { subscribeCell, useBoardStore, useCellShape } from '../../store/board-store'
import { useIsCursor } from '../../store/board-cursor'
import { useReplaying } from '../../store/replay-store'
import { openOverrideEditor } from '../../store/ui-store'
import { flash } from '../../lib/flash'
import { holdTick, releaseTick } from '../../lib/held-ticks'
import { formatMove, formatPrice } from '../../lib/format'
import { sinceLabel, untilLabel } from '../../lib/live-time'
import { useRenderCount } from '../../lib/render-count'

/** What a tick changes in a cell, as text and attributes. */
function tickView(cell: BoardCell) {
  const price = cell.suspended ? 'SUSP' : formatPrice(cell.price)
  const move = formatMove(cell.direction, cell.deltaPct)
  return {
    price,
    priceClass: `cell-price num flash-layer${lengthClass(price, USUAL_PRICE_LENGTH)}`,
    move,
    moveClass: `cell-move num ${cell.direction}${lengthClass(move, USUAL_MOVE_LENGTH)}`,
    since: String(cell.changedAt),
    age: sinceLabel(cell.changedAt),
  }
}

/** The longest price and move a grid cell is drawn for at full size: `12.50`, `▲12.3%`. */
const USUAL_PRICE_LENGTH = 5
const USUAL_MOVE_LENGTH = 6

const LONGER_CLASSES = ['', ' long', ' longer', ' longest']

/**
 * A figure longer than the usual gets a smaller font in the grid (styles.css, `.long` to
 * `.longest`), so it shows whole: a price of 101.00 cut to "101.0" by its cell would be a wrong
 * price. The cards' cells are wide enough for any figure; the classes change nothing there.
 */
function lengthClass(text: string, usual: number): string {
  const over = Math.max(0, text.length - usual)
  return LONGER_CLASSES[Math.min(over, LONGER_CLASSES.length - 1)]!
}

interface CellElements {
  button: RefObject<HTMLButtonElement | null>
  price: RefObject<HTMLSpanElement | null>
  move: RefObject<HTMLSpanElement | null>
  age: RefObject<HTMLSpanElement | null>
}

/** Rewrites a single-text element the way React does (its one text node's value), so React's later writes still land. */
function setText(element: HTMLElement, text: string): void {
  const node = element.firstChild
  if (node && node === element.lastChild && node.nodeType === Node.TEXT_NODE) {
    if (node.nodeValue !== text) node.nodeValue = text
  } else if (element.textContent !== text) element.textContent = text
}

/** Writes a tick into the cell's elements; only what differs is written (each write is the browser's work). */
function showTick(elements: CellElements, cell: BoardCell): void {
  const button = elements.button.current
  const price = elements.price.current
  const move = elements.move.current
  if (!button || !price || !move) return
  const view = tickView(cell)
  setText(price, view.price)
  if (price.className !== view.priceClass) price.className = view.priceClass
  setText(move, view.move)
  if (move.className !== view.moveClass) move.className = view.moveClass
  if (button.dataset['direction'] !== cell.direction) button.dataset['direction'] = cell.direction
  const age = elements.age.current
  if (age && age.dataset['since'] !== view.since) {
    age.dataset['since'] = view.since
    age.dataset['label'] = view.age
  }
}

export const PriceCell = memo(function PriceCell({
  outcomeId,
  label,
  stale,
  variant = 'card',
  offScreen = false,
}: {
  outcomeId: string
  /** The outcome's name; in the grid the market's too (the title is all that names it there). */
  label: string
  /** Why the match's prices are not current (store/price-freshness.ts); null while they are. */
  stale: string | null
  variant?: 'card' | 'grid'
  /**
   * Mounted ahead of the screen (the grid's look-ahead rows): its ticks are held (lib/held-ticks.ts)
   * and its latest price written when it comes on screen.
   */
  offScreen?: boolean
}) {
  const inCard = variant === 'card'
  // Re-renders on a change of shape only; the values are the store's latest.
  const cell = useCellShape(outcomeId)
  // The keyboard's cursor (features/board/use-board-keys.ts) draws its ring through this class.
  const atCursor = useIsCursor(outcomeId)
  const replaying = useReplaying()
  const elements: CellElements = {
    button: useRef<HTMLButtonElement>(null),
    price: useRef<HTMLSpanElement>(null),
    move: useRef<HTMLSpanElement>(null),
    age: useRef<HTMLSpanElement>(null),
  }
  // The change last flashed, so a change flashes once whichever path shows it first.
  const flashed = useRef<number | undefined>(undefined)
  useRenderCount(`cell:${outcomeId}`)
  // The flash runs from the change itself: a cell scrolled into view later joins it part-way. The
  // first price after a gap (a resync) is no move, so it does not flash.
  const flashChange = (next: BoardCell | undefined) => {
    const price = elements.price.current
    if (!next || !price || next.changedAt === flashed.current) return
    flashed.current = next.changedAt
    if (!next.resync) flash(price, next.direction, next.changedAt)
  }
  useLayoutEffect(() => flashChange(cell))
  // The store's latest, written whole: a held tick's catch-up. The button's ref names this cell there.
  const showLatest = () => {
    releaseTick(elements.button)
    const latest = useBoardStore.getState().cells[outcomeId]
    if (!latest) return
    showTick(elements, latest)
    flashChange(latest)
  }
  const heldNow = useRef(offScreen)
  useLayoutEffect(() => {
    const cameOnScreen = heldNow.current && !offScreen
    heldNow.current = offScreen
    // In the commit of the scroll that brings the cell on screen, so it is never drawn behind.
    if (cameOnScreen) showLatest()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offScreen])
  useLayoutEffect(() => {
    const unsubscribe = subscribeCell(outcomeId, (next) => {
      if (!next) return
      if (heldNow.current) return holdTick(elements.button, showLatest)
      showTick(elements, next)
      flashChange(next)
    })
    return () => {
      unsubscribe()
      releaseTick(elements.button)
    }
    // The refs and the functions over them are this cell's for its whole life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcomeId])
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
  // A replayed price is history: nothing can be set on it, and its hover says so.
  const action = cell.suspended
    ? `${label}: suspended`
    : replaying
      ? `${label}: replayed price`
      : `${label}: edit override`
  const overrideWords = override && `override ${formatPrice(override.value)}${override.suspended ? ' suspended' : ''}`
  const view = tickView(cell)
  return (
    <button
      ref={elements.button}
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
      <span ref={elements.price} className={view.priceClass} data-testid="cell-price">
        {view.price}
      </span>
      {/* One string per span: adjacent text children are separate DOM text nodes that React adds
          and removes as they turn empty or not, each a layout change of its own. */}
      <span ref={elements.move} className={view.moveClass}>
        {view.move}
      </span>
      {inCard && <span ref={elements.age} className="cell-age num" data-since={view.since} data-label={view.age} />}
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
