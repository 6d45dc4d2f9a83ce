import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { blankHeader, type MatchHeader } from '../../../shared/board'
import { openCache, type Cache, type RecordedEvent } from './index'
import { tempDir, tick, overrideEvent } from './test-helpers'

const T0 = Date.UTC(2025, 5, 1, 14, 0, 0)
const OUTCOMES = ['match_winner#home', 'match_winner#away', 'total#over', 'total#under']

function header(over: Partial<MatchHeader>): MatchHeader {
  return { ...blankHeader(7, 'badminton'), synced: true, ...over }
}

/** A key for an event that tells every recorded event apart. */
function keyOf(e: RecordedEvent): string {
  if (e.kind === 'tick') return `tick ${e.at} ${e.oddKey} ${e.price}`
  if (e.kind === 'header') return `header ${e.at} ${JSON.stringify(e.header)}`
  if (e.kind === 'override') return `override ${e.at} ${e.event.oddValue}`
  return `alert ${e.at} ${e.alert.id}`
}

/** The board an events stream leaves: per outcome its price, suspension, time and override; per match its header. */
function boardAfter(events: readonly RecordedEvent[]): Record<string, unknown> {
  const cells = new Map<string, { price: number; suspended: boolean; at: number; override: number | null }>()
  const headers = new Map<number, unknown>()
  for (const e of events) {
    if (e.kind === 'tick') {
      const id = `${e.oddType}|${e.oddKey}`
      cells.set(id, { price: e.price, suspended: e.suspended, at: e.at, override: cells.get(id)?.override ?? null })
    } else if (e.kind === 'override') {
      // As the page folds it (replay-batch.ts): an override lands on a cell already priced.
      const cell = cells.get(`${e.event.oddType}|${e.event.oddKey}`)
      if (cell) cell.override = e.event.action === 'lifted' ? null : e.event.oddValue
    } else if (e.kind === 'header')
      headers.set(e.header.matchId, { ...(headers.get(e.header.matchId) ?? {}), ...e.header })
  }
  return { cells: Object.fromEntries([...cells].sort()), headers: Object.fromEntries(headers) }
}

const outcomeKey = (e: RecordedEvent) => (e.kind === 'tick' ? `${e.oddType}|${e.oddKey}` : '')

describe('desk replay reads', () => {
  const tmp = tempDir()
  let cache: Cache
  let file = ''
  let files = 0
  beforeEach(() => {
    file = path.join(tmp.dir, `cache-${files++}.sqlite`)
  })
  afterEach(() => cache.close())
  afterAll(() => tmp.remove())

  /** Four outcomes ticking together: every tick shares its millisecond with three others. */
  function record(): void {
    cache = openCache(file)
    for (let i = 0; i < 50; i++) {
      const t = T0 + i * 100
      cache.recordTicks(
        'demo',
        OUTCOMES.map((oddKey, k) => tick(t, 2 + i / 100 + k / 1000, { oddKey })),
      )
    }
    cache.recordHeaders('demo', [
      { at: T0 + 1000, patch: header({ status: 'live' }), header: header({ status: 'live' }) },
      {
        at: T0 + 3000,
        patch: { matchId: 7, score: { home: { current: 1, periods: [] }, away: { current: 0, periods: [] } } },
        header: header({
          status: 'live',
          score: { home: { current: 1, periods: [] }, away: { current: 0, periods: [] } },
        }),
      },
    ])
    cache.recordOverrideEvents('demo', [overrideEvent(T0 + 2000, { oddValue: 7.5 })])
    cache.recordAlerts('demo', [{ id: 'a1', ruleId: 'r1', matchId: 7, createdAt: T0 + 2000 }])
    cache.flush()
  }

  it('pages through a range with no event lost or repeated, however the pages cut the ties', () => {
    record()
    const all = cache.replayEvents('demo', [7], T0 - 1, T0 + 10_000, 5000)
    expect(all).toMatchObject({ until: T0 + 10_000, more: false })
    expect(all.events).toHaveLength(50 * 4 + 2 + 1 + 1)
    for (const limit of [1, 3, 5, 9, 64]) {
      const paged: RecordedEvent[] = []
      let after = T0 - 1
      let pages = 0
      for (;;) {
        const page = cache.replayEvents('demo', [7], after, T0 + 10_000, limit)
        // A page ends on a whole millisecond: beyond the limit only when one millisecond holds more.
        const millis = new Set(page.events.map((e) => e.at))
        expect(page.events.length <= limit || millis.size === 1).toBe(true)
        expect(page.events.every((e) => e.at > after && e.at <= page.until)).toBe(true)
        paged.push(...page.events)
        after = page.until
        pages++
        if (!page.more) break
      }
      expect(paged.map(keyOf)).toEqual(all.events.map(keyOf))
      expect(pages).toBeGreaterThan(1)
    }
    // Within a millisecond: the header, the prices, the override, the alert.
    expect(all.events.filter((e) => e.at === T0 + 2000).map((e) => e.kind)).toEqual([
      'tick',
      'tick',
      'tick',
      'tick',
      'override',
      'alert',
    ])
    expect(all.events.filter((e) => e.at === T0 + 3000).map((e) => e.kind)[0]).toBe('header')
  })

  it('conflates fast play to each outcome’s last tick per step: the same board at every step, nothing else left out', () => {
    record()
    // A new outcome priced, overridden and priced again inside one step; a resync followed by a move.
    const late = { oddKey: 'set#late' }
    cache.recordTicks('demo', [tick(T0 + 5010, 3.1, late), tick(T0 + 5020, 3.2, late)])
    cache.recordOverrideEvents('demo', [overrideEvent(T0 + 5030, { ...late, oddValue: 3.5 })])
    cache.recordTicks('demo', [
      tick(T0 + 5040, 3.3, late),
      { ...tick(T0 + 5060, 2.9, { oddKey: OUTCOMES[1] }), resync: true },
      tick(T0 + 5070, 2.95, { oddKey: OUTCOMES[1] }),
    ] as Parameters<Cache['recordTicks']>[1])
    cache.flush()
    const end = T0 + 10_000
    const all = cache.replayEvents('demo', [7], T0 - 1, end, 5000).events
    for (const stepMs of [100, 250, 1000]) {
      for (const limit of [7, 64, 5000]) {
        const kept: RecordedEvent[] = []
        let folded = 0
        for (let after = T0 - 1; ;) {
          const page = cache.replayEvents('demo', [7], after, end, limit, { stepMs })
          kept.push(...page.events)
          folded += page.folded
          after = page.until
          if (!page.more) break
        }
        expect(kept.length).toBeLessThan(all.length)
        expect(folded).toBe(all.length - kept.length)
        // The board at every step boundary is the unconflated one.
        for (let at = Math.ceil(T0 / stepMs) * stepMs; at <= end; at += stepMs)
          expect(boardAfter(kept.filter((e) => e.at <= at)), `step ${stepMs} limit ${limit} at +${at - T0}`).toEqual(
            boardAfter(all.filter((e) => e.at <= at)),
          )
        // Only ticks are left out, each for a later kept tick of its outcome in the same step.
        const keptKeys = new Set(kept.map(keyOf))
        for (const e of all.filter((e) => !keptKeys.has(keyOf(e)))) {
          expect(e.kind).toBe('tick')
          const window = Math.ceil(e.at / stepMs)
          expect(
            kept.some((k) => k.at > e.at && outcomeKey(k) === outcomeKey(e) && Math.ceil(k.at / stepMs) === window),
          ).toBe(true)
        }
        expect(kept.map(keyOf)).toEqual(all.filter((e) => keptKeys.has(keyOf(e))).map(keyOf))
        expect(kept.some((e) => e.kind === 'tick' && e.resync)).toBe(true)
      }
    }
    // Without a step: every event.
    expect(cache.replayEvents('demo', [7], T0 - 1, end, 5000, { stepMs: 0 })).toMatchObject({ events: all, folded: 0 })
    expect(() => cache.replayEvents('demo', [7], T0 - 1, end, 5000, { stepMs: -5 })).toThrow(
      /stepMs must be an integer/,
    )
  })

  it('pages fast play in whole steps, and crosses a long empty stretch 64 steps a page', () => {
    record()
    const end = T0 + 3_600_000
    const pages = []
    for (let after = T0 - 1; ;) {
      const page = cache.replayEvents('demo', [7], after, end, 5000, { stepMs: 1000 })
      pages.push(page)
      after = page.until
      if (!page.more) break
    }
    // The first step is the part of one up to T0; then 63 whole steps.
    expect(pages[0]).toMatchObject({ until: T0 + 63_000, more: true })
    expect(pages.every((p) => p.until % 1000 === 0)).toBe(true)
    expect(pages).toHaveLength(Math.ceil(3601 / 64))
    // Every step of the recorded 5 s: each outcome's last tick, the header, the override and the alert.
    expect(pages[0]?.events.filter((e) => e.kind === 'tick')).toHaveLength(4 * 5 + 4)
    expect(pages.flatMap((p) => p.events).filter((e) => e.kind !== 'tick')).toHaveLength(4)
  })

  it('reads only the overridden outcomes’ ticks for a seek’s lists, with every header, override and alert', () => {
    record()
    const all = cache.replayEvents('demo', [7], T0 - 1, T0 + 10_000, 5000).events
    const lists = cache.replayEvents('demo', [7], T0 - 1, T0 + 10_000, 5000, { ticks: 'overridden' }).events
    const overridden = all.filter((e) => e.kind !== 'tick' || e.oddKey === 'match_winner#home')
    expect(lists.map(keyOf)).toEqual(overridden.map(keyOf))
    expect(lists.filter((e) => e.kind === 'tick')).toHaveLength(50)
    // A range with no override event in it: no tick at all.
    const later = cache.replayEvents('demo', [7], T0 + 2000, T0 + 10_000, 5000, { ticks: 'overridden' }).events
    expect(later.map((e) => e.kind)).toEqual(['header'])
  })

  it('answers the state at an instant: each outcome’s last tick, the header then, the overrides so far', () => {
    record()
    const [state] = cache.replayState('demo', [7], T0 + 2050)
    expect(state?.outcomes.map((o) => o.ref.oddKey)).toEqual(OUTCOMES)
    expect(state?.outcomes[0]?.recent[0]).toMatchObject({ t: T0 + 2000, price: 2.2 })
    // The last two ticks differ in price: they are the move, nothing older is read.
    expect(state?.outcomes[0]?.recent.map((r) => r.t)).toEqual([T0 + 2000, T0 + 1900])
    // The newest repeats the price before it: eight ticks back, to find the move behind the repeat.
    cache.recordTicks('demo', [tick(T0 + 6000, 3), tick(T0 + 6100, 3)])
    cache.flush()
    const [repeated] = cache.replayState('demo', [7], T0 + 6100)
    expect(repeated?.outcomes[0]?.recent.map((r) => r.t)).toEqual([
      T0 + 6100,
      T0 + 6000,
      ...[...Array(6).keys()].map((i) => T0 + 4900 - i * 100),
    ])
    expect(repeated?.outcomes[1]?.recent).toHaveLength(2)
    expect(state?.header).toMatchObject({ status: 'live', score: null })
    expect(state?.overrides.map((e) => e.oddValue)).toEqual([7.5])
    expect(cache.replayState('demo', [7], T0 + 3000)[0]?.header?.score?.home.current).toBe(1)
    // Before anything was recorded, and for a match never recorded: nothing.
    const before = cache.replayState('demo', [7, 8], T0 - 1)
    expect(before.map((m) => m.outcomes.map((o) => o.recent.length))).toEqual([[0, 0, 0, 0], []])
    expect(before.map((m) => [m.header, m.overrides])).toEqual([
      [null, []],
      [null, []],
    ])
    expect(cache.replayTickCount('demo', [7], T0, T0 + 999)).toBe(40)
  })

  it('keeps the recorded headers across a restart, and retention prunes them with the ticks', () => {
    record()
    cache.close()
    cache = openCache(file)
    const headers = cache.replayEvents('demo', [7], T0 - 1, T0 + 10_000, 5000).events.filter((e) => e.kind === 'header')
    expect(headers.map((e) => e.at)).toEqual([T0 + 1000, T0 + 3000])
    const result = cache.compact(0, T0 + 2500)
    expect(result.headerChangesDeleted).toBe(1)
    expect(cache.replayState('demo', [7], T0 + 2600)[0]?.header).toBeNull()
    expect(cache.replayState('demo', [7], T0 + 3000)[0]?.header?.status).toBe('live')
  })

  it('writes header changes in the tick flush, not on their own', () => {
    cache = openCache(file, { flushIntervalMs: 60_000 })
    cache.recordHeaders('demo', [{ at: T0, patch: header({}), header: header({}) }])
    const other = new Database(file, { readonly: true })
    try {
      const count = () => other.prepare('SELECT count(*) FROM header_change WHERE t = ?').pluck().get(T0)
      expect(count()).toBe(0)
      cache.flush()
      expect(count()).toBe(1)
    } finally {
      other.close()
    }
  })
})
