/**
 * The last laid-out height of parts that are mounted only while on screen (a match card's
 * markets), so the stand-in that replaces them off screen keeps their size and the scroll
 * positions beyond them stay true. One ResizeObserver serves them all: it reports after layout,
 * so remembering costs no forced layout.
 */
const heights = new Map<string, number>()
const keys = new WeakMap<Element, string>()
let observer: ResizeObserver | null = null

/** A ref callback that remembers the element's height under `key` while it is mounted. */
export function rememberHeight(key: string): (element: HTMLElement | null) => () => void {
  return (element) => {
    if (!element) return () => undefined
    observer ??= new ResizeObserver((entries) => {
      for (const entry of entries) {
        const of = keys.get(entry.target)
        const height = entry.borderBoxSize[0]?.blockSize
        if (of !== undefined && height) heights.set(of, height)
      }
    })
    keys.set(element, key)
    observer.observe(element)
    return () => observer?.unobserve(element)
  }
}

/** The height last seen under `key`, or undefined if it was never on screen. */
export function rememberedHeight(key: string): number | undefined {
  return heights.get(key)
}
