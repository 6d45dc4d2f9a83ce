import { describe, expect, it } from 'vitest'
import { SnapshotSync } from './snapshot-sync'

const m = (seq: number) => ({ seq })
/** Held deltas as `complete` returns them (receive time = seq × 10 in these tests). */
const h = (...seqs: number[]) => seqs.map((seq) => ({ message: m(seq), receivedAt: seq * 10 }))
const offer = (sync: SnapshotSync<{ seq: number }>, seq: number) => sync.offer(m(seq), seq * 10)

describe('SnapshotSync', () => {
  it('holds deltas until the snapshot, then drops those it already contains', () => {
    const sync = new SnapshotSync<{ seq: number }>()
    expect([9, 10, 11, 12].map((s) => offer(sync, s))).toEqual(['held', 'held', 'held', 'held'])
    expect(sync.complete(10)).toEqual(h(11, 12))
    expect(offer(sync, 13)).toBe('apply')
    expect(offer(sync, 13)).toBe('duplicate')
  })

  it('reports a gap in the stream and holds from there', () => {
    const sync = new SnapshotSync<{ seq: number }>()
    sync.complete(5)
    expect(offer(sync, 6)).toBe('apply')
    expect(offer(sync, 8)).toBe('gap')
    expect(sync.isSyncing).toBe(true)
    expect(offer(sync, 9)).toBe('held')
    expect(sync.complete(8)).toEqual(h(9))
  })

  it('asks for another snapshot when the held deltas do not join the snapshot', () => {
    const sync = new SnapshotSync<{ seq: number }>()
    offer(sync, 20)
    expect(sync.complete(17)).toBe('gap')
    expect(sync.isSyncing).toBe(true)
    expect(sync.complete(19)).toEqual(h(20))
  })

  it('without a snapshot seq, applies everything held and follows the stream from there', () => {
    const sync = new SnapshotSync<{ seq: number }>()
    offer(sync, 3)
    offer(sync, 4)
    expect(sync.complete(undefined)).toEqual(h(3, 4))
    expect(offer(sync, 5)).toBe('apply')
  })
})
