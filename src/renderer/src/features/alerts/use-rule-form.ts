/**
 * The rule editor's state: the form, its field errors and the save. Errors appear on the first save;
 * from then on they follow the typing, so a fixed field clears at once.
 */
import { useState } from 'react'
import type { AlertRule, FieldErrors } from '../../../../shared/alerts'
import { call } from '../../bridge'
import { fieldErrors } from '../../lib/errors'
import { validateRuleForm, type RuleForm } from './rule-form'

export function useRuleForm(initial: RuleForm, onSaved: (rule: AlertRule) => void) {
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)

  const change = (patch: Partial<RuleForm>) => {
    const next = { ...form, ...patch }
    setForm(next)
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
      // Main refused (say, the rule was deleted meanwhile): its words go where the field errors go.
      setErrors(fieldErrors(e))
    } finally {
      setSaving(false)
    }
  }

  return { form, errors, saving, change, save }
}
