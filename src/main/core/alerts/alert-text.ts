/**
 * The words of alerts: one title + body per firing, and the text of a coalesced notification.
 * Kept apart from the evaluation so wording changes never touch the engine.
 */
import type { AlertEntry, AlertKind } from '../../../shared/alerts'
import type { OverrideEvent, PriceChange } from '../../../shared/domain'
import { formatPrice } from '../../../shared/price-format'
import type { MatchStatusChange } from './ports'
import type { Move } from './move-tracker'
import type { Crossing } from './threshold-tracker'

export interface AlertText {
  title: string
  body: string
}

/** Who an alert is about, in the feed's words: `Lions v Tigers`, `Game handicap -1.5 · Lions`. */
export interface AlertSubject {
  match: string
  outcome: string
}

function formatSigned(value: number, decimals: number): string {
  const text = Math.abs(value).toFixed(decimals)
  return value < 0 ? `−${text}` : `+${text}`
}

export function moveText(subject: AlertSubject, change: PriceChange, move: Move, ruleName: string): AlertText {
  const arrow = move.delta > 0 ? '▲' : '▼'
  const seconds = Math.max(0, Math.round((change.serverTs - move.fromTs) / 1000))
  return {
    title: `${subject.match}: ${subject.outcome} ${arrow} ${formatSigned(move.pct, 1)} %`,
    body: `${formatPrice(move.fromPrice)} → ${formatPrice(move.toPrice)} in ${seconds} s · ${ruleName}`,
  }
}

export function thresholdText(
  subject: AlertSubject,
  change: PriceChange,
  threshold: number,
  crossing: Crossing,
  ruleName: string,
): AlertText {
  const verb = crossing === 'up' ? 'rose above' : 'fell below'
  return {
    title: `${subject.match}: ${subject.outcome} ${verb} ${formatPrice(threshold)}`,
    body: `${formatPrice(change.previousPrice ?? change.price)} → ${formatPrice(change.price)} · ${ruleName}`,
  }
}

export function suspensionText(subject: AlertSubject, change: PriceChange, ruleName: string): AlertText {
  return {
    title: `${subject.match}: ${subject.outcome} ${change.suspended ? 'suspended' : 'unsuspended'}`,
    body: `Price ${formatPrice(change.price)} · ${ruleName}`,
  }
}

export function overrideText(subject: AlertSubject, event: OverrideEvent, ruleName: string): AlertText {
  const from = event.previousValue === null ? '' : `${formatPrice(event.previousValue)} → `
  return {
    title: `${subject.match}: override ${event.action} on ${subject.outcome}`,
    body: `${from}${formatPrice(event.oddValue)}${event.suspended ? ' (suspended)' : ''} · ${ruleName}`,
  }
}

export function matchStatusText(matchName: string, change: MatchStatusChange, ruleName: string): AlertText {
  return {
    title: `${matchName} is ${change.to}`,
    body: `${change.from ?? 'unknown'} → ${change.to} · ${ruleName}`,
  }
}

const KIND_PLURAL: Record<AlertKind, string> = {
  move: 'price moves',
  threshold: 'threshold crossings',
  suspension: 'suspension changes',
  override: 'override events',
  match_status: 'match status changes',
}

/** Lines a coalesced notification lists before "…and N more". */
const LISTED_IN_SUMMARY = 3

/** One notification for several entries: "5 price moves" with the first few titles in the body. */
export function coalescedText(entries: readonly AlertEntry[]): AlertText {
  const [first] = entries
  if (first === undefined) throw new RangeError('coalescedText needs at least one entry')
  if (entries.length === 1) return { title: first.title, body: first.body }
  const sameKind = entries.every((e) => e.kind === first.kind)
  const lines = entries.slice(0, LISTED_IN_SUMMARY).map((e) => e.title)
  const more = entries.length - lines.length
  if (more > 0) lines.push(`…and ${more} more`)
  return { title: `${entries.length} ${sameKind ? KIND_PLURAL[first.kind] : 'alerts'}`, body: lines.join('\n') }
}
