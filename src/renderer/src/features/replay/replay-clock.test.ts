import { describe, expect, it } from 'vitest'
import { conflationStepMs, type ReplayEvent, type ReplayEventPage } from '../../../../shared/replay'
import { EventStream, shownAt, stepClock, type ReplayClock } from './replay-clock'

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

describe('the instant shown', () => {
  it('is a step of 100 ms of wall time at 10× and 60×, every event at 1×', () => {
    expect([conflationStepMs(1), conflationStepMs(10), conflationStepMs(60)]).toEqual([0, 1000, 6000])
  })

  it('is the last step boundary the clock passed, or the end, and never goes back', () => {
    expect(shownAt(17_999, 100_000, 6000, 0)).toBe(12_000)
    expect(shownAt(18_000, 100_000, 6000, 12_000)).toBe(18_000)
    // After a seek between boundaries the board stays at the seek until the next boundary.
    expect(shownAt(13_500, 100_000, 6000, 13_000)).toBe(13_000)
    expect(shownAt(100_000, 100_000, 6000, 96_000)).toBe(100_000)
    // Without a step, the clock itself.
    expect(shownAt(13_517, 100_000, 0, 13_500)).toBe(13_517)
  })
})

function header(at: number): ReplayEvent {
  return { kind: 'header', at, header: { matchId: 1, status: 'live' } }
}

describe('EventStream', () => {
  // The recorded range (100, 125]: 25 events, paged the way `replay:events` pages them.
  const recorded = Array.from({ length: 25 }, (_, i) => header(101 + i))
  const asked: number[] = []
  const fetchPage = async (after: number, to: number): Promise<ReplayEventPage> => {
    asked.push(after)
    const events = recorded.filter((e) => e.at > after && e.at <= to).slice(0, 10)
    const more = events.length === 10
    return { events, until: more ? (events[events.length - 1] as ReplayEvent).at : to, more }
  }

  it('hands out every event exactly once, in order, while fetching ahead in pages', async () => {
    asked.length = 0
    const stream = new EventStream(fetchPage, 100, 125, { events: 5 })
    expect(stream.bufferedUntil()).toBe(100)
    const seen: ReplayEvent[] = []
    let until = 100
    while (seen.length < recorded.length) {
      await stream.fill()
      until = Math.min(until + 3, stream.bufferedUntil())
      seen.push(...stream.take(until))
    }
    expect(seen).toEqual(recorded)
    expect(asked).toEqual([100, 110, 120])
    expect(stream.bufferedUntil()).toBe(Infinity)
  })

  it('names the next event time for a step, fetching when the buffer is empty', async () => {
    const stream = new EventStream(fetchPage, 112, 125)
    expect(await stream.nextAt()).toBe(113)
    stream.take(125)
    expect(await stream.nextAt()).toBe(123)
    stream.take(125)
    expect(await stream.nextAt()).toBeNull()
  })

  it('counts the ticks a fast page left out once the clock has passed that page', async () => {
    const pages: ReplayEventPage[] = [
      { events: [header(101)], until: 110, more: true, folded: 40 },
      { events: [header(111)], until: 120, more: false, folded: 2 },
    ]
    const stream = new EventStream(async () => pages.shift() as ReplayEventPage, 100, 120, { events: 5 })
    await stream.fill()
    await stream.fill()
    expect(stream.takeFolded(109)).toBe(0)
    expect(stream.takeFolded(115)).toBe(40)
    expect(stream.takeFolded(115)).toBe(0)
    expect(stream.takeFolded(120)).toBe(2)
  })

  it('reads ahead by recorded time too: a fast page of few events is not the last one fetched', async () => {
    asked.length = 0
    const stream = new EventStream(fetchPage, 100, 125, { events: 1, ms: 15 })
    await stream.fill()
    // 10 events buffered (over the 1 asked) but only 10 ms of recording: the next page is read.
    await stream.fill()
    await stream.fill()
    expect(asked).toEqual([100, 110])
    stream.take(106)
    await stream.fill()
    expect(asked).toEqual([100, 110, 120])
  })

  it('stops when a page does not move on instead of asking forever', async () => {
    const stream = new EventStream(async (after) => ({ events: [], until: after, more: true }), 0, 50)
    await stream.fill()
    expect(stream.bufferedUntil()).toBe(Infinity)
    expect(await stream.nextAt()).toBeNull()
  })
})
