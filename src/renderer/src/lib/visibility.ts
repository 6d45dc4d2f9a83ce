/**
 * Which parts of a scrolling list are on screen, or about to be. With 50 watched matches only two
 * or three cards are visible at a time; the board mounts the markets of those only (MatchCard.tsx),
 * so off-screen cards do no per-tick work (React renders, flashes) and hold no price cells.
 *
 * One IntersectionObserver serves every element of a list, rooted on the list's scroll container
 * so the look-ahead margin applies to it: a card just below the fold is already live, so
 * scrolling never shows a stale price.
 */
import { createContext, useContext, useEffect, useState, type RefObject } from 'react'

/**
 * How far beyond the scroll container's edges an element counts as visible: enough for a wheel
 * or key scroll to find cards already current; every card inside it costs work on each tick.
 */
const LOOK_AHEAD = '200px 0px'

export class VisibilityTracker {
  private observer: IntersectionObserver | null = null
  private readonly listeners = new Map<Element, (visible: boolean) => void>()
  private root: Element | null = null

  /** Called from the scroll container's ref: refs attach before any child's effect observes. */
  setRoot(element: Element | null): void {
    this.root = element
  }

  observe(element: Element, onChange: (visible: boolean) => void): () => void {
    this.observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) this.listeners.get(entry.target)?.(entry.isIntersecting)
      },
      { root: this.root, rootMargin: LOOK_AHEAD },
    )
    this.listeners.set(element, onChange)
    this.observer.observe(element)
    return () => {
      this.listeners.delete(element)
      this.observer?.unobserve(element)
    }
  }
}

/** The tracker of the enclosing scroll container; none means "always visible" (a lone card). */
export const VisibilityContext = createContext<VisibilityTracker | null>(null)

/**
 * Whether the element is on screen or within the look-ahead. Without a tracker it is always
 * true. With one it starts as `initially` (true for what the first screen shows) and the observer
 * reports within a frame.
 */
export function useInView(ref: RefObject<Element | null>, initially = false): boolean {
  const tracker = useContext(VisibilityContext)
  const [visible, setVisible] = useState(tracker === null || initially)
  useEffect(() => {
    const element = ref.current
    if (!tracker || !element) return
    return tracker.observe(element, setVisible)
  }, [tracker, ref])
  return tracker === null || visible
}
