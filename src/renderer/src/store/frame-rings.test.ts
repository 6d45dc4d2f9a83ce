/** The inspector's rings: a limit per stream, arrival order across streams, and the filters. */
import { describe, expect, it } from 'vitest'
import type { FrameBatch, InspectorFrame } from '../../../shared/inspector'
import { FrameRings } from './frame-rings'

let seq = 0
function frame(stream: string, extra: Partial<InspectorFrame> = {}): InspectorFrame {
  seq++
  return {
    seq,
    at: 1_700_000_000_000 + seq,
    stream,
    size: 10,
    text: `{"n":${seq}}`,
    truncated: false,
    type: 'price',
    matchId: Number(stream.split(':')[1]),
    refused: null,
    ...extra,
  }
}

function batch(frames: InspectorFrame[], skipped = 0): FrameBatch {
  return { frames, streams: [], skipped }
}

const ALL = { matchId: null, type: { kind: 'all' } } as const
const seqs = (frames: InspectorFrame[]) => frames.map((f) => f.seq)

describe('FrameRings', () => {
  it("keeps each stream's newest frames up to its limit, newest first across streams", () => {
    const rings = new FrameRings(3)
    const a = Array.from({ length: 5 }, () => frame('odds:1:updates'))
    const b = frame('data:2:score', { type: 'score' })
    rings.add(batch([a[0], a[1], b, a[2]] as InspectorFrame[]))
    rings.add(batch([a[3], a[4]] as InspectorFrame[], 4))
    // Stream a passed its limit twice: its two oldest are gone; b's one frame stays however old.
    expect(seqs(rings.view(ALL))).toEqual(seqs([a[4], a[3], a[2], b] as InspectorFrame[]))
    expect(rings.size).toBe(4)
    expect(rings.received).toBe(6)
    expect(rings.skipped).toBe(4)
  })

  it('stays within its limit through many sweeps', () => {
    const rings = new FrameRings(10)
    for (let round = 0; round < 50; round++)
      rings.add(batch(Array.from({ length: 7 }, (_, i) => frame(i % 2 ? 'odds:1:updates' : 'odds:2:updates'))))
    const kept = rings.view(ALL)
    expect(kept).toHaveLength(20)
    expect(kept.filter((f) => f.stream === 'odds:1:updates')).toHaveLength(10)
    expect(seqs(kept)).toEqual([...seqs(kept)].sort((x, y) => y - x))
    expect(rings.received).toBe(350)
  })

  it('filters by stream, by match, by message type and to refused frames, and lists what it saw', () => {
    const rings = new FrameRings()
    const price = frame('odds:1:updates')
    const status = frame('odds:1:updates', { type: 'market_status' })
    const other = frame('odds:2:updates')
    const torn = frame('odds:2:updates', {
      type: null,
      refused: { reason: 'malformed', detail: 'not JSON (truncated or garbled)' },
    })
    rings.add(batch([price, status, other, torn]))
    expect(seqs(rings.view({ matchId: 1, type: { kind: 'all' } }))).toEqual([status.seq, price.seq])
    expect(seqs(rings.view({ matchId: null, type: { kind: 'type', type: 'price' } }))).toEqual([other.seq, price.seq])
    expect(seqs(rings.view({ matchId: 2, type: { kind: 'refused' } }))).toEqual([torn.seq])
    const overrides = frame('odds:1:overrides', { type: 'override' })
    rings.add(batch([overrides]))
    expect(seqs(rings.view({ stream: 'odds:1:updates', matchId: null, type: { kind: 'all' } }))).toEqual([
      status.seq,
      price.seq,
    ])
    expect(seqs(rings.view({ stream: 'odds:1:overrides', matchId: 1, type: { kind: 'all' } }))).toEqual([overrides.seq])
    expect([...rings.types].sort()).toEqual(['market_status', 'override', 'price'])
    expect([...rings.matchIds].sort()).toEqual([1, 2])
  })
})
