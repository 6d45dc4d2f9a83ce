/**
 * The price flash: a price lights up in the colour of its move and fades out over 1.5 s in six
 * steps. One shared timer steps every flashing element at once by rewriting its `data-fade`
 * attribute. Any element that sits on the cell's own background can flash: give it the
 * `flash-layer` class (styles.css) and call `flash` on it (features/board/PriceCell.tsx: the
 * cards', the grid's and the replay's prices).
 *
 * The colour is the element's own background, tinted by `data-flash-tint` (the last direction,
 * kept after the flash) and mixed into the cell's colour by step: `data-flash` (the direction,
 * while it lasts) shows it, `data-fade` (0 = full … 5) steps it down. At rest the background is
 * the cell's colour, never transparent, so the price paints the same display items whether it
 * flashes or not: a flash that starts or ends changes a colour, not the page's paint structure.
 * Not a box of its own behind the text (a positioned `::before` in a positioned price: two paint
 * layers more per price, and a display item that came and went with each flash), not its opacity
 * (an effect node per flashing price), not a layer per price (`will-change`: the compositor's
 * layer update and commit cost more than the repaint saves); measured at 5,000 updates/s,
 * docs/BENCHMARKS.md.
 *
 * Why not a CSS animation or the Web Animations API: at thousands of changes a second the browser
 * serviced hundreds of running animations on every frame, about a sixth of the main thread at
 * 5,000 updates/s. This costs one attribute write per flashing element four times a second, and
 * restarting a flash is one more write.
 */
import type { Direction } from '../../../shared/domain'
import { liveNow } from './live-time'

const FLASH_MS = 1500
const STEPS = 6
const STEP_MS = FLASH_MS / STEPS

/** Flashing elements and when their flash started (epoch ms). Ended flashes leave the map. */
const flashing = new Map<HTMLElement, number>()
let timer: ReturnType<typeof setInterval> | null = null

/**
 * Lights `element` up in the colour of `direction`. `changedAt` in the past picks the fade up
 * where it would be (a cell scrolled into view after its change); a flash already over is skipped.
 * The change's age is read on the live clock (a replay's, while one shows), the fade on the wall's.
 */
export function flash(element: HTMLElement, direction: Direction, changedAt = liveNow()): void {
  const startedAt = Date.now() - Math.max(0, liveNow() - changedAt)
  const step = stepAt(startedAt, Date.now())
  if (step >= STEPS) return
  if (element.dataset['flashTint'] !== direction) element.dataset['flashTint'] = direction
  if (element.dataset['flash'] !== direction) element.dataset['flash'] = direction
  writeStep(element, step)
  flashing.set(element, startedAt)
  timer ??= setInterval(advance, STEP_MS)
}

function advance(): void {
  const now = Date.now()
  for (const [element, startedAt] of flashing) {
    const step = stepAt(startedAt, now)
    if (step < STEPS) {
      writeStep(element, step)
      continue
    }
    delete element.dataset['flash']
    delete element.dataset['fade']
    flashing.delete(element)
  }
  if (flashing.size === 0 && timer !== null) {
    clearInterval(timer)
    timer = null
  }
}

function stepAt(startedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - startedAt) / STEP_MS))
}

/** An unchanged step is not written: every write invalidates the element's style. */
function writeStep(element: HTMLElement, step: number): void {
  const value = String(step)
  if (element.dataset['fade'] !== value) element.dataset['fade'] = value
}
