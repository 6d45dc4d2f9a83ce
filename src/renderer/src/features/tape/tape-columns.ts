/**
 * The tape's two text columns (the match; the outcome and its market) cut to their widths with an
 * ellipsis by measuring (lib/fit-text.ts), so that a row holds no clip of its own: the rows are
 * all new at each refresh, and new clips re-layerized the whole page four times a second.
 */
import { useCallback, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { canvasMeasure, fitText, TextFitter, type Measure } from '../../lib/fit-text'

/**
 * `.tape-row` in tape.css, which these must match: 12 px text, 8 px padding either side, columns
 * 58 px, the match (1 part of what is left), the market (1.3 parts), 40, 56 and 54 px, 6 px apart.
 */
const FONT_PX = 12
const OUTCOME_WEIGHT = 600
const FIXED_PX = 2 * 8 + 5 * 6 + 58 + 40 + 56 + 54
const MATCH_SHARE = 1 / 2.3
const MARKET_SHARE = 1.3 / 2.3

export class TapeColumns {
  private readonly matches: TextFitter
  private readonly outcomes: TextFitter
  private readonly markets = new Map<string, readonly [string, string]>()
  private readonly marketPx: number
  private readonly regular: Measure

  /** `rowPx`: a row's width; `fontFamily`: the tape's. */
  constructor(rowPx: number, fontFamily: string) {
    const free = Math.max(0, rowPx - FIXED_PX)
    this.regular = canvasMeasure(`${FONT_PX}px ${fontFamily}`)
    this.matches = new TextFitter(free * MATCH_SHARE, this.regular)
    this.marketPx = free * MARKET_SHARE
    this.outcomes = new TextFitter(this.marketPx, canvasMeasure(`${OUTCOME_WEIGHT} ${FONT_PX}px ${fontFamily}`))
  }

  match(name: string): string {
    return this.matches.fit(name)
  }

  /** The outcome first, whole where it fits: a narrow column cuts the market's name, never the outcome. */
  market(outcome: string, market: string): readonly [string, string] {
    const key = `${outcome}\u0000${market}`
    let fitted = this.markets.get(key)
    if (fitted === undefined) {
      const shownOutcome = this.outcomes.fit(outcome)
      const left = this.marketPx - this.outcomes.measure(shownOutcome) - this.regular(' ')
      fitted = [shownOutcome, shownOutcome === outcome && left > 0 ? fitText(market, left, this.regular) : '']
      this.markets.set(key, fitted)
    }
    return fitted
  }
}

/**
 * The columns for the rows' block (`ref`), measured again whenever its width changes; null while it
 * has none (a closed drawer). The new widths are drawn in the frame that changed them (the resize
 * observer runs before paint), so a text never shows uncut over its neighbours.
 */
export function useTapeColumns(): { ref: (block: HTMLElement | null) => void; columns: TapeColumns | null } {
  const [columns, setColumns] = useState<TapeColumns | null>(null)
  const observer = useRef<ResizeObserver | null>(null)
  const ref = useCallback((block: HTMLElement | null) => {
    observer.current?.disconnect()
    observer.current = null
    if (!block) return
    let width = -1
    observer.current = new ResizeObserver(([entry]) => {
      const rowPx = entry?.borderBoxSize[0]?.inlineSize ?? 0
      if (rowPx === width) return
      width = rowPx
      const next = rowPx > 0 ? new TapeColumns(rowPx, getComputedStyle(block).fontFamily) : null
      flushSync(() => setColumns(next))
    })
    observer.current.observe(block)
  }, [])
  return { ref, columns }
}
