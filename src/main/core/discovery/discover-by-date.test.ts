/** Discover's "By date" against the real core and its demo simulator, in a time zone that is not UTC. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { MatchSummary } from '../../../shared/discovery'
import { invoke, startTestCore } from '../test-support'

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** The process's own zone for the test's length: Node reads TZ afresh when it is assigned. */
function inTimeZone(tz: string): void {
  const before = process.env.TZ
  process.env.TZ = tz
  cleanups.push(() => {
    if (before === undefined) delete process.env.TZ
    else process.env.TZ = before
  })
}

function localDate(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

describe('Discover by date', () => {
  it("lists the trader's local day, not the UTC day", async () => {
    // UTC+3 (POSIX signs are inverted): the local 25 November is 24 Nov 21:00 to 25 Nov 21:00 UTC. The
    // world is built around 25 Nov 22:30 UTC, so its live and upcoming matches are on the UTC day
    // 25 November but the local day 26 November, and its earlier matches on the local 25th.
    inTimeZone('Etc/GMT-3')
    const { core } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-by-date-')), {
      demo: { startTime: Date.UTC(2026, 10, 25, 22, 30) },
    })
    cleanups.push(() => core.stop())
    const list = async (date: string) =>
      (
        await invoke<{ matches: MatchSummary[] }>(core, 'discover:matches', {
          mode: 'date',
          sport: 'badminton',
          date,
          limit: 200,
        })
      ).matches
    const [the25th, the26th] = await Promise.all([list('2026-11-25'), list('2026-11-26')])
    expect(the25th.length).toBeGreaterThan(0)
    expect(the26th.length).toBeGreaterThan(0)
    expect(new Set(the25th.map((m) => localDate(m.startTime ?? 0)))).toEqual(new Set(['2026-11-25']))
    expect(new Set(the26th.map((m) => localDate(m.startTime ?? 0)))).toEqual(new Set(['2026-11-26']))
  })
})
