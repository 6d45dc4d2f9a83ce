/**
 * Create or edit one alert rule. The form is validated with the shared schema before anything is
 * sent, so a bad value is an error next to its input and never a saved broken rule; should main
 * still refuse (a rule deleted meanwhile), its words are shown the same way. The parts: what the
 * rule alerts on (RuleConditionFields), where it looks (RuleScopeFields), how often it may fire (here),
 * and what it would have done on recorded data, before it is saved (BacktestPanel).
 */
import type { AlertRule, CooldownPer } from '../../../../shared/alerts'
import { BacktestPanel } from './BacktestPanel'
import { Choice } from './Choice'
import { Field, TextInput } from './Field'
import { RuleConditionFields } from './RuleConditionFields'
import { RuleScopeFields } from './RuleScopeFields'
import type { RuleForm, RuleFormPartProps } from './rule-form'
import { useRuleForm } from './use-rule-form'

interface Props {
  initial: RuleForm
  onSaved: (rule: AlertRule) => void
  onCancel: () => void
}

export function RuleEditor({ initial, onSaved, onCancel }: Props) {
  const { form, errors, saving, change, save } = useRuleForm(initial, onSaved)
  const part = { form, errors, change }
  return (
    <form
      className="rule-editor"
      data-testid="rule-editor"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <div className="rule-editor-title">{form.id === null ? 'New rule' : 'Edit rule'}</div>
      <Field label="Name" path="name" errors={errors} wide>
        <TextInput form={form} name="name" onChange={change} placeholder="e.g. Favourite drifts" />
      </Field>
      <RuleConditionFields {...part} />
      <RuleScopeFields {...part} />
      <RuleRepeatFields {...part} />
      {errors[''] && <div className="field-error">{errors['']}</div>}
      <div className="editor-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={saving} data-testid="rule-save">
          {saving ? 'Saving…' : 'Save rule'}
        </button>
      </div>
      <BacktestPanel form={form} />
    </form>
  )
}

const COOLDOWN_PER: Record<CooldownPer, string> = {
  outcome: 'Each outcome',
  match: 'Each match',
}

/** How often the rule may fire (and for what: each outcome or each match), and whether it is on. */
function RuleRepeatFields({ form, errors, change }: RuleFormPartProps) {
  return (
    <div className="editor-fields">
      <Field label="Cooldown (s)" path="cooldownSeconds" errors={errors}>
        <TextInput form={form} name="cooldownSeconds" onChange={change} placeholder="s" numeric />
      </Field>
      <Field label="Cooldown and repeats for" path="cooldownPer" errors={errors}>
        <Choice
          value={form.cooldownPer}
          options={COOLDOWN_PER}
          onChange={(cooldownPer) => change({ cooldownPer })}
          testId="rule-cooldown-per"
        />
      </Field>
      <label className="editor-check">
        <input type="checkbox" checked={form.doNotRepeat} onChange={(e) => change({ doNotRepeat: e.target.checked })} />
        Do not repeat for the same {form.cooldownPer}
      </label>
      <label className="editor-check">
        <input type="checkbox" checked={form.enabled} onChange={(e) => change({ enabled: e.target.checked })} />
        Enabled
      </label>
    </div>
  )
}
