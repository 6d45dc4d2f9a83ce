/** One line per rule for the rule list: what it watches for, and where. */
import type { AlertCondition, AlertRule } from '../../../../shared/alerts'
import { describeScope, type ScopeSources } from './scope-words'

const KIND_LABELS = {
  move: 'Price move',
  threshold: 'Threshold cross',
  suspension: 'Suspension',
  override: 'Override',
  match_status: 'Match status',
} as const satisfies Record<AlertCondition['kind'], string>

export function kindLabel(kind: AlertCondition['kind']): string {
  return KIND_LABELS[kind]
}

function describeCondition(c: AlertCondition): string {
  switch (c.kind) {
    case 'move': {
      const sizes = [c.minPct === undefined ? null : `${c.minPct} %`, c.minAbs === undefined ? null : `${c.minAbs}`]
      return `moves ≥ ${sizes.filter(Boolean).join(' or ')} within ${c.windowSeconds} s`
    }
    case 'threshold':
      return `crosses ${c.price} ${c.direction === 'either' ? 'either way' : c.direction}`
    case 'suspension':
      return c.on === 'either' ? 'suspended or unsuspended' : c.on
    case 'override':
      return `override ${c.actions.join(', ')}`
    case 'match_status':
      return c.on === 'either' ? 'goes live or finishes' : c.on === 'live' ? 'goes live' : 'finishes'
  }
}

/** `sources` give the words: watchlist and match names, the board's market and outcome labels. */
export function describeRule(rule: AlertRule, sources: ScopeSources): string {
  return `${describeCondition(rule.condition)} · ${describeScope(rule.scope, sources)}`
}
