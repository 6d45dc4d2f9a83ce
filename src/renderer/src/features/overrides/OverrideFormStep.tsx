/** The override editor's first step: price, duration, suspended; errors show here, before any confirm. */
import { useState } from 'react'
import type { FieldErrors } from '../../../../shared/alerts'
import type { BoardCell } from '../../../../shared/board'
import type { OverrideCommand } from '../../../../shared/keys'
import { closeOverrideEditor } from '../../store/ui-store'
import { validateOverrideForm, type OverrideForm } from './override-form'

export function OverrideFormStep({
  cell,
  form,
  onChange,
  onSet,
  onLift,
}: {
  cell: BoardCell
  form: OverrideForm
  onChange: (form: OverrideForm) => void
  onSet: (command: OverrideCommand) => void
  onLift: () => void
}) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const submit = () => {
    const result = validateOverrideForm(form, cell)
    if (result.ok) onSet(result.value)
    else setErrors(result.errors)
  }
  return (
    <form
      className="form-grid"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <label>
        Price
        <input
          name="price"
          inputMode="decimal"
          value={form.price}
          onChange={(e) => onChange({ ...form, price: e.target.value })}
          aria-invalid={errors['oddValue'] ? true : undefined}
          autoFocus
        />
        <FieldError error={errors['oddValue']} field="price" />
      </label>
      <label>
        Duration (s)
        <input
          name="duration"
          inputMode="numeric"
          value={form.duration}
          onChange={(e) => onChange({ ...form, duration: e.target.value })}
          aria-invalid={errors['durationSeconds'] ? true : undefined}
        />
        <FieldError error={errors['durationSeconds']} field="duration" />
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={form.suspended}
          onChange={(e) => onChange({ ...form, suspended: e.target.checked })}
        />{' '}
        Suspended
      </label>
      <FieldError error={errors['']} field="form" />
      <div className="actions">
        <button type="submit" className="primary">
          Set override…
        </button>
        {cell.override && (
          <button type="button" onClick={onLift}>
            Lift override…
          </button>
        )}
        <button type="button" onClick={closeOverrideEditor}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function FieldError({ error, field }: { error: string | undefined; field: string }) {
  return error ? (
    <span className="field-error" role="alert" data-testid={`override-error-${field}`}>
      {error}
    </span>
  ) : null
}
