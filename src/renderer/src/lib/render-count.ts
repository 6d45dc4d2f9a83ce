/**
 * Counts commits per component key on `window.__renderCounts` when `?renderCount=1` is set, so a
 * browser test can prove that one price change re-renders one cell and nothing else.
 */
import { useEffect } from 'react'
import { RENDER_COUNT_ENABLED } from './dev-flags'

const counts: Record<string, number> = {}
if (RENDER_COUNT_ENABLED) (globalThis as unknown as { __renderCounts: Record<string, number> }).__renderCounts = counts

export function useRenderCount(key: string): void {
  // An effect without deps runs once per commit of the component: exactly one re-render.
  useEffect(() => {
    if (RENDER_COUNT_ENABLED) counts[key] = (counts[key] ?? 0) + 1
  })
}
