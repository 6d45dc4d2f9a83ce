import { describe, expect, it } from 'vitest'
import type { HistorySeries, TickRow } from '../../../../shared/history'
import { applyTicks, boardBefore, replayKey, stepClock, TickStream, type ReplayClock } from './replay'

function tick(receivedTs: number, oddKey: string, price: number, suspended = false): TickRow {
  return { oddType: 'main', oddKey, price, suspended, serverTs: receivedTs - 5, receivedTs }
}

describe('boardBefore', () => {
  it('starts every outcome at its last recorded point', () => {
    const series: HistorySeries = {
      matchId: 1,
      from: null,
      to: 999,
      totalTicks: 3,
      overrides: [],
      labels: { teams: null, layout: null },
      outcomes: [
        { oddType: 'main', oddKey: 'w#home', t: [10, 20], price: [1.5, 1.6], suspended: [false, true] },
        { oddType: 'main', oddKey: 'w#away', t: [], price: [], suspended: [] },
      ],
    }
    const board = boardBefore(series)
    expect([...board.keys()]).toEqual([replayKey('main', 'w#home')])
    expect(board.get('main|w#home')).toEqual({ price: 1.6, suspended: true, direction: 'flat', changedAt: 20 })
  })
})

describe('applyTicks', () => {
  it('applies ticks in order with their direction, leaving the previous board untouched', () => {
    const start = applyTicks(new Map(), [tick(1, 'w#home', 1.5)])
    const next = applyTicks(start, [tick(2, 'w#home', 1.7), tick(3, 'w#home', 1.6), tick(4, 'w#away', 2.2, true)])
    expect(start.get('main|w#home')).toEqual({ price: 1.5, suspended: false, direction: 'flat', changedAt: 1 })
    expect(next.get('main|w#home')).toEqual({ price: 1.6, suspended: false, direction: 'down', changedAt: 3 })
    expect(next.get('main|w#away')).toEqual({ price: 2.2, suspended: true, direction: 'flat', changedAt: 4 })
  })

  it('keeps the last direction when only the suspension changes', () => {
    const up = applyTicks(new Map(), [tick(1, 'w#home', 1.5), tick(2, 'w#home', 1.7)])
    expect(applyTicks(up, [tick(3, 'w#home', 1.7, true)]).get('main|w#home')?.direction).toBe('up')
  })
})

describe('stepClock', () => {
  const clock: ReplayClock = { position: 1000, end: 100_000, speed: 10, playing: true }

  it('runs speed times the wall clock', () => {
    expect(stepClock(clock, 500, Infinity).position).toBe(6000)
    expect(stepClock({ ...clock, speed: 60 }, 500, Infinity).position).toBe(31_000)
  })

  it('waits at the buffered time and stops at the end', () => {
    expect(stepClock(clock, 500, 3000)).toMatchObject({ position: 3000, playing: true })
    expect(stepClock(clock, 1_000_000, Infinity)).toMatchObject({ position: 100_000, playing: false })
  })

  it('never moves while paused or backwards', () => {
    expect(stepClock({ ...clock, playing: false }, 500, Infinity).position).toBe(1000)
    expect(stepClock(clock, 500, 0).position).toBe(1000)
    expect(stepClock(clock, -50, Infinity).position).toBe(1000)
  })
})

describe('TickStream', () => {
  // The recorded range: 25 ticks, two per millisecond at the page edges, like a busy market.
  const recorded = Array.from({ length: 25 }, (_, i) =>
    tick(100 + Math.floor(i / 2), i % 2 ? 'w#away' : 'w#home', 1.5 + i / 100),
  )
  const pages: [number, number][] = []
  const fetchPage = async (offset: number, limit: number) => {
    pages.push([offset, limit])
    return { rows: recorded.slice(offset, offset + limit), total: recorded.length }
  }

  it('hands out every tick exactly once, in order, while fetching ahead in pages', async () => {
    pages.length = 0
    const stream = new TickStream(fetchPage, 10, 5)
    expect(stream.bufferedUntil()).toBe(-Infinity)
    const seen: TickRow[] = []
    let until = 99
    while (seen.length < recorded.length) {
      await stream.fill()
      until = Math.min(until + 3, stream.bufferedUntil())
      seen.push(...stream.take(until))
    }
    expect(seen).toEqual(recorded)
    expect(pages).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ])
    expect(stream.complete).toBe(true)
    expect(stream.progress()).toEqual({ fetched: 25, total: 25 })
  })

  it('does not count a time as buffered while ticks of that time may be on the next page', async () => {
    const stream = new TickStream(fetchPage, 3, 1)
    await stream.fill()
    // Page one holds ticks at 100, 100, 101; the second tick at 101 is on page two.
    expect(stream.bufferedUntil()).toBe(100)
  })

  it('stops when the range runs dry early instead of asking forever', async () => {
    const stream = new TickStream(async () => ({ rows: [], total: 50 }), 10, 5)
    await stream.fill()
    expect(stream.complete).toBe(true)
    expect(stream.bufferedUntil()).toBe(Infinity)
  })
})
