import { describe, expect, it } from 'vitest'
import { SlotQueue } from './slots'

describe('SlotQueue', () => {
  it('grants up to capacity and queues the rest in order', () => {
    const q = new SlotQueue(2)
    const granted: string[] = []
    const release = ['a', 'b', 'c', 'd'].map((id) => q.request(() => granted.push(id)))
    expect(granted).toEqual(['a', 'b'])
    expect([q.used, q.queued]).toEqual([2, 2])
    release[1]!()
    expect(granted).toEqual(['a', 'b', 'c'])
    release[3]!() // withdrawn while waiting: never granted
    release[0]!()
    release[2]!()
    expect(granted).toEqual(['a', 'b', 'c'])
    expect([q.used, q.queued]).toEqual([0, 0])
  })

  it('ignores a second release of the same slot', () => {
    const q = new SlotQueue(1)
    const release = q.request(() => {})
    release()
    release()
    expect(q.used).toBe(0)
    q.request(() => {})
    expect(q.used).toBe(1)
  })

  it('rejects a capacity that is not a positive integer', () => {
    expect(() => new SlotQueue(0)).toThrow(RangeError)
  })
})
