/**
 * The banners at the top of the app for problems the trader must know about (a file set aside, no
 * keychain, a skewed clock, a stream not understood): what happened and what to do, most severe
 * first. A banner that may be dismissed has a button; the others go by themselves once the problem
 * is over. A banner about a stream opens the raw frame inspector on that stream.
 */
import { useState } from 'react'
import type { Problem } from '../../../../shared/problems'
import { describeError } from '../../lib/errors'
import { dismissProblem, useProblemsStore } from '../../store/problems-store'
import { openInspectorOn } from '../../store/ui-store'
import './problems.css'

export function ProblemBanners() {
  const problems = useProblemsStore((s) => s.problems)
  if (problems.length === 0) return null
  return (
    <section className="problem-banners" aria-label="Problems" data-testid="problem-banners">
      {problems.map((problem) => (
        <ProblemBanner key={problem.id} problem={problem} />
      ))}
    </section>
  )
}

function ProblemBanner({ problem }: { problem: Problem }) {
  const [error, setError] = useState<string | null>(null)
  const dismiss = () => dismissProblem(problem.id).catch((e: unknown) => setError(describeError(e)))
  return (
    <div
      className={`problem-banner ${problem.severity}`}
      role={problem.severity === 'info' ? 'status' : 'alert'}
      data-testid="problem-banner"
      data-problem={problem.id}
    >
      <div className="problem-words">
        <strong className="problem-title">{problem.title}</strong>
        <span data-testid="problem-happened">{problem.happened}</span>
        <span className="problem-to-do" data-testid="problem-to-do">
          {problem.toDo}
        </span>
        {error && <span className="problem-error">{error}</span>}
      </div>
      {problem.inspectStream && (
        <button
          type="button"
          data-testid="problem-show-frames"
          onClick={() => openInspectorOn(problem.inspectStream ?? null)}
        >
          Show frames
        </button>
      )}
      {problem.dismissible && (
        <button type="button" onClick={() => void dismiss()} aria-label={`Dismiss: ${problem.title}`}>
          Dismiss
        </button>
      )}
    </div>
  )
}
