/**
 * Manual overrides of one bookmaker's served prices (PATCH …/{matchId}/{oddType}). An override
 * replaces the served price (and suspension) of one outcome until it expires or is lifted;
 * each transition is reported to a listener, which turns it into stream messages.
 * Durations run on the wall clock: a trader's "for 60 seconds" does not speed up with the match clock.
 */
import type { OverrideAction, OverrideEntryWire } from '../../shared/wire/odds'

export interface ActiveOverride extends OverrideEntryWire {
  originalValue: number
  expiresAtMs: number
}

export interface OverrideTransition {
  action: OverrideAction
  matchId: number
  entry: ActiveOverride
  /** The price served just before this transition. */
  previousValue: number
}

function overrideKey(oddType: string, oddKey: string): string {
  return `${oddType}|${oddKey}`
}

export class OverrideStore {
  private readonly byMatch = new Map<number, Map<string, { entry: ActiveOverride; timer: NodeJS.Timeout }>>()

  constructor(private readonly onTransition: (t: OverrideTransition) => void) {}

  get(matchId: number, oddType: string, oddKey: string): ActiveOverride | undefined {
    return this.byMatch.get(matchId)?.get(overrideKey(oddType, oddKey))?.entry
  }

  /** True when the match has any override (a cheap check for the hot path). */
  any(matchId: number): boolean {
    return this.byMatch.has(matchId)
  }

  list(matchId: number): ActiveOverride[] {
    return [...(this.byMatch.get(matchId)?.values() ?? [])].map((v) => v.entry)
  }

  /** Sets or changes an override; `walkedPrice` is the price the bookmaker's model would serve. */
  set(
    matchId: number,
    request: { oddType: string; oddKey: string; oddValue: number; suspended: boolean; durationSeconds: number },
    walkedPrice: number,
    now: number,
  ): OverrideTransition {
    const key = overrideKey(request.oddType, request.oddKey)
    const existing = this.byMatch.get(matchId)?.get(key)
    if (existing) clearTimeout(existing.timer)
    const expiresAtMs = now + request.durationSeconds * 1000
    const entry: ActiveOverride = {
      oddType: request.oddType,
      oddKey: request.oddKey,
      oddValue: request.oddValue,
      suspended: request.suspended,
      durationSeconds: request.durationSeconds,
      setAt: new Date(now).toISOString(),
      expiresAt: new Date(expiresAtMs).toISOString(),
      originalValue: walkedPrice,
      expiresAtMs,
    }
    const timer = setTimeout(() => this.end(matchId, key, 'expired'), request.durationSeconds * 1000)
    timer.unref()
    let perMatch = this.byMatch.get(matchId)
    if (!perMatch) this.byMatch.set(matchId, (perMatch = new Map()))
    perMatch.set(key, { entry, timer })
    const transition: OverrideTransition = {
      action: existing ? 'changed' : 'set',
      matchId,
      entry,
      previousValue: existing ? existing.entry.oddValue : walkedPrice,
    }
    this.onTransition(transition)
    return transition
  }

  /** Lifts an override before it expires; undefined when there is none. */
  lift(matchId: number, oddType: string, oddKey: string): OverrideTransition | undefined {
    return this.end(matchId, overrideKey(oddType, oddKey), 'lifted')
  }

  private end(matchId: number, key: string, action: 'expired' | 'lifted'): OverrideTransition | undefined {
    const perMatch = this.byMatch.get(matchId)
    const found = perMatch?.get(key)
    if (!perMatch || !found) return undefined
    clearTimeout(found.timer)
    perMatch.delete(key)
    if (perMatch.size === 0) this.byMatch.delete(matchId)
    const transition: OverrideTransition = { action, matchId, entry: found.entry, previousValue: found.entry.oddValue }
    this.onTransition(transition)
    return transition
  }

  clear(): void {
    for (const perMatch of this.byMatch.values()) for (const { timer } of perMatch.values()) clearTimeout(timer)
    this.byMatch.clear()
  }
}
