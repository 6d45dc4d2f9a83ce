/** The rule list with enable/disable, edit and delete, and the editor for a new or chosen rule. */
import { useEffect, useState } from 'react'
import type { AlertRule } from '../../../../shared/alerts'
import type { Teams } from '../../../../shared/labels'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'
import { useBoardStore } from '../../store/board-store'
import { useWatchlists } from '../review/use-watchlists'
import { DeliveryPanel } from './DeliveryPanel'
import { emptyRuleForm, formOfRule, type RuleForm } from './rule-form'
import { describeRule, kindLabel } from './rule-text'
import { RuleEditor } from './RuleEditor'

export function RulesPane() {
  const [rules, setRules] = useState<AlertRule[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  // The editor's starting form plus a key, so opening another rule remounts it fresh.
  const [editing, setEditing] = useState<{ form: RuleForm; key: number } | null>(null)
  const { state: watchlists } = useWatchlists()
  const layouts = useBoardStore((s) => s.layouts)
  const [keptTeams, setKeptTeams] = useState<ReadonlyMap<number, Teams>>(new Map())

  useEffect(() => {
    call('rules:list').then(setRules, (e: unknown) => setError(describeError(e)))
  }, [])
  // The teams of the matches the rules name, also of those no longer watched (the core kept them).
  useEffect(() => {
    if (!rules) return
    call('rules:matchTeams').then(
      (list) => setKeptTeams(new Map(list.map((m) => [m.matchId, m.teams]))),
      (e: unknown) => setError(describeError(e)),
    )
  }, [rules])

  const edit = (form: RuleForm) => setEditing((e) => ({ form, key: (e?.key ?? 0) + 1 }))
  const replace = (rule: AlertRule) =>
    setRules((list) =>
      list?.some((r) => r.id === rule.id) ? list.map((r) => (r.id === rule.id ? rule : r)) : [...(list ?? []), rule],
    )
  const saved = (rule: AlertRule) => {
    replace(rule)
    setEditing(null)
  }
  // The checkbox follows the click at once; a refusal puts the rule back as it was.
  const toggle = (rule: AlertRule) => {
    const next = { ...rule, enabled: !rule.enabled }
    replace(next)
    call('rules:save', next).then(replace, (e: unknown) => {
      replace(rule)
      setError(describeError(e))
    })
  }
  const remove = (rule: AlertRule) => {
    if (!window.confirm(`Delete rule "${rule.name}"?`)) return
    call('rules:delete', { id: rule.id }).then(setRules, (e: unknown) => setError(describeError(e)))
  }

  return (
    <section className="panel alerts-pane rules-pane" aria-label="Alert rules">
      <header className="alerts-pane-head">
        <span className="alerts-pane-title">Rules</span>
        <span className="badge num">{rules?.length ?? 0}</span>
        <span className="spacer" />
        <button type="button" className="primary" onClick={() => edit(emptyRuleForm())} data-testid="rule-new">
          New rule
        </button>
      </header>
      {error && <div className="inline-note">Rules: {error}</div>}
      <div className="rules-scroll">
        {rules && rules.length === 0 && !editing && (
          <div className="muted pad">No rules yet: a rule says which price changes deserve an alert.</div>
        )}
        <ul className="rule-list">
          {rules?.map((rule) => (
            <li key={rule.id} className={rule.enabled ? 'rule-row' : 'rule-row disabled'} data-testid="rule-row">
              <label
                className="rule-enabled"
                title={rule.enabled ? 'Enabled: click to pause' : 'Paused: click to enable'}
              >
                <input
                  type="checkbox"
                  checked={rule.enabled}
                  onChange={() => toggle(rule)}
                  aria-label={`Enable ${rule.name}`}
                />
              </label>
              <span className="rule-name">{rule.name}</span>
              <span className="badge">{kindLabel(rule.condition.kind)}</span>
              <span className="rule-summary muted">{describeRule(rule, { watchlists, layouts, keptTeams })}</span>
              <span className="rule-actions">
                <button type="button" className="link" onClick={() => edit(formOfRule(rule))}>
                  Edit
                </button>
                <button type="button" className="link danger" onClick={() => remove(rule)}>
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
        {editing && (
          <RuleEditor key={editing.key} initial={editing.form} onSaved={saved} onCancel={() => setEditing(null)} />
        )}
        <DeliveryPanel />
      </div>
    </section>
  )
}
