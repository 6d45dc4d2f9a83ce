/**
 * Scrolls an element to the top of its scroll container and keeps it there while the layout around
 * it settles. On the board, cards that come on screen during the jump lay out for the first time
 * (content-visibility) and grow or shrink from their placeholder height, which moves the target:
 * one scrollIntoView, or a smooth scroll aimed at where the card was, ends beside it. So the
 * element is brought back each frame until its position holds for a few frames.
 */

/** Frames the position must hold before the layout counts as settled. */
const STEADY_FRAMES = 3
/** A bound on the chase (about a second at 60 Hz) should something keep moving. */
const MAX_FRAMES = 60

/** Answers a function that stops the chase (the element unmounted, or a newer focus). */
export function scrollIntoViewSettled(element: Element): () => void {
  let frame = 0
  let steady = 0
  let lastTop = Number.NaN
  let handle = 0
  const step = () => {
    element.scrollIntoView({ block: 'start', behavior: 'instant' })
    const top = element.getBoundingClientRect().top
    steady = top === lastTop ? steady + 1 : 0
    lastTop = top
    if (steady < STEADY_FRAMES && ++frame < MAX_FRAMES) handle = requestAnimationFrame(step)
  }
  step()
  return () => cancelAnimationFrame(handle)
}
