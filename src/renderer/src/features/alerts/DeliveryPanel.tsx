/** How alerts reach the trader: coalescing window, quiet hours, mute. In-app entries are always recorded. */
import { useEffect, useState } from 'react'
import type { FieldErrors } from '../../../../shared/alerts'
import { call } from '../../bridge'
import { describeError, fieldErrors } from '../../lib/errors'
import { formOfDelivery, validateDeliveryForm, type DeliveryForm } from './delivery-form'
import { Field, TextInput } from './Field'

export function DeliveryPanel() {
  const [form, setForm] = useState<DeliveryForm | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [note, setNote] = useState<string | null>(null)

  useEffect(() => {
    call('rules:deliveryGet').then(
      (settings) => setForm(formOfDelivery(settings)),
      (e: unknown) => setNote(`Delivery settings: ${describeError(e)}`),
    )
  }, [])

  if (!form) return <section className="delivery-panel">{note && <div className="inline-note">{note}</div>}</section>

  const change = (patch: Partial<DeliveryForm>) => {
    setForm({ ...form, ...patch })
    setNote(null)
  }
  const save = async () => {
    const result = validateDeliveryForm(form)
    setErrors(result.ok ? {} : result.errors)
    if (!result.ok) return
    try {
      setForm(formOfDelivery(await call('rules:deliverySet', result.value)))
      setNote('Saved')
    } catch (e) {
      setErrors(fieldErrors(e))
    }
  }
  return (
    <form
      className="delivery-panel"
      data-testid="delivery-panel"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <div className="rule-editor-title">Delivery</div>
      <div className="editor-fields">
        <Field label="Coalesce window (s)" path="coalesceSeconds" errors={errors}>
          <TextInput form={form} name="coalesceSeconds" onChange={change} numeric />
        </Field>
        <label className="editor-check">
          <input
            type="checkbox"
            checked={form.quietEnabled}
            onChange={(e) => change({ quietEnabled: e.target.checked })}
          />
          Quiet hours
        </label>
        {form.quietEnabled && (
          <>
            <Field label="From (HH:MM)" path="quietHours.start" errors={errors}>
              <TextInput form={form} name="quietStart" onChange={change} numeric />
            </Field>
            <Field label="To (HH:MM)" path="quietHours.end" errors={errors}>
              <TextInput form={form} name="quietEnd" onChange={change} numeric />
            </Field>
          </>
        )}
        <label className="editor-check">
          <input
            type="checkbox"
            checked={form.muted}
            onChange={(e) => change({ muted: e.target.checked })}
            data-testid="delivery-muted"
          />
          Mute all notifications
        </label>
      </div>
      {errors[''] && <div className="field-error">{errors['']}</div>}
      <div className="editor-actions">
        {note && <span className="muted">{note}</span>}
        <button type="submit" data-testid="delivery-save">
          Save delivery
        </button>
      </div>
    </form>
  )
}
