/**
 * Create or edit one alert rule. The form is validated with the shared schema before anything is
 * sent, so a bad value is an error next to its input and never a saved broken rule; should main
 * still refuse (a rule deleted meanwhile), its words are shown the same way.
 */
import { useMemo, useState } from 'react'
import { ALERT_KINDS, type AlertRule, type FieldErrors } from '../../../../shared/alerts'
import { OverrideEventKind } from '../../../../shared/domain'
import { call } from '../../bridge'
import { fieldErrors } from '../../lib/errors'
import { matchLabel, useWatchlists, watchedMatches } from '../review/use-watchlists'
import { Field, TextInput } from './Field'
import { SCOPE_TYPES, validateRuleForm, type RuleForm, type ScopeType } from './rule-form'
import { kindLabel } from './rule-text'

const SCOPE_LABELS: Record<ScopeType, string> = {
  all: 'All watched matches',
  watchlist: 'One watchlist',
  match: 'One match',
  market: 'One market',
  outcome: 'One outcome',
}

interface Props {
  initial: RuleForm
  onSaved: (rule: AlertRule) => void
  onCancel: () => void
}

export function RuleEditor({ initial, onSaved, onCancel }: Props) {
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)
  const { state: watchlists } = useWatchlists()
  const matches = useMemo(() => watchedMatches(watchlists), [watchlists])

  const change = (patch: Partial<RuleForm>) => {
    const next = { ...form, ...patch }
    setForm(next)
    // After a failed save, errors follow the typing so a fixed field clears at once.
    if (tried) {
      const result = validateRuleForm(next)
      setErrors(result.ok ? {} : result.errors)
    }
  }

  const save = async () => {
    setTried(true)
    const result = validateRuleForm(form)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    setSaving(true)
    try {
      onSaved(await call('rules:save', result.value))
    } catch (e) {
      setErrors(fieldErrors(e))
    } finally {
      setSaving(false)
    }
  }

  const input = (name: keyof RuleForm & string, placeholder?: string, numeric = false) => (
    <TextInput form={form} name={name} onChange={change} placeholder={placeholder} numeric={numeric} />
  )
  const needsMatch = form.scopeType === 'match' || form.scopeType === 'market' || form.scopeType === 'outcome'
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
        {input('name', 'e.g. Favourite drifts')}
      </Field>

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
              {input('minPct', '%', true)}
            </Field>
            <Field label="or min price change" path="condition.minAbs" errors={errors}>
              {input('minAbs', 'e.g. 0.10', true)}
            </Field>
            <Field label="Within (s)" path="condition.windowSeconds" errors={errors}>
              {input('windowSeconds', 's', true)}
            </Field>
          </>
        )}
        {form.kind === 'threshold' && (
          <>
            <Field label="Price" path="condition.price" errors={errors}>
              {input('price', 'e.g. 2.50', true)}
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
        {form.kind === 'override' && (
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
        )}
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

      <div className="editor-fields">
        <Field label="Scope" path="scope.type" errors={errors}>
          <Choice
            value={form.scopeType}
            options={SCOPE_LABELS}
            order={SCOPE_TYPES}
            onChange={(scopeType) => change({ scopeType })}
            testId="rule-scope"
          />
        </Field>
        {form.scopeType === 'watchlist' && (
          <Field label="Watchlist" path="scope.watchlistId" errors={errors}>
            <select value={form.watchlistId} onChange={(e) => change({ watchlistId: e.target.value })}>
              <option value="">Pick a watchlist…</option>
              {watchlists.lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        {needsMatch && (
          <Field label="Match id" path="scope.matchId" errors={errors}>
            <input
              className="num"
              list="rule-match-options"
              value={form.matchId}
              onChange={(e) => change({ matchId: e.target.value })}
              placeholder="match id"
              data-testid="input-matchId"
            />
            <datalist id="rule-match-options">
              {matches.map((m) => (
                <option key={m.matchId} value={m.matchId}>
                  {matchLabel(m)}
                </option>
              ))}
            </datalist>
          </Field>
        )}
        {(form.scopeType === 'market' || form.scopeType === 'outcome') && (
          <Field
            label={form.scopeType === 'market' ? 'Odd type (optional)' : 'Odd type'}
            path="scope.oddType"
            errors={errors}
          >
            {input('oddType', 'e.g. full-time')}
          </Field>
        )}
        {form.scopeType === 'market' && (
          <Field label="Market (optional)" path="scope.market" errors={errors}>
            {input('market', 'e.g. match_winner')}
          </Field>
        )}
        {form.scopeType === 'outcome' && (
          <Field label="Outcome key" path="scope.oddKey" errors={errors}>
            {input('oddKey', 'e.g. match_winner#home')}
          </Field>
        )}
      </div>

      <div className="editor-fields">
        <Field label="Cooldown (s)" path="cooldownSeconds" errors={errors}>
          {input('cooldownSeconds', 's', true)}
        </Field>
        <label className="editor-check">
          <input
            type="checkbox"
            checked={form.doNotRepeat}
            onChange={(e) => change({ doNotRepeat: e.target.checked })}
          />
          Do not repeat for the same outcome
        </label>
        <label className="editor-check">
          <input type="checkbox" checked={form.enabled} onChange={(e) => change({ enabled: e.target.checked })} />
          Enabled
        </label>
      </div>

      {errors[''] && <div className="field-error">{errors['']}</div>}
      <div className="editor-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={saving} data-testid="rule-save">
          {saving ? 'Saving…' : 'Save rule'}
        </button>
      </div>
    </form>
  )
}

/** A select over a fixed set of string values, typed by the value set. */
function Choice<V extends string>({
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
