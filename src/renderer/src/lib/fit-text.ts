/**
 * Text cut to a width with an ellipsis, measured on a canvas: what `text-overflow: ellipsis` draws,
 * without the clip that CSS needs for it. A clip is a paint property of its own, and rows that are
 * all new at each refresh (the change tape's, four a second at high rates) brought new clips each
 * time, which made the browser re-layerize the whole page in those frames (docs/BENCHMARKS.md,
 * 28 Nov afternoon). Cut here, the text simply fits its column.
 */

/** A text's advance width in CSS px, in one font. */
export type Measure = (text: string) => number

const ELLIPSIS = '…'

/**
 * `text` whole if it fits `widthPx`, else its longest start that fits with an ellipsis after it;
 * nothing where not even the ellipsis fits.
 */
export function fitText(text: string, widthPx: number, measure: Measure): string {
  if (measure(text) <= widthPx) return text
  if (measure(ELLIPSIS) > widthPx) return ''
  const chars = Array.from(text) // never cut a character made of two code units in half
  const cut = (length: number) => chars.slice(0, length).join('') + ELLIPSIS
  let fits = 0
  let tooLong = chars.length
  while (tooLong - fits > 1) {
    const middle = (fits + tooLong) >> 1
    if (measure(cut(middle)) <= widthPx) fits = middle
    else tooLong = middle
  }
  return cut(fits)
}

/** Measures text in a CSS `font` on a canvas, each text once. */
export function canvasMeasure(font: string): Measure {
  const context = document.createElement('canvas').getContext('2d')
  if (!context) throw new Error('no 2d canvas to measure text with')
  context.font = font
  const widths = new Map<string, number>()
  return (text) => {
    let width = widths.get(text)
    if (width === undefined) widths.set(text, (width = context.measureText(text).width))
    return width
  }
}

/** `fitText` with its answers kept: a tape names the same few matches and markets over and over. */
export class TextFitter {
  private readonly fitted = new Map<string, string>()

  constructor(
    private readonly widthPx: number,
    readonly measure: Measure,
  ) {}

  fit(text: string): string {
    let fitted = this.fitted.get(text)
    if (fitted === undefined) this.fitted.set(text, (fitted = fitText(text, this.widthPx, this.measure)))
    return fitted
  }
}
