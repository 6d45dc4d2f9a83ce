/**
 * A panel's newest-first list of equal-height rows, windowed (lib/row-window.ts): only the rows in
 * sight and a few either side are mounted, in one moved block. Unwindowed, a row put at the top
 * moved every row below it, laid out and repainted in the frame that added it, and a 60× replay
 * adds an override alert at most steps (docs/BENCHMARKS.md, 28 Nov 2026). A reader scrolled down
 * keeps what they read in place while rows arrive above; "▲ Newest" takes them back to the top.
 * The override alerts and a replay's price alerts are such lists.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { useRowWindow, type RowWindow } from '../lib/row-window'

export interface NewestFirstWindow<T> extends RowWindow {
  /** The rows to mount: `items` from `first` to `last`. */
  shown: readonly T[]
}

/** `items` newest first, each named by `idOf` (unique in the list); every row `rowPx` tall. */
export function useNewestFirstWindow<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  rowPx: number,
): NewestFirstWindow<T> {
  const rows = useRowWindow(items.length, rowPx)
  const newest = useRef<string | null>(null)
  useLayoutEffect(() => {
    const before = newest.current
    newest.current = items[0] === undefined ? null : idOf(items[0])
    if (rows.atTop || before === null) return
    // The rows above the one that was newest arrived since the last render; a list rebuilt
    // without it (a seek back, another feed) has no place to keep.
    const arrived = items.findIndex((item) => idOf(item) === before)
    if (arrived > 0) rows.scrollRows(arrived)
  })
  return { ...rows, shown: items.slice(rows.first, rows.last) }
}

/** The way back to the newest row, in the panel's title while the reader is scrolled down. */
export function NewestLink({ rows, testId }: { rows: RowWindow; testId: string }) {
  if (rows.atTop) return null
  return (
    <button type="button" className="link" data-testid={testId} onClick={rows.scrollToTop}>
      ▲ Newest
    </button>
  )
}

/**
 * The list's scroll box (strictly contained over the room the panel leaves it, .panel-scroll in
 * styles.css, so new rows lay out the list alone), as tall as every row, and the one moved block
 * (`as`, with `className`) holding the mounted rows in normal flow: no position of its own per row
 * for the browser to track.
 */
export function WindowedRows({
  rows: { scrollerRef, totalPx, offsetPx },
  testId,
  as: Block = 'div',
  className,
  children,
}: {
  rows: RowWindow
  testId: string
  as?: 'div' | 'ol'
  className?: string
  children: ReactNode
}) {
  return (
    <div className="panel-scroll">
      <div className="panel-scroll-box" ref={scrollerRef} data-testid={testId}>
        <div style={{ height: totalPx }}>
          <Block className={className} style={{ transform: `translateY(${offsetPx}px)` }}>
            {children}
          </Block>
        </div>
      </div>
    </div>
  )
}
