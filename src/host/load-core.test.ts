import { describe, expect, it } from 'vitest'
import { inTurns, loadHostCore } from './load-core'

describe('loading the host core a piece at a time', () => {
  it('runs each step in a turn of the event loop of its own, so requests are answered in between', async () => {
    let turns = 0
    let counting = true
    const count = () => {
      turns++
      if (counting) setImmediate(count)
    }
    setImmediate(count)
    const seen: number[] = []
    await inTurns([1, 2, 3].map(() => async () => void seen.push(turns)))
    counting = false
    expect(seen).toHaveLength(3)
    expect(seen[1]).toBeGreaterThan(seen[0]!)
    expect(seen[2]).toBeGreaterThan(seen[1]!)
  })

  it('answers the module that builds the browser host core', async () => {
    const module = await loadHostCore()
    expect(typeof module.createBrowserHostCore).toBe('function')
  })
})
