import { describe, expect, it } from 'vitest'
import type { ReplayMark } from '../../../../shared/replay'
import { adjacentMark, instantAt, shareOf } from './replay-marks'

const mark = (at: number, kind: ReplayMark['kind'] = 'override'): ReplayMark => ({
  at,
  kind,
  matchId: 1,
  label: `at ${at}`,
})

describe('adjacentMark', () => {
  const marks = [mark(100), mark(200, 'alert'), mark(200), mark(300, 'alert')]

  it('jumps to the first mark after the playhead, then on to the next', () => {
    expect(adjacentMark(marks, 50, 1)).toBe(marks[0])
    expect(adjacentMark(marks, 100, 1)).toBe(marks[1])
    expect(adjacentMark(marks, 250, 1)).toBe(marks[3])
    expect(adjacentMark(marks, 300, 1)).toBeNull()
  })

  it('jumps back to the last mark before the playhead, then on to the one before', () => {
    expect(adjacentMark(marks, 350, -1)).toBe(marks[3])
    expect(adjacentMark(marks, 300, -1)).toBe(marks[2])
    expect(adjacentMark(marks, 200, -1)).toBe(marks[0])
    expect(adjacentMark(marks, 100, -1)).toBeNull()
  })

  it('has nowhere to go without marks', () => {
    expect(adjacentMark([], 100, 1)).toBeNull()
    expect(adjacentMark([], 100, -1)).toBeNull()
  })
})

describe('shareOf and instantAt', () => {
  it('place an instant along the range and back, clamped to it', () => {
    expect(shareOf(1500, 1000, 3000)).toBe(0.25)
    expect(shareOf(500, 1000, 3000)).toBe(0)
    expect(shareOf(5000, 1000, 3000)).toBe(1)
    expect(shareOf(1000, 1000, 1000)).toBe(0)
    expect(instantAt(0.25, 1000, 3000)).toBe(1500)
    expect(instantAt(-1, 1000, 3000)).toBe(1000)
    expect(instantAt(2, 1000, 3000)).toBe(3000)
  })
})
