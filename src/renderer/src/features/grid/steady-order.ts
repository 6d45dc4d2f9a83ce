/**
 * Nothing moves under the trader: the grid's row order follows the prices (a "last move" sort, a
 * match turning live or finished) at most every RESORT_MS, and not at all while the pointer or the
 * keyboard focus is in the grid; meanwhile `waiting` says a newer order is held back. What the
 * trader changes (sort, filters, the list) is a new `compute` and shows at once.
 * (docs/ARCHITECTURE.md, "The grid holds its order".)
 */
import { useEffect, useState } from 'react'

export const RESORT_MS = 3000

interface Shown<T> {
  compute: () => T
  value: T
  waiting: boolean
}

export function useSteadyOrder<T>(
  compute: () => T,
  same: (a: T, b: T) => boolean,
  held: boolean,
): { value: T; waiting: boolean } {
  const [state, setState] = useState<Shown<T>>(() => ({ compute, value: compute(), waiting: false }))
  const current = state.compute === compute ? state : { compute, value: compute(), waiting: false }
  if (current !== state) setState(current)
  useEffect(() => {
    const refresh = () =>
      setState((prev) => {
        if (prev.compute !== compute) return prev
        const next = compute()
        if (same(prev.value, next)) return prev.waiting ? { ...prev, waiting: false } : prev
        if (held) return prev.waiting ? prev : { ...prev, waiting: true }
        return { compute, value: next, waiting: false }
      })
    // The pointer or focus just left: what was held back shows now, not at the next tick.
    if (!held) refresh()
    const timer = setInterval(refresh, RESORT_MS)
    return () => clearInterval(timer)
  }, [compute, same, held])
  return current
}
