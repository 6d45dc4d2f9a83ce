/**
 * Issue 11.2, the edges a file or a page reaches: the settings file (corrupt, edited by hand), the
 * cache file (corrupt, another program's database) and bridge input (wrong types, `__proto__`
 * keys, unknown channels). Each is refused with a `refused:<edge>` fault and a log line; the core
 * starts and serves. Real core, real files in a temp folder, real keychain, real demo simulator.
 */
import Database from 'better-sqlite3'
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Problem } from '../../shared/problems'
import { DEFAULT_SETTINGS } from '../../shared/settings'
import type { WatchlistState } from '../../shared/watchlists'
import type { Core } from './app'
import { openCache } from './cache'
import { markCleanClose } from './cache/open-database'
import { damageThreePages, tick } from './cache/test-helpers'
import { faultCount, invoke, startTestCore, TEST_APP } from './test-support'

const running: Core[] = []
afterEach(async () => {
  for (const core of running.splice(0)) await core.stop()
})

async function startIn(dataDir: string) {
  const started = await startTestCore(dataDir, { demo: { rate: 10, liveMatches: 1 } })
  running.push(started.core)
  return started
}

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0)

const faultLines = (logs: string[], kind: string) => logs.filter((l) => l.includes(` fault refused:${kind}:`))

describe('the settings file', () => {
  it.each([
    ['truncated JSON', '{"settings":{"theme":"li'],
    ['not an object', '[1,2,3]'],
    ['a constructor key', '{"settings":{"constructor":{"prototype":{"polluted":true}},"theme":"light"}}'],
    ['a __proto__ key', '{"__proto__":{"polluted":true},"settings":{"theme":"light"}}'],
  ])('with %s is kept aside, and the app starts on defaults', async (_what, text) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-hostile-'))
    writeFileSync(join(dataDir, 'config.json'), text)
    const { core, logs } = await startIn(dataDir)
    expect(await invoke(core, 'settings:get')).toEqual(DEFAULT_SETTINGS)
    expect(faultLines(logs, 'settings-file')).toHaveLength(1)
    expect(await faultCount(core, 'refused:settings-file')).toBe(1)
    const aside = readdirSync(dataDir).filter((f) => f.startsWith('config.json.corrupt-'))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(dataDir, aside[0] as string), 'utf8')).toBe(text)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('edited by hand into wrong types keeps the good fields and counts each refused one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-hostile-'))
    // 1e999 reads as Infinity: a number JSON can carry that no setting accepts.
    const edited = '{"settings":{"theme":"light","conflationMs":"fast","retentionDays":1e999,"language":42}}'
    writeFileSync(join(dataDir, 'config.json'), edited)
    const { core, logs } = await startIn(dataDir)
    expect(await invoke(core, 'settings:get')).toEqual({ ...DEFAULT_SETTINGS, theme: 'light' })
    expect(faultLines(logs, 'settings').map((l) => l.match(/stored setting (\w+)/)?.[1])).toEqual([
      'conflationMs',
      'retentionDays',
      'language',
    ])
  })
})

describe('the watchlists and alert rules in the settings file', () => {
  const match = (matchId: number, home = 'Home') => ({
    matchId,
    sport: 'badminton',
    leagueId: 1,
    leagueName: 'League',
    tournamentName: null,
    home: { id: 1, name: home, hashImage: null },
    away: { id: 2, name: 'Away', hashImage: null },
    startTime: 0,
    statusType: 'live',
    statusReason: null,
    homeScore: 0,
    awayScore: 0,
    feed: 'demo',
  })
  const list = (id: string, name: string, matches: unknown[]) => ({ id, name, matches })
  const listsOf = async (core: Core) =>
    (await invoke<WatchlistState>(core, 'watchlists:get')).lists.map((l) => [l.name, l.matches.map((m) => m.matchId)])
  const keptAside = (dataDir: string) => {
    const kept = readdirSync(dataDir).filter((f) => f.startsWith('config.json.refused-'))
    expect(kept).toHaveLength(1)
    return JSON.parse(readFileSync(join(dataDir, kept[0] as string), 'utf8')) as {
      entries: Array<{ where: string; problem: string; value: unknown }>
    }
  }

  it('leave out a watched match with a bad field alone, keeping it aside, and every other list and match', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-hostile-'))
    const bad = { ...match(3), homeScore: 'two' }
    const stored = {
      watchlists: {
        lists: [list('a', 'Evening', [match(1), bad, match(2)]), list('b', 'Weekend', [match(4)])],
        activeId: 'b',
      },
    }
    writeFileSync(join(dataDir, 'config.json'), JSON.stringify(stored))
    const { core, logs } = await startIn(dataDir)
    expect(await listsOf(core)).toEqual([
      ['Evening', [1, 2]],
      ['Weekend', [4]],
    ])
    expect((await invoke<WatchlistState>(core, 'watchlists:get')).activeId).toBe('b')
    expect(keptAside(dataDir).entries).toEqual([
      { where: 'watchlists.lists[0].matches[1]', problem: expect.stringContaining('homeScore'), value: bad },
    ])
    expect(faultLines(logs, 'settings-entry')).toHaveLength(1)
    const [problem] = await invoke<Problem[]>(core, 'problems:get')
    expect(problem?.id).toBe('settings-entries-refused')
    expect(problem?.happened).toContain('watchlists.lists[0].matches[1]')
    // What the next start reads is the rest, not an empty "My matches".
    await core.stop()
    running.splice(running.indexOf(core), 1)
    expect(await listsOf((await startIn(dataDir)).core)).toEqual([
      ['Evening', [1, 2]],
      ['Weekend', [4]],
    ])
  })

  it('leave out a list whose name is one character too long, keeping it aside with its matches', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-hostile-'))
    const tooLong = list('b', 'x'.repeat(61), [match(4), match(5)])
    const stored = { watchlists: { lists: [list('a', 'Evening', [match(1)]), tooLong], activeId: 'b' } }
    writeFileSync(join(dataDir, 'config.json'), JSON.stringify(stored))
    const { core } = await startIn(dataDir)
    expect(await listsOf(core)).toEqual([['Evening', [1]]])
    expect((await invoke<WatchlistState>(core, 'watchlists:get')).activeId).toBe('a')
    expect(keptAside(dataDir).entries).toEqual([
      { where: 'watchlists.lists[1]', problem: expect.stringContaining('name'), value: tooLong },
    ])
  })

  it('leave out a bad alert rule alone and keep it aside', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-hostile-'))
    const badRule = { id: 'r1', name: 'broken', kind: 'no-such-kind' }
    writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ alertRules: [badRule], settings: { theme: 'light' } }))
    const { core } = await startIn(dataDir)
    expect(await invoke(core, 'rules:list')).toEqual([])
    expect((await invoke<{ theme: string }>(core, 'settings:get')).theme).toBe('light')
    expect(keptAside(dataDir).entries.map((e) => [e.where, e.value])).toEqual([['alertRules[0]', badRule]])
  })

  it('are read through a UTF-8 byte order mark', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-hostile-'))
    const stored = {
      settings: { theme: 'light' },
      watchlists: { lists: [list('a', 'Evening', [match(1)])], activeId: 'a' },
    }
    writeFileSync(join(dataDir, 'config.json'), `\uFEFF${JSON.stringify(stored)}`)
    const { core } = await startIn(dataDir)
    expect(await listsOf(core)).toEqual([['Evening', [1]]])
    expect((await invoke<{ theme: string }>(core, 'settings:get')).theme).toBe('light')
    expect(readdirSync(dataDir).filter((f) => f.startsWith('config.json.'))).toEqual([])
    expect(await invoke(core, 'problems:get')).toEqual([])
  })
})

describe('the cache file', () => {
  it("that is another program's SQLite database is kept aside and the core starts fresh", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-hostile-'))
    const foreign = new Database(join(dataDir, 'cache.sqlite'))
    foreign.exec("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('someone')")
    foreign.close()
    const { core, logs } = await startIn(dataDir)
    expect(core.cache.setAside?.problem).toBe('foreign')
    expect(faultLines(logs, 'cache-file')).toHaveLength(1)
    expect(await faultCount(core, 'refused:cache-file')).toBe(1)
    expect(existsSync(core.cache.setAside?.movedTo ?? '')).toBe(true)
  })

  it('that is not a database at all is kept aside and the core starts fresh', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-hostile-'))
    writeFileSync(join(dataDir, 'cache.sqlite'), 'SQLite format 3\0 but then garbage'.repeat(100))
    const { core, logs } = await startIn(dataDir)
    expect(core.cache.setAside?.problem).toBe('corrupt')
    expect(faultLines(logs, 'cache-file')).toHaveLength(1)
  })
})

describe('a cache file with damaged pages the start did not notice (issue 25.9)', () => {
  it('answers the history read that meets them, salvages the rest into a new file and says so with counts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-hostile-'))
    const file = join(dataDir, 'cache.sqlite')
    const recorded = openCache(file)
    for (let n = 0; n < 30; n++)
      recorded.recordTicks(
        'demo',
        Array.from({ length: 2000 }, (_, i) => tick(T0 + i * 1000, 1.5 + (i % 7) / 10, { oddKey: `m#o${n}` })),
      )
    recorded.close()
    damageThreePages(file)
    markCleanClose(file) // size and time as the app closed it: the start trusts the file
    const { core, logs } = await startIn(dataDir)
    expect(core.cache.setAside).toBeNull()

    const series = await core.router.dispatch('history:series', { matchId: 7, from: T0, to: T0 + 2e6 }, TEST_APP)
    expect(series.ok).toBe(true)
    expect(faultLines(logs, 'cache-file')).toHaveLength(1)
    const banner = (await invoke<Problem[]>(core, 'problems:get')).find((p) => p.id === 'cache-set-aside')
    expect(banner?.happened).toMatch(/A new cache was started: [\d,]+ prices and \d+ other records could still be read/)
    expect(banner?.happened).toMatch(/[\d,]+ damaged parts .* could not be read/)
  })
})

describe('bridge input', () => {
  it('refuses wrong types, __proto__ keys and unknown channels with a count; the core keeps serving', async () => {
    const { core, logs } = await startIn(mkdtempSync(join(tmpdir(), 'odds-hostile-')))
    const hostile: Array<[string, unknown]> = [
      ['settings:update', JSON.parse('{"__proto__":{"polluted":true},"theme":"light"}')],
      ['settings:update', { constructor: { prototype: { polluted: true } } }],
      ['settings:update', { conflationMs: Number.NaN }],
      ['settings:update', { conflationMs: Number.POSITIVE_INFINITY }],
      ['settings:update', { oddsBaseUrl: 'javascript:alert(1)' }],
      [
        'overrides:set',
        { matchId: 1, oddType: 'full-time', oddKey: 'm#a', oddValue: 1, durationSeconds: 5, suspended: false },
      ],
      ['watchlists:command', { op: 'rename', id: 'x', name: 'y'.repeat(100_000) }],
      ['__proto__', {}],
      ['no:such-channel', {}],
    ]
    for (const [channel, input] of hostile) {
      const result = await core.router.dispatch(channel, input, TEST_APP)
      expect(result.ok, `${channel} ${JSON.stringify(input)?.slice(0, 80)}`).toBe(false)
    }
    expect(faultLines(logs, 'bridge')).toHaveLength(hostile.length)
    expect(await faultCount(core, 'refused:bridge')).toBe(hostile.length)
    expect(await invoke(core, 'settings:get')).toEqual(DEFAULT_SETTINGS)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
