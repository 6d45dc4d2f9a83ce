/**
 * The problems in force, one per id: the model behind the banner stack (shared/problems.ts). Sources
 * raise a problem when they see it and clear it when it is over; the trader may dismiss one that is
 * dismissible, which hides it until it is cleared and raised again. Listeners hear the visible list
 * on every change (the bridge pushes it as `problems:changed`). Raising the same words again is no
 * change, so a source may raise on every observation.
 */
import type { Problem, ProblemList, ProblemSeverity } from '../../../shared/problems'

export type RaisedProblem = Omit<Problem, 'since'>

const SEVERITY_ORDER: Record<ProblemSeverity, number> = { error: 0, warning: 1, info: 2 }

export class ProblemBoard {
  private readonly problems = new Map<string, Problem>()
  private readonly dismissed = new Set<string>()
  private readonly listeners = new Set<(list: ProblemList) => void>()

  constructor(private readonly now: () => number = Date.now) {}

  raise(problem: RaisedProblem): void {
    const current = this.problems.get(problem.id)
    if (current && sameWords(current, problem)) return
    this.problems.set(problem.id, { ...problem, since: current?.since ?? this.now() })
    if (!this.dismissed.has(problem.id)) this.changed()
  }

  clear(id: string): void {
    if (!this.problems.delete(id)) return
    const wasHidden = this.dismissed.delete(id)
    if (!wasHidden) this.changed()
  }

  /** False when there is no such problem, or it may not be dismissed. */
  dismiss(id: string): boolean {
    const problem = this.problems.get(id)
    if (!problem?.dismissible) return false
    if (!this.dismissed.has(id)) {
      this.dismissed.add(id)
      this.changed()
    }
    return true
  }

  list(): ProblemList {
    return [...this.problems.values()]
      .filter((p) => !this.dismissed.has(p.id))
      .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.since - b.since)
  }

  onChange(listener: (list: ProblemList) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private changed(): void {
    const list = this.list()
    for (const listener of this.listeners) listener(list)
  }
}

function sameWords(a: RaisedProblem, b: RaisedProblem): boolean {
  return (
    a.severity === b.severity &&
    a.title === b.title &&
    a.happened === b.happened &&
    a.toDo === b.toDo &&
    a.dismissible === b.dismissible &&
    a.inspectStream === b.inspectStream
  )
}
