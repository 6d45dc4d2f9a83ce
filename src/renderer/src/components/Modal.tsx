/** A dialog over a dimmed backdrop: a click outside or Escape closes it. */
import type { ReactNode } from 'react'

export function Modal({
  label,
  testId,
  className,
  onClose,
  children,
}: {
  label: string
  testId: string
  className?: string
  onClose: () => void
  children: ReactNode
}) {
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-label={label}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        {children}
      </div>
    </div>
  )
}
