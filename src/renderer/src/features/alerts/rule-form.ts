/**
 * The rule editor's form state and its mapping to and from a rule. Inputs are kept as the text the
 * trader typed, so "1,5" or "abc" stays on screen with a field error instead of becoming NaN; the
 * shared schema then decides what a valid rule is, with its errors keyed like the form's fields.
 */
import {
  AlertRule,
  AlertRuleDraft,
  validate,
  type AlertKind,
  type CooldownPer,
  type AlertScope,
  type FieldErrors,
  type Validated,
} from '../../../../shared/alerts'
import type { OverrideEventKind } from '../../../../shared/domain'
import { numberField, withNumberErrors } from '../../lib/form-number'

export type ScopeType = AlertScope['type']
export const SCOPE_TYPES = ['all', 'watchlist', 'match', 'market', 'outcome'] as const satisfies readonly ScopeType[]

/** What each part of the rule editor gets: the form, its errors, and a way to change fields. */
export interface RuleFormPartProps {
  form: RuleForm
  errors: FieldErrors
  change: (patch: Partial<RuleForm>) => void
}

export interface RuleForm {
  /** Null for a rule not saved yet. */
  id: string | null
  name: string
  enabled: boolean
  cooldownSeconds: string
  doNotRepeat: boolean
  cooldownPer: CooldownPer
  kind: AlertKind
  minPct: string
  minAbs: string
  windowSeconds: string
  price: string
  direction: 'up' | 'down' | 'either'
  suspensionOn: 'suspended' | 'unsuspended' | 'either'
  overrideActions: OverrideEventKind[]
  statusOn: 'live' | 'finished' | 'either'
  scopeType: ScopeType
  watchlistId: string
  matchId: string
  oddType: string
  market: string
  oddKey: string
}

export function emptyRuleForm(): RuleForm {
  return {
    id: null,
    name: '',
    enabled: true,
    cooldownSeconds: '60',
    doNotRepeat: false,
    cooldownPer: 'outcome',
    kind: 'move',
    minPct: '5',
    minAbs: '',
    windowSeconds: '60',
    price: '',
    direction: 'either',
    suspensionOn: 'either',
    overrideActions: ['set', 'changed', 'expired'],
    statusOn: 'either',
    scopeType: 'all',
    watchlistId: '',
    matchId: '',
    oddType: '',
    market: '',
    oddKey: '',
  }
}

/** A stored rule as the form shows it; fields of other kinds and scopes keep their defaults. */
export function formOfRule(rule: AlertRule): RuleForm {
  const form: RuleForm = {
    ...emptyRuleForm(),
    id: rule.id,
    name: rule.name,
    enabled: rule.enabled,
    cooldownSeconds: String(rule.cooldownSeconds),
    doNotRepeat: rule.doNotRepeat,
    cooldownPer: rule.cooldownPer,
    kind: rule.condition.kind,
    scopeType: rule.scope.type,
  }
  const c = rule.condition
  if (c.kind === 'move') {
    form.minPct = c.minPct === undefined ? '' : String(c.minPct)
    form.minAbs = c.minAbs === undefined ? '' : String(c.minAbs)
    form.windowSeconds = String(c.windowSeconds)
  } else if (c.kind === 'threshold') {
    form.price = String(c.price)
    form.direction = c.direction
  } else if (c.kind === 'suspension') form.suspensionOn = c.on
  else if (c.kind === 'override') form.overrideActions = [...c.actions]
  else form.statusOn = c.on
  const s = rule.scope
  if (s.type === 'watchlist') form.watchlistId = s.watchlistId
  if (s.type === 'match' || s.type === 'market' || s.type === 'outcome') form.matchId = String(s.matchId)
  if (s.type === 'market') {
    form.oddType = s.oddType ?? ''
    form.market = s.market ?? ''
  }
  if (s.type === 'outcome') {
    form.oddType = s.oddType
    form.oddKey = s.oddKey
  }
  return form
}

/** Blank optional text is "not set", not an empty value the schema would reject. */
function optionalText(text: string): string | undefined {
  return text.trim() === '' ? undefined : text
}

/**
 * The form as a rule (AlertRule when it has an id, a draft otherwise), or the field errors: the
 * numbers that did not parse, and everything the shared schema says about the rest.
 */
export function validateRuleForm(form: RuleForm): Validated<AlertRule | AlertRuleDraft> {
  const numbers: FieldErrors = {}
  const num = (path: string, text: string, required: boolean) => numberField(numbers, path, text, required)

  const condition =
    form.kind === 'move'
      ? {
          kind: form.kind,
          minPct: num('condition.minPct', form.minPct, false),
          minAbs: num('condition.minAbs', form.minAbs, false),
          windowSeconds: num('condition.windowSeconds', form.windowSeconds, true),
        }
      : form.kind === 'threshold'
        ? { kind: form.kind, price: num('condition.price', form.price, true), direction: form.direction }
        : form.kind === 'suspension'
          ? { kind: form.kind, on: form.suspensionOn }
          : form.kind === 'override'
            ? { kind: form.kind, actions: form.overrideActions }
            : { kind: form.kind, on: form.statusOn }

  const matchId = () => num('scope.matchId', form.matchId, true)
  const scope =
    form.scopeType === 'all'
      ? { type: form.scopeType }
      : form.scopeType === 'watchlist'
        ? { type: form.scopeType, watchlistId: form.watchlistId }
        : form.scopeType === 'match'
          ? { type: form.scopeType, matchId: matchId() }
          : form.scopeType === 'market'
            ? {
                type: form.scopeType,
                matchId: matchId(),
                oddType: optionalText(form.oddType),
                market: optionalText(form.market),
              }
            : { type: form.scopeType, matchId: matchId(), oddType: form.oddType, oddKey: form.oddKey }

  const input = {
    ...(form.id === null ? {} : { id: form.id }),
    name: form.name,
    enabled: form.enabled,
    cooldownSeconds: num('cooldownSeconds', form.cooldownSeconds, true),
    doNotRepeat: form.doNotRepeat,
    cooldownPer: form.cooldownPer,
    condition,
    scope,
  }
  return withNumberErrors(form.id === null ? validate(AlertRuleDraft, input) : validate(AlertRule, input), numbers)
}
