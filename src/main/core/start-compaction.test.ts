/**
 * The cache's compaction at start comes after the core is up, not before it: the real core on a
 * real SQLite file that holds a tick older than the retention (30 days by default).
 */
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openCache } from './cache'
import { tempDir, tick } from './cache/test-helpers'
import { startTestCore } from './test-support'
import type { Core } from './app'

const DAY_MS = 86_400_000
const started: Array<{ core: Core; dir: { remove: () => void } }> = []
afterEach(async () => {
  for (const { core, dir } of started.splice(0)) {
    await core.stop()
    dir.remove()
  }
})

describe('the cache compaction at start', () => {
  it('runs once the core is up, and then drops what is older than the retention', async () => {
    const dir = tempDir()
    const now = Date.now()
    const cache = openCache(join(dir.dir, 'cache.sqlite'))
    cache.recordTicks('demo', [tick(now - 40 * DAY_MS, 2.1), tick(now - 60_000, 2.2)])
    cache.close()

    const { core } = await startTestCore(dir.dir, { firstCompactionMs: 100 })
    started.push({ core, dir })
    const prices = () => core.cache.ticks('demo', 7, 0, now, { limit: 10 }).map((t) => t.price)
    expect(prices()).toEqual([2.1, 2.2])
    await vi.waitFor(() => expect(prices()).toEqual([2.2]), { timeout: 5_000, interval: 50 })
  })
})
