import { describe, expect, it } from 'vitest'
import { emptyBoardPatch, type BoardPatch } from '../../../shared/board'
import { priceChange, type OverrideEvent, type PriceChange } from '../../../shared/domain'
import { receivePatch, useOverrideAlertStore } from './board-store'
import {
  acknowledge,
  addOverrideEvents,
  EMPTY_OVERRIDE_ALERTS,
  noteReturnedPrices,
  OVERRIDE_ALERT_CAP,
  setOverrideFeed,
  shownAlerts,
} from './override-alerts'

const HOME = { matchId: 1, oddType: 'full-time', oddKey: 'match_winner#home' }

const event = (action: OverrideEvent['action'], oddValue: number, receivedTs = 0, over: Partial<OverrideEvent> = {}) =>
  ({
    ...HOME,
    feed: 'demo',
    action,
    oddValue,
    previousValue: 2,
    suspended: false,
    durationSeconds: 60,
    setAt: 0,
    expiresAt: 60_000,
    serverTs: 0,
    receivedTs,
    own: false,
    ...over,
  }) satisfies OverrideEvent

describe('override alerts', () => {
  it('lists events newest first as unread, and acknowledges one or all, answering the keys to keep', () => {
    let state = addOverrideEvents(EMPTY_OVERRIDE_ALERTS, [event('set', 2.5, 1), event('changed', 2.6, 2)])
    expect(state.alerts.map((a) => a.event.action)).toEqual(['changed', 'set'])
    expect(state.unread).toBe(2)
    const one = acknowledge(state, [state.alerts[0]?.id ?? ''])
    expect(one.acknowledged).toEqual([{ ...HOME, action: 'changed', receivedTs: 2 }])
    state = one.state
    expect(state.unread).toBe(1)
    expect(state.alerts[1]?.read).toBe(false)
    state = addOverrideEvents(state, [event('expired', 2.6, 3)])
    expect(state.unread).toBe(2)
    expect(acknowledge(state, 'all').state.unread).toBe(0)
  })

  it('keeps at most the cap, dropping the oldest', () => {
    const many = Array.from({ length: OVERRIDE_ALERT_CAP + 5 }, (_, i) => event('set', 2 + i, i))
    const state = addOverrideEvents(EMPTY_OVERRIDE_ALERTS, many)
    expect(state.alerts).toHaveLength(OVERRIDE_ALERT_CAP)
    expect(state.alerts[0]?.event.oddValue).toBe(2 + OVERRIDE_ALERT_CAP + 4)
  })

  it('ends an older set row with what ended it: superseded, then lifted', () => {
    let state = addOverrideEvents(EMPTY_OVERRIDE_ALERTS, [event('set', 2.5, 1)])
    expect(state.alerts[0]?.ended).toBeNull()
    state = addOverrideEvents(state, [event('changed', 2.6, 2)])
    expect(state.alerts.map((a) => a.ended)).toEqual([null, 'superseded'])
    state = addOverrideEvents(state, [event('lifted', 2.6, 3)])
    expect(state.alerts.map((a) => a.ended)).toEqual([null, 'lifted', 'superseded'])
    // Another outcome's override stays in force.
    const away = addOverrideEvents(state, [event('set', 3, 4, { oddKey: 'match_winner#away' })])
    expect(addOverrideEvents(away, [event('expired', 2.6, 5)]).alerts[1]?.ended).toBeNull()
  })

  it("a lift takes the price the outcome went back to from the change off the override's value", () => {
    let state = addOverrideEvents(EMPTY_OVERRIDE_ALERTS, [event('set', 8.68, 1_000), event('lifted', 8.68, 5_000)])
    expect(state.alerts[0]?.returnedTo).toBeNull()
    const unrelated = priceChange({ ...HOME, oddKey: 'match_winner#away' }, 1.9, false, 5_001, 5_001, {
      price: 8.68,
      suspended: false,
    })
    const back = priceChange(HOME, 2.14, false, 5_002, 5_002, { price: 8.68, suspended: false })
    state = noteReturnedPrices(state, [unrelated, back])
    expect(state.alerts[0]?.returnedTo).toBe(2.14)
  })

  it('a patch whose changes return no ended override leaves the state as it was', () => {
    const state = addOverrideEvents(EMPTY_OVERRIDE_ALERTS, [event('set', 8.68, 1_000), event('lifted', 8.68, 5_000)])
    const unrelated = priceChange({ ...HOME, oddKey: 'match_winner#away' }, 1.9, false, 5_001, 5_001, {
      price: 8.68,
      suspended: false,
    })
    expect(noteReturnedPrices(state, [unrelated])).toBe(state)
  })

  it('shows and counts only the current feed, and lists an event the cache and a patch both bring once', () => {
    let state = addOverrideEvents(EMPTY_OVERRIDE_ALERTS, [event('set', 2.5, 1), event('set', 4, 2, { feed: 'real' })])
    state = addOverrideEvents(state, [{ ...event('set', 2.5, 1), acknowledged: true }])
    expect(state.alerts).toHaveLength(2)
    // A real override of match 1 is no end of the demo match 1's override.
    expect(state.alerts[1]?.ended).toBeNull()
    state = setOverrideFeed(state, 'real')
    expect(shownAlerts(state).map((a) => a.event.oddValue)).toEqual([4])
    expect(state.unread).toBe(1)
    state = acknowledge(state, 'all').state
    expect(setOverrideFeed(state, 'demo').unread).toBe(1)
  })

  it('a recorded acknowledgement comes back read', () => {
    const state = addOverrideEvents(EMPTY_OVERRIDE_ALERTS, [{ ...event('set', 2.5, 1), acknowledged: true }])
    expect(state.alerts[0]?.read).toBe(true)
    expect(state.unread).toBe(0)
  })
})

describe('override alerts from the live patches', () => {
  const patch = (seq: number, tape: PriceChange[], overrides: OverrideEvent[]): BoardPatch => ({
    ...emptyBoardPatch(seq, 0),
    tape,
    overrides,
  })
  const back = priceChange(HOME, 2.14, false, 5_000, 5_000, { price: 8.68, suspended: false })

  it('a lift names the price it went back to when the change came in an earlier patch than the event', () => {
    // The change and the event travel on two streams: under load the change can be a patch ahead.
    receivePatch(patch(1, [], [event('set', 8.68, 1_000)]))
    receivePatch(patch(2, [back], []))
    receivePatch(patch(3, [], [event('lifted', 8.68, 5_400)]))
    const lifted = useOverrideAlertStore.getState().alerts[0]
    expect(lifted?.event.action).toBe('lifted')
    expect(lifted?.returnedTo).toBe(2.14)
  })

  it('and when the change comes in a later patch than the event', () => {
    receivePatch(patch(4, [], [event('set', 8.68, 9_000)]))
    receivePatch(patch(5, [], [event('lifted', 8.68, 13_000)]))
    expect(useOverrideAlertStore.getState().alerts[0]?.returnedTo).toBeNull()
    receivePatch(patch(6, [{ ...back, receivedTs: 13_300, price: 2.2 }], []))
    expect(useOverrideAlertStore.getState().alerts[0]?.returnedTo).toBe(2.2)
  })
})
