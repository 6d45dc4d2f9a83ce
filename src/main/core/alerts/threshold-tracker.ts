/**
 * Detects a price crossing a threshold. Touching the threshold is not crossing: 1.9 → 2.0 → 1.9 never
 * fires for 2.0, while 1.9 → 2.0 → 2.1 fires "up" on the 2.1. To know which side a price sitting exactly
 * on the threshold came from, that side is remembered — only for outcomes currently on a threshold,
 * so the memory stays tiny even for rules over every outcome.
 */
export type Crossing = 'up' | 'down'
type Side = 'above' | 'below'

function sideOf(price: number, threshold: number): Side | undefined {
  return price > threshold ? 'above' : price < threshold ? 'below' : undefined
}

export class ThresholdTracker {
  /** ruleId → outcome → the side a price now exactly on the rule's threshold came from. */
  private readonly sideBeforeTouch = new Map<string, Map<string, Side>>()

  /** The outcome's price is no longer known to have come from a side (a resync). */
  forget(outcomeKey: string): void {
    for (const touching of this.sideBeforeTouch.values()) touching.delete(outcomeKey)
  }

  crossing(
    ruleId: string,
    outcomeKey: string,
    threshold: number,
    previous: number | null,
    current: number,
  ): Crossing | null {
    if (previous === null) return null
    let before = sideOf(previous, threshold)
    const touching = this.sideBeforeTouch.get(ruleId)
    if (before === undefined) {
      before = touching?.get(outcomeKey)
      touching?.delete(outcomeKey)
    }
    const after = sideOf(current, threshold)
    if (after === undefined) {
      if (before === undefined) return null
      if (touching) touching.set(outcomeKey, before)
      else this.sideBeforeTouch.set(ruleId, new Map([[outcomeKey, before]]))
      return null
    }
    if (before === undefined || before === after) return null
    return after === 'above' ? 'up' : 'down'
  }
}
