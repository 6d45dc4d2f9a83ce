/** A select over a fixed set of string values, typed by the value set. */
export function Choice<V extends string>({
  value,
  options,
  order,
  onChange,
  testId,
}: {
  value: V
  options: Record<V, string>
  order?: readonly V[]
  onChange: (value: V) => void
  testId?: string
}) {
  const values = order ?? (Object.keys(options) as V[])
  return (
    <select value={value} onChange={(e) => onChange(e.target.value as V)} data-testid={testId}>
      {values.map((v) => (
        <option key={v} value={v}>
          {options[v]}
        </option>
      ))}
    </select>
  )
}
