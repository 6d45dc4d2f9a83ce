/**
 * The rules that turn a connected stream into "not understood" and back, on frames told at given
 * times (the whole stream against the simulator is in core/feed-understanding.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { FeedUnderstanding, MIN_REFUSED, REFUSED_IN_ROW } from './feed-understanding'

const T0 = 1_700_000_000_000

function feed(u: FeedUnderstanding, frames: string, from: number, everyMs: number): number {
  let at = from
  for (const f of frames) {
    if (f === 'r') u.refused('malformed: torn', at)
    else u.read(at)
    at += everyMs
  }
  return at
}

describe('FeedUnderstanding', () => {
  it(`is not understood after ${REFUSED_IN_ROW} refused in a row, names the first refusal, and is understood again after ${REFUSED_IN_ROW} read in a row`, () => {
    const u = new FeedUnderstanding(T0)
    u.refused('unknown kind: clock', T0)
    let at = feed(u, 'r'.repeat(REFUSED_IN_ROW - 1), T0 + 10, 10)
    // A busy stream: twenty refused in 200 ms, among many read frames earlier in the minute.
    expect(u.state(at)).toEqual({ since: expect.any(Number), firstRefusal: 'unknown kind: clock' })
    at = feed(u, '.'.repeat(REFUSED_IN_ROW - 1), at, 10)
    expect(u.state(at)).not.toBeNull()
    at = feed(u, '.', at, 10)
    expect(u.state(at)).toBeNull()
  })

  it(`a quiet stream: ${MIN_REFUSED} refused that are half of the minute's frames, without ${REFUSED_IN_ROW} in a row`, () => {
    const u = new FeedUnderstanding(T0)
    let at = feed(u, 'r.r.r.r.', T0, 5000)
    expect(u.state(at)).toBeNull()
    at = feed(u, 'r', at, 5000)
    expect(u.state(at)?.firstRefusal).toBe('malformed: torn')
    // Fewer than half refused: understood, even with as many refused.
    const busy = new FeedUnderstanding(T0)
    expect(busy.state(feed(busy, 'r..r..r..r..r..', T0, 1000))).toBeNull()
  })

  it('stays not understood while silent, and is understood once the refused frames are a minute old', () => {
    const u = new FeedUnderstanding(T0)
    let at = feed(u, 'r'.repeat(REFUSED_IN_ROW), T0, 100)
    expect(u.state(at + 5 * 60_000)).not.toBeNull()
    // Frames read again, fewer than twenty: the ratio rule still holds until the refused age out.
    const v = new FeedUnderstanding(T0)
    at = feed(v, 'rrrrrr', T0, 1000)
    at = feed(v, '...', at, 1000)
    expect(v.state(at)).not.toBeNull()
    expect(v.state(at + 61_000)).toBeNull()
  })

  it('a new episode names its own first refusal', () => {
    const u = new FeedUnderstanding(T0)
    let at = feed(u, 'r'.repeat(REFUSED_IN_ROW), T0, 10)
    at = feed(u, '.'.repeat(REFUSED_IN_ROW), at, 10)
    expect(u.state(at)).toBeNull()
    u.refused('unknown kind: period', at)
    at = feed(u, 'r'.repeat(REFUSED_IN_ROW), at + 10, 10)
    expect(u.state(at)).toEqual({ since: expect.any(Number), firstRefusal: 'unknown kind: period' })
  })
})
