/**
 * The rule editor's "Try on recorded data": the range picked, the run (the form as it is now, sent
 * to `alerts:backtest`), and its answer with the form it answered for, so an edit since is shown as
 * such until the trader tries again. A later run's answer always wins over an earlier one's.
 */
import { useRef, useState } from 'react'
import type { BacktestResult } from '../../../../shared/alert-backtest'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'
import { pickedRange, type CustomRange, type RangePreset } from './backtest-range'
import { validateRuleForm, type RuleForm } from './rule-form'

interface Run {
  running: boolean
  result: BacktestResult | null
  /** The form the result answers. */
  ranOn: RuleForm | null
  error: string | null
}

export function useBacktest() {
  const [preset, setPreset] = useState<RangePreset>('hour')
  const [custom, setCustom] = useState<CustomRange>({ from: '', to: '' })
  const [run, setRun] = useState<Run>({ running: false, result: null, ranOn: null, error: null })
  const latest = useRef(0)

  const tryOn = async (form: RuleForm) => {
    const rule = validateRuleForm(form)
    if (!rule.ok) {
      const [first] = Object.values(rule.errors)
      setRun((r) => ({ ...r, error: `Fix the rule first: ${first ?? 'a field is not valid'}` }))
      return
    }
    const range = pickedRange(preset, custom, Date.now())
    if (!range.ok) {
      setRun((r) => ({ ...r, error: range.error }))
      return
    }
    const seq = ++latest.current
    setRun((r) => ({ ...r, running: true, error: null }))
    try {
      const result = await call('alerts:backtest', { rule: rule.value, from: range.from, to: range.to })
      if (seq === latest.current) setRun({ running: false, result, ranOn: form, error: null })
    } catch (e) {
      if (seq === latest.current) setRun((r) => ({ ...r, running: false, error: describeError(e) }))
    }
  }

  return { preset, setPreset, custom, setCustom, run, tryOn }
}
