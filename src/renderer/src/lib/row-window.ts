/**
 * Which rows of a long list of equal-height rows to render for a scroll container's position:
 * the visible ones plus a few either side. The caller renders a spacer `totalPx` tall and, inside
 * it, one block moved down by `offsetPx` holding rows `first` to `last` in normal flow.
 *
 * Why not a general virtualizer (the tape used @tanstack/react-virtual): it rebuilds one
 * measurement object per item whenever the count changes, which for a tape that grows all the
 * time meant 100,000 objects four times a second, and it positions every row with a transform
 * of its own, which the browser re-layerizes on every frame. Equal heights need neither.
 */
import { useCallback, useLayoutEffect, useState, useSyncExternalStore } from 'react'

interface Viewport {
  firstVisible: number
  visibleRows: number
  /**
   * One past the last row with a pixel on screen, below whatever covers the scroller's top
   * (`coveredPx`); while nobody asks (`coveredPx` null), the rows the window counts as visible.
   */
  shownEnd: number
}

/** The scroll container, seen in whole rows. Lives outside React; the hook below reads it. */
class ScrollRows {
  private element: HTMLElement | null = null
  private viewport: Viewport = { firstVisible: 0, visibleRows: 0, shownEnd: 0 }
  /**
   * What sits in the scroller above the rows and stays over them when scrolled (a sticky heading), in
   * px; null while no caller asks which rows show, so their snapshot changes only with the window.
   */
  private coveredPx: number | null = null
  private readonly listeners = new Set<() => void>()
  private readonly resize = new ResizeObserver(() => this.read())

  constructor(private readonly rowPx: number) {}

  attach(element: HTMLElement | null): void {
    if (this.element) {
      this.element.removeEventListener('scroll', this.read)
      this.resize.unobserve(this.element)
    }
    this.element = element
    if (!element) return
    element.addEventListener('scroll', this.read, { passive: true })
    this.resize.observe(element)
    this.read()
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly snapshot = (): Viewport => this.viewport

  scrollRows(rows: number): void {
    if (!this.element) return
    this.element.scrollTop += rows * this.rowPx
    this.read()
  }

  scrollToTop(): void {
    this.element?.scrollTo({ top: 0 })
  }

  cover(px: number | null): void {
    if (px === this.coveredPx) return
    this.coveredPx = px
    this.read()
  }

  /** Only a change of rows is news: scrolling within a row moves pixels, not the window. */
  private readonly read = (): void => {
    if (!this.element) return
    const firstVisible = Math.floor(this.element.scrollTop / this.rowPx)
    const visibleRows = Math.ceil(this.element.clientHeight / this.rowPx) + 1
    // Rows start below the cover and scroll under it: row i shows while its bottom is below the
    // cover's and its top above the scroller's foot.
    const shownEnd =
      this.coveredPx === null
        ? firstVisible + visibleRows
        : Math.ceil((this.element.scrollTop + this.element.clientHeight - this.coveredPx) / this.rowPx)
    const was = this.viewport
    if (firstVisible === was.firstVisible && visibleRows === was.visibleRows && shownEnd === was.shownEnd) return
    this.viewport = { firstVisible, visibleRows, shownEnd }
    for (const listener of this.listeners) listener()
  }
}

export interface RowWindow {
  /** The scroll container's ref. */
  scrollerRef: (element: HTMLElement | null) => void
  /** First row to render (index into the list). */
  first: number
  /** One past the last row to render. */
  last: number
  /** Height of the whole list. */
  totalPx: number
  /** Where row `first` starts. */
  offsetPx: number
  /** Whether the first row is in view (the reader is at the top of the list). */
  atTop: boolean
  /** How many rows the container can show at once: its height in rows rounded up, plus one for a row cut at the top. */
  visibleRows: number
  /**
   * Whether row `index` has a pixel on screen now (the rows from `first` to `last` around it are
   * look-ahead); exact when `coveredPx` is given (useRowWindow).
   */
  isShown: (index: number) => boolean
  /**
   * Scrolls by whole rows and takes the new position at once: called from a layout effect after
   * rows were added above the reader, it keeps what they read in place with no frame between.
   */
  scrollRows(rows: number): void
  scrollToTop(): void
}

/**
 * `coveredPx`: what the scroller holds above the rows that stays over them when scrolled (a sticky
 * heading, or 0 for none); the rows under it are not shown. Given, `isShown` is exact to the pixel
 * and the window's snapshot also changes when the foot of the screen crosses a row; left out (the
 * lists that never ask), `isShown` is the rows counted as visible and nothing re-renders for it.
 */
export function useRowWindow(count: number, rowPx: number, overscan = 8, coveredPx: number | null = null): RowWindow {
  const [rows] = useState(() => new ScrollRows(rowPx))
  const viewport = useSyncExternalStore(rows.subscribe, rows.snapshot)
  useLayoutEffect(() => rows.cover(coveredPx), [rows, coveredPx])
  const scrollerRef = useCallback((element: HTMLElement | null) => rows.attach(element), [rows])
  const scrollRows = useCallback((n: number) => rows.scrollRows(n), [rows])
  const scrollToTop = useCallback(() => rows.scrollToTop(), [rows])
  const first = Math.max(0, Math.min(count, viewport.firstVisible - overscan))
  const last = Math.min(count, viewport.firstVisible + viewport.visibleRows + overscan)
  return {
    scrollerRef,
    first,
    last,
    totalPx: count * rowPx,
    offsetPx: first * rowPx,
    atTop: viewport.firstVisible === 0,
    visibleRows: viewport.visibleRows,
    isShown: (index) => index >= viewport.firstVisible && index < viewport.shownEnd,
    scrollRows,
    scrollToTop,
  }
}
