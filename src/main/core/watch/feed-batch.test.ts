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
})
