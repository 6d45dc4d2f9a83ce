import { describe, expect, it } from 'vitest'
import type { AlertEntry } from '../../../../shared/alerts'
import type { BoardCell } from '../../../../shared/board'
import type { OverrideEvent } from '../../../../shared/domain'
import type { ReplayEvent } from '../../../../shared/replay'
import { foldEvents } from './replay-batch'
import { HOME, homeTick as tick } from './replay-events.test-support'

const start: BoardCell = {
  outcomeId: HOME,
  matchId: 7,
  oddType: 'main',
  oddKey: 'w#home',
  price: 1.5,
  suspended: false,
  direction: 'up',
  delta: 0.1,
  deltaPct: 7.14,
  changedAt: 50,
  override: null,
}

const override: OverrideEvent = {
  matchId: 7,
  oddType: 'main',
  oddKey: 'w#home',
  feed: 'demo',
  action: 'set',
  oddValue: 1.9,
  previousValue: 1.6,
  suspended: false,
  durationSeconds: 60,
  setAt: 120,
  expiresAt: 60_120,
  serverTs: 118,
  receivedTs: 121,
  own: true,
}

const alert: AlertEntry = {
  id: 'a1',
  ruleId: 'r1',
  ruleName: 'Big move',
  kind: 'move',
  matchId: 7,
  title: 'Home moved 6.7 %',
  body: '1.50 → 1.60',
  createdAt: 101,
  read: false,
}

describe('foldEvents', () => {
  it('folds a frame of events into one cell per outcome, every move on the tape in order', () => {
    const cells = { [HOME]: start }
    const batch = foldEvents(cells, [tick(100, 1.6), tick(110, 1.55), tick(115, 1.55, { suspended: true })])
    expect(batch.cells).toEqual([
      {
        ...start,
        price: 1.55,
        suspended: true,
        direction: 'down',
        delta: expect.closeTo(-0.05),
        deltaPct: expect.closeTo(-3.125),
        changedAt: 115,
      },
    ])
    expect(batch.tape.map((c) => [c.receivedTs, c.previousPrice, c.price, c.direction, c.suspended])).toEqual([
      [100, 1.5, 1.6, 'up', false],
      [110, 1.6, 1.55, 'down', false],
      [115, 1.55, 1.55, 'flat', true],
    ])
    // The board's own cells are left as they were (the store swaps in the new ones in one update).
    expect(cells[HOME]).toBe(start)
  })

  it('leaves a resync and an unchanged price off the tape, and a resync shows no move', () => {
    const batch = foldEvents({ [HOME]: start }, [tick(100, 1.5), tick(101, 1.8, { resync: true })])
    expect(batch.tape).toEqual([])
    expect(batch.cells[0]).toMatchObject({ price: 1.8, direction: 'flat', delta: 0, deltaPct: 0, resync: true })
  })

  it('merges a match’s header patches, and shows an override on its cell until it is lifted', () => {
    const events: ReplayEvent[] = [
      { kind: 'header', at: 90, header: { matchId: 7, status: 'live' } },
      {
        kind: 'header',
        at: 95,
        header: { matchId: 7, score: null, clock: { elapsedSeconds: 60, period: '1H', at: 95 } },
      },
      { kind: 'alert', at: 101, alert },
      { kind: 'override', at: 121, event: override },
    ]
    const batch = foldEvents({ [HOME]: start }, events)
    expect(batch.headers).toEqual([
      { matchId: 7, status: 'live', score: null, clock: { elapsedSeconds: 60, period: '1H', at: 95 } },
    ])
    expect(batch.alerts).toEqual([alert])
    expect(batch.overrides).toEqual([override])
    expect(batch.cells[0]?.override).toEqual({ value: 1.9, expiresAt: 60_120, suspended: false })

    const lifted = foldEvents({ [HOME]: batch.cells[0] as BoardCell }, [
      { kind: 'override', at: 130, event: { ...override, action: 'lifted', receivedTs: 130 } },
      tick(131, 1.6),
    ])
    expect(lifted.cells[0]).toMatchObject({ override: null, price: 1.6 })
  })

  it('ends an override at its expiry when no expired event was recorded, as main does live and a seek does', () => {
    const overridden = { ...start, override: { value: 1.9, expiresAt: 60_120, suspended: false } }
    const before = foldEvents({ [HOME]: overridden }, [], 60_119)
    expect(before.cells).toEqual([])

    const quiet = foldEvents({ [HOME]: overridden }, [], 60_120)
    expect(quiet.cells).toEqual([{ ...overridden, override: null }])

    // Set and run out within one fast step: the cell ends the step without it, the alert list keeps the set.
    const within = foldEvents({ [HOME]: start }, [{ kind: 'override', at: 121, event: override }], 70_000)
    expect(within.cells).toEqual([{ ...start, override: null }])
    expect(within.overrides).toEqual([override])
  })

  it('starts an outcome the board had no cell for at its first price, as a resync', () => {
    const batch = foldEvents({}, [tick(100, 2.1)])
    expect(batch.cells).toEqual([
      { ...start, price: 2.1, direction: 'flat', delta: 0, deltaPct: 0, changedAt: 100, resync: true },
    ])
    expect(batch.tape).toEqual([])
  })
})
