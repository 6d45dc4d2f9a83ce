/** A labelled form control with its error underneath; the error slot keeps its height so nothing jumps. */
import type { ReactNode } from 'react'
import type { FieldErrors } from '../../../../shared/alerts'

/** `group` is for several controls (checkboxes): a label element may hold one control only. */
export function Field({
  label,
  path,
  errors,
  children,
  wide,
  group,
}: {
  label: string
  path: string
  errors: FieldErrors
  children: ReactNode
  wide?: boolean
  group?: boolean
}) {
  const error = errors[path]
  const className = `editor-field${wide ? ' wide' : ''}${error ? ' invalid' : ''}`
  const body = (
    <>
      <span className="editor-label">{label}</span>
      {children}
      <span className="field-error" data-testid={`field-error-${path}`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </span>
    </>
  )
  return group ? (
    <div className={className} role="group" aria-label={label} data-field={path}>
      {body}
    </div>
  ) : (
    <label className={className} data-field={path}>
      {body}
    </label>
  )
}

/** Text input bound to one string field of a form object. */
export function TextInput<F>({
  form,
  name,
  onChange,
  placeholder,
  numeric,
}: {
  form: F
  name: keyof F & string
  onChange: (patch: Partial<F>) => void
  placeholder?: string
  numeric?: boolean
}) {
  return (
    <input
      className={numeric ? 'num' : undefined}
      inputMode={numeric ? 'decimal' : undefined}
      value={String(form[name] ?? '')}
      placeholder={placeholder}
      onChange={(e) => onChange({ [name]: e.target.value } as Partial<F>)}
      data-testid={`input-${name}`}
    />
  )
}
