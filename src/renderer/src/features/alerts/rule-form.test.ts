import { describe, expect, it } from 'vitest'
import type { AlertRule } from '../../../../shared/alerts'
import { formOfDelivery, validateDeliveryForm } from './delivery-form'
import { emptyRuleForm, formOfRule, validateRuleForm, type RuleForm } from './rule-form'
import { describeRule } from './rule-text'

const form = (patch: Partial<RuleForm>): RuleForm => ({ ...emptyRuleForm(), name: 'Big move', ...patch })

describe('validateRuleForm', () => {
  it('turns a new move rule into a draft with numbers', () => {
    const result = validateRuleForm(form({ minPct: '0.1', windowSeconds: '30', cooldownSeconds: '0' }))
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Big move',
        enabled: true,
        cooldownSeconds: 0,
        doNotRepeat: false,
        cooldownPer: 'outcome',
        condition: { kind: 'move', minPct: 0.1, windowSeconds: 30 },
        scope: { type: 'all' },
      },
    })
  })

  it('reports a value the schema refuses next to its field', () => {
    const result = validateRuleForm(form({ minPct: '-3', windowSeconds: '0', name: '  ' }))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors['condition.minPct']).toBe('Must be above 0 %')
    expect(result.errors['condition.windowSeconds']).toBe('Must be at least 1 second')
    expect(result.errors['name']).toBe('Name is required')
  })

  it('reports text that is not a number in words, and a blank required number as required', () => {
    const result = validateRuleForm(form({ kind: 'threshold', price: '1,5', cooldownSeconds: '' }))
    expect(result).toEqual({
      ok: false,
      errors: { 'condition.price': 'Must be a number (use . for decimals)', cooldownSeconds: 'Required' },
    })
  })

  it('needs a % or a price change for a move rule', () => {
    const result = validateRuleForm(form({ minPct: '', minAbs: '' }))
    expect(result).toEqual({ ok: false, errors: { 'condition.minPct': 'Set a minimum % or a minimum price change' } })
  })

  it('refuses a match status rule scoped to a market', () => {
    const result = validateRuleForm(
      form({ kind: 'match_status', scopeType: 'market', matchId: '12', market: 'winner' }),
    )
    expect(result).toEqual({
      ok: false,
      errors: { 'scope.type': 'A match status rule applies to all matches, a watchlist or one match' },
    })
  })

  it('leaves blank optional market fields unset and requires one of them', () => {
    const ok = validateRuleForm(form({ kind: 'suspension', scopeType: 'market', matchId: '12', oddType: 'main' }))
    expect(ok.ok && ok.value.scope).toEqual({ type: 'market', matchId: 12, oddType: 'main' })
    const bad = validateRuleForm(form({ kind: 'suspension', scopeType: 'market', matchId: '12' }))
    expect(bad).toEqual({ ok: false, errors: { 'scope.market': 'Pick an odd type or a market' } })
  })

  it('needs at least one override action', () => {
    const result = validateRuleForm(form({ kind: 'override', overrideActions: [] }))
    expect(result).toEqual({ ok: false, errors: { 'condition.actions': 'Pick at least one override action' } })
  })
})

describe('formOfRule', () => {
  const rules: AlertRule[] = [
    {
      id: 'r1',
      name: 'Home drift',
      enabled: false,
      cooldownSeconds: 30,
      doNotRepeat: true,
      cooldownPer: 'match',
      condition: { kind: 'threshold', price: 2.5, direction: 'up' },
      scope: { type: 'outcome', matchId: 42, oddType: 'main', oddKey: 'winner#home' },
    },
    {
      id: 'r2',
      name: 'Any move',
      enabled: true,
      cooldownSeconds: 0,
      doNotRepeat: false,
      cooldownPer: 'outcome',
      condition: { kind: 'move', minAbs: 0.05, windowSeconds: 10 },
      scope: { type: 'watchlist', watchlistId: 'w1' },
    },
    {
      id: 'r3',
      name: 'Overrides',
      enabled: true,
      cooldownSeconds: 5,
      doNotRepeat: false,
      cooldownPer: 'outcome',
      condition: { kind: 'override', actions: ['lifted'] },
      scope: { type: 'market', matchId: 3, market: 'total' },
    },
  ]

  it.each(rules)('maps rule $id to the form and back unchanged', (rule) => {
    expect(validateRuleForm(formOfRule(rule))).toEqual({ ok: true, value: rule })
  })

  it('describes a rule in one line, in the trader’s words: teams, market and outcome labels', () => {
    const team = (name: string) => ({ id: null, name, hashImage: null })
    const match42 = {
      matchId: 42,
      sport: 'badminton',
      leagueId: null,
      leagueName: 'World Tour',
      tournamentName: null,
      home: team('L. Antonsen'),
      away: team('A. Yamaguchi'),
      startTime: null,
      statusType: 'live',
      statusReason: null,
      homeScore: null,
      awayScore: null,
      feed: 'demo' as const,
    }
    const home = { outcomeId: '42|main|winner#home', key: 'home', label: 'home' }
    const winnerMarket = { name: 'winner', label: 'Match winner', line: null, suspended: false, outcomes: [home] }
    const sources = {
      watchlists: { lists: [{ id: 'w1', name: 'Evening', matches: [match42] }], activeId: 'w1' },
      // The feed labels the home outcome by its bare key: the team's name stands in for it.
      layouts: { 42: { matchId: 42, groups: [{ oddType: 'main', markets: [winnerMarket] }] } },
    }
    expect(rules.map((r) => describeRule(r, sources))).toEqual([
      'crosses 2.5 up · L. Antonsen v A. Yamaguchi · Match winner (Main) · L. Antonsen',
      'moves ≥ 0.05 within 10 s · watchlist Evening',
      // Not watched, nothing on the board: the keys in words, never a bare id.
      'override lifted · Match 3 · Total (every group)',
    ])
    // A match the watchlists no longer hold, by the teams the core kept (`rules:matchTeams`).
    const kept = { ...sources, keptTeams: new Map([[3, { home: 'V. Axelsen', away: 'K. Momota' }]]) }
    expect(describeRule(rules[2]!, kept)).toBe('override lifted · V. Axelsen v K. Momota · Total (every group)')
  })
})

describe('delivery form', () => {
  it('maps settings to the form and back', () => {
    const settings = { coalesceSeconds: 10, quietHours: { start: '23:00', end: '06:30' }, muted: true }
    expect(validateDeliveryForm(formOfDelivery(settings))).toEqual({ ok: true, value: settings })
    const off = { coalesceSeconds: 0, quietHours: null, muted: false }
    expect(validateDeliveryForm(formOfDelivery(off))).toEqual({ ok: true, value: off })
  })

  it('reports bad quiet hours and coalescing next to their fields', () => {
    const result = validateDeliveryForm({
      coalesceSeconds: 'x',
      quietEnabled: true,
      quietStart: '25:00',
      quietEnd: '07:00',
      muted: false,
    })
    expect(result).toEqual({
      ok: false,
      errors: {
        coalesceSeconds: 'Must be a number (use . for decimals)',
        'quietHours.start': 'Use HH:MM (00:00–23:59)',
      },
    })
  })
})
