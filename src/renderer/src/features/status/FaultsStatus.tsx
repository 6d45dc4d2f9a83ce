/**
 * The faults the app survived: a count in the status bar (only once there is one) that opens the
 * health panel with the newest faults, counts by kind, and the last crash file's summary. Main
 * scrubs every message of keys before it crosses the bridge.
 */
import { useState } from 'react'
import type { FaultsHealth, FaultSummary } from '../../../../shared/health'
import { formatClockTime } from '../../lib/format'

export function FaultsStatus({ faults }: { faults: FaultsHealth }) {
  const [open, setOpen] = useState(false)
  if (faults.total === 0) return null
  return (
    <>
      <button
        type="button"
        className="badge bad num faults-count"
        data-testid="faults-count"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title="Faults the app survived (click for the list)"
      >
        {faults.total} {faults.total === 1 ? 'fault' : 'faults'}
      </button>
      {open && <FaultsPanel faults={faults} onClose={() => setOpen(false)} />}
    </>
  )
}

function FaultsPanel({ faults, onClose }: { faults: FaultsHealth; onClose: () => void }) {
  const kinds = Object.entries(faults.byKind).sort(([, a], [, b]) => b - a)
  return (
    <section className="panel health-panel" data-testid="health-panel" aria-label="Faults">
      <div className="panel-title">
        Faults <span className="muted num">{faults.total}</span>
        <span className="spacer" />
        <button type="button" onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
      <div className="fault-kinds">
        {kinds.map(([kind, count]) => (
          <span key={kind} className="chip num" data-testid={`fault-kind-${kind}`}>
            {kind} {count}
          </span>
        ))}
      </div>
      <ol className="fault-list" data-testid="fault-list">
        {faults.recent.map((fault, i) => (
          <FaultRow key={`${fault.at}-${i}`} fault={fault} />
        ))}
      </ol>
    </section>
  )
}

export function FaultRow({ fault }: { fault: FaultSummary }) {
  return (
    <li className="fault-row">
      <span className="num muted">{formatClockTime(fault.at)}</span>
      <span className="muted">{fault.process}</span>
      <strong>{fault.kind}</strong>
      <span className="fault-message">{fault.message}</span>
    </li>
  )
}
