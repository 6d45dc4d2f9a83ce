/**
 * Set or lift an override on one outcome. Two steps: fill in, then confirm what will be sent;
 * the server's answer (or refusal) is shown in its own words.
 */
import { useState } from 'react'
import type { BoardCell } from '../../../../shared/board'
import { call } from '../../bridge'
import { Modal } from '../../components/Modal'
import { describeError, fieldErrors } from '../../lib/errors'
import { formatPrice } from '../../lib/format'
import { untilLabel } from '../../lib/live-time'
import { useCell } from '../../store/board-store'
import { nameOutcome } from '../../store/outcome-names'
import { closeOverrideEditor, useUiStore } from '../../store/ui-store'

export function OverrideEditorHost() {
  const outcomeId = useUiStore((s) => s.editorOutcome)
  return outcomeId ? <OverrideEditor key={outcomeId} outcomeId={outcomeId} /> : null
}

type Step =
  | { kind: 'edit' }
  | { kind: 'confirm'; action: 'set' | 'lift' }
  | { kind: 'sending' }
  | { kind: 'answered'; ok: boolean; message: string }

function OverrideEditor({ outcomeId }: { outcomeId: string }) {
  const cell = useCell(outcomeId)
  const [price, setPrice] = useState(() => (cell ? formatPrice(cell.override?.value ?? cell.price) : ''))
  const [duration, setDuration] = useState('300')
  const [suspended, setSuspended] = useState(false)
  const [step, setStep] = useState<Step>({ kind: 'edit' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  if (!cell) return null
  const name = nameOutcome(cell)
  const send = async (action: 'set' | 'lift', target: BoardCell) => {
    setStep({ kind: 'sending' })
    const ref = { matchId: target.matchId, oddType: target.oddType, oddKey: target.oddKey }
    try {
      const answer =
        action === 'set'
          ? await call('overrides:set', {
              ...ref,
              oddValue: Number(price),
              durationSeconds: Number(duration),
              suspended,
            })
          : await call('overrides:lift', ref)
      setStep({ kind: 'answered', ok: answer.ok, message: answer.message })
    } catch (error) {
      setErrors(fieldErrors(error))
      setStep({ kind: 'answered', ok: false, message: describeError(error) })
    }
  }
  return (
    <Modal label="Override editor" testId="override-editor" onClose={closeOverrideEditor}>
      <h2>Override</h2>
      <div className="muted">{name.match}</div>
      <div>
        {name.market} · <strong>{name.outcome}</strong> · now{' '}
        <span className="num">{cell.suspended ? 'suspended' : formatPrice(cell.price)}</span>
      </div>
      {cell.override && (
        <div className="badge warn">
          override in force: {formatPrice(cell.override.value)}
          {cell.override.suspended ? ' (suspended)' : ''} · expires in{' '}
          <span data-until={cell.override.expiresAt} data-label={untilLabel(cell.override.expiresAt)} />
        </div>
      )}
      {step.kind === 'edit' && (
        <form
          className="form-grid"
          onSubmit={(e) => {
            e.preventDefault()
            setStep({ kind: 'confirm', action: 'set' })
          }}
        >
          <label>
            Price
            <input
              name="price"
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              autoFocus
            />
            {errors['oddValue'] && <span className="field-error">{errors['oddValue']}</span>}
          </label>
          <label>
            Duration (s)
            <input name="duration" inputMode="numeric" value={duration} onChange={(e) => setDuration(e.target.value)} />
            {errors['durationSeconds'] && <span className="field-error">{errors['durationSeconds']}</span>}
          </label>
          <label className="check">
            <input type="checkbox" checked={suspended} onChange={(e) => setSuspended(e.target.checked)} /> Suspended
          </label>
          <div className="actions">
            <button type="submit" className="primary">
              Set override…
            </button>
            {cell.override && (
              <button type="button" onClick={() => setStep({ kind: 'confirm', action: 'lift' })}>
                Lift override…
              </button>
            )}
            <button type="button" onClick={closeOverrideEditor}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {step.kind === 'confirm' && (
        <div className="confirm" data-testid="override-confirm">
          <p>
            {step.action === 'set'
              ? `Serve ${price}${suspended ? ' (suspended)' : ''} for ${duration} s on ${name.outcome} (${name.market})?`
              : `Lift the override on ${name.outcome} (${name.market}) and serve the market price again?`}
          </p>
          <div className="actions">
            <button type="button" className="primary" autoFocus onClick={() => void send(step.action, cell)}>
              Confirm {step.action}
            </button>
            <button type="button" onClick={() => setStep({ kind: 'edit' })}>
              Back
            </button>
          </div>
        </div>
      )}
      {step.kind === 'sending' && <p className="muted">Sending…</p>}
      {step.kind === 'answered' && (
        <div className="answer">
          <p className={step.ok ? 'ok-text' : 'error-text'} data-testid="override-answer">
            {step.ok ? 'Done: ' : 'Refused: '}
            {step.message}
          </p>
          <div className="actions">
            <button type="button" onClick={() => setStep({ kind: 'edit' })}>
              Edit again
            </button>
            <button type="button" className="primary" onClick={closeOverrideEditor}>
              Close
            </button>
          </div>
        </div>
      )}
    </Modal>
  )
}
