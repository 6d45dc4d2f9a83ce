/** The diagnostic bundle's memory of each stream: a bounded ring per stream, big frames cut, rings found again by id. */
import { describe, expect, it } from 'vitest'
import { SCRUB_MARGIN } from '../diagnostics/kept-text'
import { FRAMES_KEPT, FrameHistory, TEXT_CAP } from './frame-history'

const KEPT_CAP = TEXT_CAP + SCRUB_MARGIN

const stream = (id: string) => ({ id, service: 'odds' as const, kind: 'updates', matchId: 1, url: 'ws://x/odds' })

describe('FrameHistory', () => {
  it('keeps the last FRAMES_KEPT frames of a stream, oldest first, with the refusal words of a refused one', () => {
    const ring = new FrameHistory().ring(stream('odds:1:updates'))
    for (let n = 0; n < FRAMES_KEPT + 7; n++) ring.add(`{"n":${n}}`, 1000 + n, n % 2 ? 'malformed: torn' : null)
    const kept = ring.list()
    expect(kept).toHaveLength(FRAMES_KEPT)
    expect(kept[0]).toEqual({ at: 1007, length: 7, text: '{"n":7}', refused: 'malformed: torn' })
    expect(kept.at(-1)?.text).toBe(`{"n":${FRAMES_KEPT + 6}}`)
  })

  it('cuts a big frame a margin past TEXT_CAP and keeps a frame refused before it became text', () => {
    const ring = new FrameHistory().ring(stream('odds:1:updates'))
    ring.add('x'.repeat(KEPT_CAP * 3), 1, 'malformed: too long')
    ring.add(null, 2, 'malformed: frame over 262144 bytes')
    expect(ring.list()).toEqual([
      { at: 1, length: KEPT_CAP * 3, text: 'x'.repeat(KEPT_CAP), refused: 'malformed: too long' },
      { at: 2, length: null, text: null, refused: 'malformed: frame over 262144 bytes' },
    ])
  })

  it('gives a stream that runs again its earlier ring, and lists every stream', () => {
    const history = new FrameHistory()
    history.ring(stream('odds:1:updates')).add('{"a":1}', 1, null)
    history.ring(stream('odds:1:updates')).add('{"a":2}', 2, null)
    history.ring(stream('odds:1:overrides'))
    expect(history.snapshot().map((s) => [s.stream.id, s.frames.map((f) => f.text)])).toEqual([
      ['odds:1:updates', ['{"a":1}', '{"a":2}']],
      ['odds:1:overrides', []],
    ])
  })
})
