import { describe, expect, it } from 'vitest'
import type { OverrideEvent } from '../../../shared/domain'
import { acknowledge, addOverrideEvents, EMPTY_OVERRIDE_ALERTS, OVERRIDE_ALERT_CAP } from './override-alerts'

const event = (action: OverrideEvent['action'], oddValue: number): OverrideEvent => ({
  matchId: 1,
  oddType: 'full-time',
  oddKey: 'match_winner#home',
  action,
  oddValue,
  previousValue: 2,
  suspended: false,
  durationSeconds: 60,
  setAt: 0,
  expiresAt: 60_000,
  serverTs: 0,
  receivedTs: 0,
})

describe('override alerts', () => {
  it('lists events newest first as unread, and acknowledges one or all', () => {
    let state = addOverrideEvents(EMPTY_OVERRIDE_ALERTS, [event('set', 2.5), event('changed', 2.6)])
    expect(state.alerts.map((a) => a.event.action)).toEqual(['changed', 'set'])
    expect(state.unread).toBe(2)
    state = acknowledge(state, [state.alerts[0]?.id ?? ''])
    expect(state.unread).toBe(1)
    expect(state.alerts[1]?.read).toBe(false)
    state = addOverrideEvents(state, [event('expired', 2.6)])
    expect(state.unread).toBe(2)
    expect(acknowledge(state, 'all').unread).toBe(0)
  })

  it('keeps at most the cap, dropping the oldest', () => {
    const many = Array.from({ length: OVERRIDE_ALERT_CAP + 5 }, (_, i) => event('set', 2 + i))
    const state = addOverrideEvents(EMPTY_OVERRIDE_ALERTS, many)
    expect(state.alerts).toHaveLength(OVERRIDE_ALERT_CAP)
    expect(state.alerts[0]?.event.oddValue).toBe(2 + OVERRIDE_ALERT_CAP + 4)
  })
})
