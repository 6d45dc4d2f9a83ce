/** Progress of long work (paging through a big list, loading history, an export). */
export function Progress({ done, total, label }: { done: number; total: number | null; label: string }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuenow={done}
      aria-valuemax={total ?? undefined}
      aria-label={label}
      data-testid="progress"
    >
      <span className="progress-label">{label}</span>
      <span className="progress-track">
        <span
          className={total ? 'progress-fill' : 'progress-fill indeterminate'}
          style={total ? { width: `${Math.min(100, (done / total) * 100)}%` } : undefined}
        />
      </span>
      <span className="num">{total ? `${done}/${total}` : done}</span>
    </div>
  )
}
