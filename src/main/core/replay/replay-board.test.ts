import { describe, expect, it } from 'vitest'
import type { RecordedTick } from '../cache/replay-rows'
import { lastMove } from './replay-board'

/** Ticks newest first, as the cache reads them back: [t, price, suspended?, resync?]. */
function ticks(...rows: Array<[number, number, boolean?, boolean?]>): RecordedTick[] {
  return rows.map(([t, price, suspended = false, resync = false]) => ({ t, price, suspended, serverTs: t, resync }))
}

describe("a replayed cell's last move, as the live price book leaves it", () => {
  it('passes over ticks that repeat the price: the move is the last that changed it', () => {
    expect(lastMove(ticks([40, 2.2], [30, 2.2], [20, 2.2], [10, 2.0]))).toEqual({
      direction: 'up',
      delta: expect.closeTo(0.2),
      deltaPct: expect.closeTo(10),
      changedAt: 20,
    })
  })

  it('keeps the direction of the last price move across a change of suspension alone', () => {
    expect(lastMove(ticks([30, 1.8, true], [20, 1.8], [10, 2.0]))).toMatchObject({
      direction: 'down',
      changedAt: 30,
    })
  })

  it('shows no move after a resync (the first price after a gap), and none once a suspension follows it', () => {
    expect(lastMove(ticks([20, 3.0, false, true], [10, 2.0]))).toEqual({
      direction: 'flat',
      delta: 0,
      deltaPct: 0,
      changedAt: 20,
      resync: true,
    })
    expect(lastMove(ticks([30, 3.0, true], [20, 3.0, false, true], [10, 2.0]))).toEqual({
      direction: 'flat',
      delta: 0,
      deltaPct: 0,
      changedAt: 30,
    })
  })

  it('knows no move beyond the ticks read: flat, changed at the oldest', () => {
    expect(lastMove(ticks([20, 2.0], [10, 2.0]))).toEqual({ direction: 'flat', delta: 0, deltaPct: 0, changedAt: 10 })
  })
})
