/**
 * The problems banner stack as main has it (core/problems): loaded whole on start and after a lost
 * connection comes back, then replaced by every `problems:changed` push. A dropped push is fetched
 * afresh. Dismissing goes through main, so every window hides the same banners.
 */
import { create } from 'zustand'
import type { ProblemList } from '../../../shared/problems'
import { call, subscribe } from '../bridge'

interface ProblemsStore {
  problems: ProblemList
}

export const useProblemsStore = create<ProblemsStore>(() => ({ problems: [] }))

const show = (problems: ProblemList) => useProblemsStore.setState({ problems })

export function loadProblems(): void {
  // Nothing to show until main answers; the push brings the list when it changes anyway.
  call('problems:get').then(show, () => undefined)
}

export function startProblemsSync(): () => void {
  const stops = [
    subscribe('problems:changed', show),
    subscribe('bridge:dropped', ({ channel }) => {
      if (channel === 'problems:changed') loadProblems()
    }),
  ]
  loadProblems()
  return () => stops.forEach((stop) => stop())
}

/** Hides a dismissible problem in every window; throws the bridge's error in words. */
export async function dismissProblem(id: string): Promise<void> {
  show(await call('problems:dismiss', { id }))
}
