import { describe, expect, it, vi } from 'vitest'
import type { PriceChange, PriceTick } from '../../../shared/domain'
import { FeedBatch } from './feed-batch'

const tick = { matchId: 1, oddType: 'full-time', oddKey: 'm#a', price: 2, suspended: false } as PriceTick
const change = { matchId: 1 } as PriceChange

describe('FeedBatch', () => {
  it('hands a failing consumer its error and still delivers to the others', async () => {
    const changes: PriceChange[][] = []
    const errors: Array<[string, string]> = []
    const batch = new FeedBatch({
      onTicks: () => {
        throw new Error('cache closed')
      },
      onChanges: (c) => changes.push(c),
      onSinkError: (sink, error) => errors.push([sink, (error as Error).message]),
    })
    batch.tick(tick)
    batch.change(change)
    await vi.waitFor(() => expect(changes).toEqual([[change]]))
    expect(errors).toEqual([['ticks', 'cache closed']])
  })

  it('hands a full batch over at once, mid-turn, and the rest at the end of the turn, in order', async () => {
    const ticks: PriceTick[][] = []
    const batch = new FeedBatch({ onTicks: (t) => ticks.push(t) }, 3)
    const sent = [1, 2, 3, 4, 5, 6, 7].map((seq) => ({ ...tick, serverTs: seq }))
    for (const t of sent) batch.tick(t)
    // Two full batches went while the turn was still running; the seventh tick waits for its end.
    expect(ticks).toEqual([sent.slice(0, 3), sent.slice(3, 6)])
    await vi.waitFor(() => expect(ticks).toHaveLength(3))
    expect(ticks[2]).toEqual([sent[6]])
  })
})
