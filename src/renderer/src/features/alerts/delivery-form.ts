/** The delivery settings form (coalescing, quiet hours, mute) and its mapping to the shared schema. */
import { AlertDeliverySettings, validate, type FieldErrors, type Validated } from '../../../../shared/alerts'
import { numberField, withNumberErrors } from '../../lib/form-number'

export interface DeliveryForm {
  coalesceSeconds: string
  quietEnabled: boolean
  quietStart: string
  quietEnd: string
  muted: boolean
}

export function formOfDelivery(settings: AlertDeliverySettings): DeliveryForm {
  return {
    coalesceSeconds: String(settings.coalesceSeconds),
    quietEnabled: settings.quietHours !== null,
    // Off quiet hours still need sensible times to offer when the trader turns them on.
    quietStart: settings.quietHours?.start ?? '22:00',
    quietEnd: settings.quietHours?.end ?? '07:00',
    muted: settings.muted,
  }
}

export function validateDeliveryForm(form: DeliveryForm): Validated<AlertDeliverySettings> {
  const numbers: FieldErrors = {}
  const input = {
    coalesceSeconds: numberField(numbers, 'coalesceSeconds', form.coalesceSeconds, true),
    quietHours: form.quietEnabled ? { start: form.quietStart.trim(), end: form.quietEnd.trim() } : null,
    muted: form.muted,
  }
  return withNumberErrors(validate(AlertDeliverySettings, input), numbers)
}
