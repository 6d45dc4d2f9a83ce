import { describe, expect, it } from 'vitest'
import { AlertDeliverySettings, AlertRule, AlertRuleDraft, validate } from '../../../shared/alerts'
import { makeSampleRules } from './sample-rules'

const goodDraft = {
  name: 'Big moves',
  enabled: true,
  scope: { type: 'match', matchId: 7 },
  condition: { kind: 'move', minPct: 5, windowSeconds: 60 },
  cooldownSeconds: 30,
  doNotRepeat: false,
}

describe('alert rule schema: field errors', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['blank name', { name: '   ' }, 'name'],
    ['negative cooldown', { cooldownSeconds: -1 }, 'cooldownSeconds'],
    ['fractional cooldown', { cooldownSeconds: 1.5 }, 'cooldownSeconds'],
    ['move without any minimum', { condition: { kind: 'move', windowSeconds: 60 } }, 'condition.minPct'],
    ['move with 0 %', { condition: { kind: 'move', minPct: 0, windowSeconds: 60 } }, 'condition.minPct'],
    [
      'move with negative price change',
      { condition: { kind: 'move', minAbs: -0.1, windowSeconds: 60 } },
      'condition.minAbs',
    ],
    ['move with a 0 s window', { condition: { kind: 'move', minPct: 5, windowSeconds: 0 } }, 'condition.windowSeconds'],
    [
      'move with a text window',
      { condition: { kind: 'move', minPct: 5, windowSeconds: '60' } },
      'condition.windowSeconds',
    ],
    ['threshold at 1', { condition: { kind: 'threshold', price: 1, direction: 'up' } }, 'condition.price'],
    [
      'threshold at infinity',
      { condition: { kind: 'threshold', price: Infinity, direction: 'up' } },
      'condition.price',
    ],
    [
      'threshold sideways',
      { condition: { kind: 'threshold', price: 2, direction: 'sideways' } },
      'condition.direction',
    ],
    ['suspension on nothing', { condition: { kind: 'suspension', on: 'maybe' } }, 'condition.on'],
    ['override with no action', { condition: { kind: 'override', actions: [] } }, 'condition.actions'],
    [
      'override with a repeated action',
      { condition: { kind: 'override', actions: ['set', 'set'] } },
      'condition.actions',
    ],
    [
      'override with an unknown action',
      { condition: { kind: 'override', actions: ['deleted'] } },
      'condition.actions.0',
    ],
    ['unknown kind', { condition: { kind: 'volume', minPct: 5 } }, 'condition.kind'],
    ['unknown condition field', { condition: { kind: 'suspension', on: 'either', extra: 1 } }, 'condition'],
    ['unknown scope type', { scope: { type: 'league' } }, 'scope.type'],
    ['blank watchlist', { scope: { type: 'watchlist', watchlistId: '' } }, 'scope.watchlistId'],
    ['fractional match id', { scope: { type: 'match', matchId: 1.5 } }, 'scope.matchId'],
    ['market scope without odd type or market', { scope: { type: 'market', matchId: 7 } }, 'scope.market'],
    ['outcome scope without oddKey', { scope: { type: 'outcome', matchId: 7, oddType: 'full-time' } }, 'scope.oddKey'],
    [
      'match status narrowed to a market',
      {
        scope: { type: 'market', matchId: 7, market: 'match_winner' },
        condition: { kind: 'match_status', on: 'live' },
      },
      'scope.type',
    ],
  ])('%s → error on %s', (_name, patch, field) => {
    const result = validate(AlertRuleDraft, { ...goodDraft, ...patch })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(Object.keys(result.errors)).toEqual([field])
      expect(result.errors[field]).toMatch(/\S/)
    }
  })

  it('reports the messages the form shows', () => {
    const result = validate(AlertRuleDraft, { ...goodDraft, name: '', condition: { kind: 'move', windowSeconds: 60 } })
    expect(result).toEqual({
      ok: false,
      errors: { name: 'Name is required', 'condition.minPct': 'Set a minimum % or a minimum price change' },
    })
  })

  it('accepts every kind and scope, trimming names', () => {
    const variants = [
      { condition: { kind: 'move', minAbs: 0.1, windowSeconds: 30 }, scope: { type: 'all' } },
      {
        condition: { kind: 'threshold', price: 2.5, direction: 'either' },
        scope: { type: 'watchlist', watchlistId: 'w1' },
      },
      {
        condition: { kind: 'suspension', on: 'unsuspended' },
        scope: { type: 'market', matchId: 7, oddType: 'full-time' },
      },
      {
        condition: { kind: 'override', actions: ['set', 'lifted'] },
        scope: { type: 'outcome', matchId: 7, oddType: 'full-time', oddKey: 'a#b' },
      },
      { condition: { kind: 'match_status', on: 'finished' }, scope: { type: 'match', matchId: 7 } },
    ]
    for (const v of variants)
      expect(validate(AlertRuleDraft, { ...goodDraft, ...v, name: '  Spaced  ' })).toMatchObject({
        ok: true,
        value: { name: 'Spaced' },
      })
  })

  it('a stored rule needs an id; a draft must not carry one', () => {
    expect(validate(AlertRule, goodDraft)).toMatchObject({ ok: false, errors: { id: expect.any(String) } })
    expect(validate(AlertRule, { ...goodDraft, id: 'r1' }).ok).toBe(true)
    expect(validate(AlertRuleDraft, { ...goodDraft, id: 'r1' }).ok).toBe(false)
  })

  it('makeSampleRules produces n valid, varied rules', () => {
    const rules = makeSampleRules(200, [1, 2, 3], ['wl-1'])
    expect(rules).toHaveLength(200)
    for (const rule of rules) expect(AlertRule.parse(rule)).toEqual(rule)
    expect(new Set(rules.map((r) => r.condition.kind)).size).toBe(5)
    expect(new Set(rules.map((r) => r.scope.type)).size).toBe(5)
  })
})

describe('delivery settings schema', () => {
  const good = { coalesceSeconds: 5, quietHours: { start: '22:00', end: '07:00' }, muted: false }
  it.each<[string, Record<string, unknown>, string]>([
    ['negative coalescing', { coalesceSeconds: -1 }, 'coalesceSeconds'],
    ['hour 24', { quietHours: { start: '24:00', end: '07:00' } }, 'quietHours.start'],
    ['single-digit hour', { quietHours: { start: '22:00', end: '7:00' } }, 'quietHours.end'],
    ['empty quiet window', { quietHours: { start: '07:00', end: '07:00' } }, 'quietHours.end'],
    ['muted as text', { muted: 'yes' }, 'muted'],
  ])('%s → error on %s', (_name, patch, field) => {
    const result = validate(AlertDeliverySettings, { ...good, ...patch })
    expect(result.ok ? [] : Object.keys(result.errors)).toEqual([field])
  })

  it('accepts no quiet hours', () => {
    expect(validate(AlertDeliverySettings, { ...good, quietHours: null }).ok).toBe(true)
  })
})
