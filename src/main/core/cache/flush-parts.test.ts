/**
 * The timer's flush in parts (TickWriter.flushPart): a round of buffered ticks goes to the file in
 * transactions of whole matches, the event loop turning between them, and the file ends exactly as
 * one whole flush leaves it. Real SQLite files throughout.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PriceTick } from '../../../shared/domain'
import type { FlushResult, PartResult } from './tick-writer'
import { openCache, type Cache } from './index'
import { tempDir, tick } from './test-helpers'

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0)
const MATCHES = [11, 12, 13, 14, 15]
const NEVER_MS = 3_600_000

let tmp: ReturnType<typeof tempDir>
const open: Cache[] = []
beforeEach(() => {
  tmp = tempDir()
})
afterEach(() => {
  for (const c of open.splice(0)) c.close()
  tmp.remove()
})

function openAt(name: string, options: Parameters<typeof openCache>[1]): { cache: Cache; file: string } {
  const file = path.join(tmp.dir, name, 'cache.sqlite')
  const cache = openCache(file, options)
  open.push(cache)
  return { cache, file }
}

/** `count` ticks spread over the matches in turn (as a feed interleaves them), two outcomes each, prices walking. */
function interleavedTicks(count: number, from = T0): PriceTick[] {
  return Array.from({ length: count }, (_, i) =>
    tick(from + Math.floor(i / 3), 2 + ((i * 7) % 50) / 100, {
      matchId: MATCHES[i % MATCHES.length]!,
      oddKey: i % 2 === 0 ? 'match_winner#home' : 'match_winner#away',
      suspended: i % 17 === 0,
    }),
  )
}

/** What the file holds, by match and outcome rather than row ids (which follow the order outcomes were first written). */
function stored(file: string): { ticks: unknown[]; rollups: unknown[] } {
  const db = new Database(file, { readonly: true })
  try {
    const ticks = db
      .prepare(
        `SELECT o.match_id, o.odd_key, t.t, t.tie, t.price, t.suspended, t.server_delta FROM tick t
         JOIN outcome o ON o.id = t.outcome_id ORDER BY o.match_id, o.odd_key, t.t, t.tie`,
      )
      .all()
    const rollups = db
      .prepare(
        `SELECT o.match_id, o.odd_key, r.level, r.bucket, r.n, r.first_p, r.last_p, r.min_p, r.max_p, r.susp_changes
         FROM tick_rollup r JOIN outcome o ON o.id = r.outcome_id ORDER BY o.match_id, o.odd_key, r.level, r.bucket`,
      )
      .all()
    return { ticks, rollups }
  } finally {
    db.close()
  }
}

/** Resolves with every flush the cache reports until nothing is left buffered. */
function flushesUntilWritten(cache: Cache, flushes: FlushResult[]): Promise<void> {
  return new Promise<void>((resolve) => {
    const check = () => (cache.pendingTicks === 0 ? resolve() : setTimeout(check, 5))
    check()
  }).then(() => expect(flushes.length).toBeGreaterThan(0))
}

describe("the flush timer's parts", () => {
  it('writes a round in parts of whole matches, and the file ends as one whole flush leaves it', async () => {
    const ticks = interleavedTicks(600)
    const whole = openAt('whole', { flushIntervalMs: NEVER_MS })
    whole.cache.recordTicks('demo', ticks)
    whole.cache.flush()

    const parts: FlushResult[] = []
    // A budget spent by any match: a part is one match.
    const inParts = openAt('parts', { flushIntervalMs: 10, flushPartMs: 0, onFlushed: (r) => parts.push(r) })
    inParts.cache.recordTicks('demo', ticks)
    await flushesUntilWritten(inParts.cache, parts)

    // 120 ticks a match, a part each.
    expect(parts.map((p) => p.written)).toEqual([120, 120, 120, 120, 120])
    expect(parts.map((p) => (p as PartResult).more)).toEqual([true, true, true, true, false])
    expect(stored(inParts.file)).toEqual(stored(whole.file))
  })

  it('writes a round in one part when its budget is never spent', async () => {
    const parts: FlushResult[] = []
    const { cache } = openAt('budget', { flushIntervalMs: 10, flushPartMs: 60_000, onFlushed: (r) => parts.push(r) })
    cache.recordTicks('demo', interleavedTicks(600))
    await flushesUntilWritten(cache, parts)
    expect(parts.map((p) => [p.written, (p as PartResult).more])).toEqual([[600, false]])
  })

  it('lets the event loop turn between parts', async () => {
    const turns: string[] = []
    const parts: FlushResult[] = []
    const { cache } = openAt('turns', {
      flushIntervalMs: 10,
      flushPartMs: 0,
      onFlushed: (r) => {
        parts.push(r)
        turns.push(`part of ${r.written}`)
        // Something that came in while the part was written: it runs before the next part.
        setImmediate(() => turns.push('other work'))
      },
    })
    cache.recordTicks('demo', interleavedTicks(500))
    await flushesUntilWritten(cache, parts)
    expect(turns.slice(0, 4)).toEqual(['part of 100', 'other work', 'part of 100', 'other work'])
  })

  it('leaves ticks that come in during a round to the next round', async () => {
    const parts: PartResult[] = []
    const { cache } = openAt('round', {
      flushIntervalMs: 10,
      flushPartMs: 0,
      onFlushed: (r) => {
        parts.push(r as PartResult)
        // A tick of the round's last match, come in after the round began.
        if (parts.length === 1) cache.recordTicks('demo', [tick(T0 + 5000, 3.3, { matchId: MATCHES.at(-1)! })])
      },
    })
    cache.recordTicks('demo', interleavedTicks(500))
    await flushesUntilWritten(cache, parts)
    // A part per match, and the newcomer in a round of its own.
    expect(parts.map((p) => [p.written, p.more])).toEqual([
      [100, true],
      [100, true],
      [100, true],
      [100, true],
      [100, false],
      [1, false],
    ])
  })

  it('writes the rest of a round at once when a read comes between parts: the read sees every tick', async () => {
    const parts: FlushResult[] = []
    let seenByRead = -1
    const { cache } = openAt('read', {
      flushIntervalMs: 10,
      flushPartMs: 0,
      onFlushed: (r) => {
        parts.push(r)
        if (parts.length === 1) seenByRead = cache.ticks('demo', MATCHES.at(-1)!, T0, T0 + 5000, { limit: 1000 }).length
      },
    })
    cache.recordTicks('demo', interleavedTicks(500))
    await flushesUntilWritten(cache, parts)
    expect(seenByRead).toBe(100)
    expect(parts.map((p) => p.written)).toEqual([100, 400])
  })
})
