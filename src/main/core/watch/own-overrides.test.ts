import { describe, expect, it } from 'vitest'
import type { OverrideEvent } from '../../../shared/domain'
import { overrideEvent } from '../cache/test-helpers'
import { OwnOverrides } from './own-overrides'

const REF = { matchId: 7, oddType: 'full-time', oddKey: 'match_winner#home' }
const AT_2_5 = { oddValue: 2.5, durationSeconds: 60, suspended: false }

function rig() {
  const clock = { now: 1_000 }
  return { own: new OwnOverrides(() => clock.now), clock }
}

const event = (over: Partial<OverrideEvent> = {}) => overrideEvent(1_000, over)

describe('OwnOverrides', () => {
  it('claims the event that answers a request once, and no other outcome, value or action', () => {
    const { own } = rig()
    own.expect(REF, AT_2_5)
    expect(own.claim(event({ oddKey: 'match_winner#away' }))).toBe(false)
    expect(own.claim(event({ oddValue: 2.6 }))).toBe(false)
    expect(own.claim(event({ action: 'lifted' }))).toBe(false)
    expect(own.claim(event({ action: 'changed' }))).toBe(true)
    expect(own.claim(event())).toBe(false)
  })

  it('claims a lift, not after its request was withdrawn, and not once the window has passed', () => {
    const { own, clock } = rig()
    own.expect(REF, 'lift')
    expect(own.claim(event({ action: 'lifted' }))).toBe(true)

    const withdraw = own.expect(REF, 'lift')
    withdraw()
    expect(own.claim(event({ action: 'lifted' }))).toBe(false)

    own.expect(REF, AT_2_5)
    clock.now += 30_001
    expect(own.claim(event())).toBe(false)
  })
})
