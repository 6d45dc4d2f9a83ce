/** The rule editor's "alert when" part: the kind picker and the fields of the chosen kind. */
import { ALERT_KINDS } from '../../../../shared/alerts'
import { OverrideEventKind } from '../../../../shared/domain'
import { Choice } from './Choice'
import { Field, TextInput } from './Field'
import type { RuleFormPartProps } from './rule-form'
import { kindLabel } from './rule-text'

export function RuleConditionFields({ form, errors, change }: RuleFormPartProps) {
  const input = (name: 'minPct' | 'minAbs' | 'windowSeconds' | 'price', placeholder: string) => (
    <TextInput form={form} name={name} onChange={change} placeholder={placeholder} numeric />
  )
  return (
    <>
      <div className="editor-line">
        <span className="editor-label">Alert when</span>
        <div className="segmented" role="radiogroup" aria-label="Rule kind">
          {ALERT_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              role="radio"
              aria-checked={form.kind === kind}
              className={form.kind === kind ? 'on' : ''}
              onClick={() => change({ kind })}
              data-testid={`rule-kind-${kind}`}
            >
              {kindLabel(kind)}
            </button>
          ))}
        </div>
      </div>

      <div className="editor-fields">
        {form.kind === 'move' && (
          <>
            <Field label="Min move %" path="condition.minPct" errors={errors}>
              {input('minPct', '%')}
            </Field>
            <Field label="or min price change" path="condition.minAbs" errors={errors}>
              {input('minAbs', 'e.g. 0.10')}
            </Field>
            <Field label="Within (s)" path="condition.windowSeconds" errors={errors}>
              {input('windowSeconds', 's')}
            </Field>
          </>
        )}
        {form.kind === 'threshold' && (
          <>
            <Field label="Price" path="condition.price" errors={errors}>
              {input('price', 'e.g. 2.50')}
            </Field>
            <Field label="Crossing" path="condition.direction" errors={errors}>
              <Choice
                value={form.direction}
                options={{ up: 'upwards', down: 'downwards', either: 'either way' }}
                onChange={(direction) => change({ direction })}
              />
            </Field>
          </>
        )}
        {form.kind === 'suspension' && (
          <Field label="When the outcome is" path="condition.on" errors={errors}>
            <Choice
              value={form.suspensionOn}
              options={{ suspended: 'suspended', unsuspended: 'unsuspended', either: 'either' }}
              onChange={(suspensionOn) => change({ suspensionOn })}
            />
          </Field>
        )}
        {form.kind === 'override' && <OverrideActionChecks form={form} errors={errors} change={change} />}
        {form.kind === 'match_status' && (
          <Field label="When the match" path="condition.on" errors={errors}>
            <Choice
              value={form.statusOn}
              options={{ live: 'goes live', finished: 'finishes', either: 'goes live or finishes' }}
              onChange={(statusOn) => change({ statusOn })}
            />
          </Field>
        )}
      </div>
    </>
  )
}

/** One checkbox per override action (set, changed, expired, …) the rule fires on. */
function OverrideActionChecks({ form, errors, change }: RuleFormPartProps) {
  return (
    <Field label="Override actions" path="condition.actions" errors={errors} wide group>
      <span className="editor-checks">
        {OverrideEventKind.options.map((action) => (
          <label key={action} className="editor-check">
            <input
              type="checkbox"
              checked={form.overrideActions.includes(action)}
              onChange={(e) =>
                change({
                  overrideActions: e.target.checked
                    ? [...form.overrideActions, action]
                    : form.overrideActions.filter((a) => a !== action),
                })
              }
            />
            {action}
          </label>
        ))}
      </span>
    </Field>
  )
}
