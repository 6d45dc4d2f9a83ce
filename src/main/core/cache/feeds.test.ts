/**
 * The demo and the real feed number their matches independently: match 7 on one is not match 7 on
 * the other. Every recorded thing (prices, overrides, alerts, labels) is kept per feed, on a real
 * SQLite file, and rows from before feeds were told apart stay readable as the demo feed's.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openCache, type Cache } from './index'
import { feedScoped } from './feed-scoped'
import { MIGRATIONS } from './schema'
import { overrideEvent, tempDir, tick } from './test-helpers'

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0)

let tmp: ReturnType<typeof tempDir>
let file: string
let cache: Cache | null = null
beforeEach(() => {
  tmp = tempDir()
  file = path.join(tmp.dir, 'cache.sqlite')
})
afterEach(() => {
  cache?.close()
  cache = null
  tmp.remove()
})

const teams = (home: string) => ({ teams: { home, away: 'Away' }, layout: null })

/** What every reader of one match shows on one feed. */
function seenOn(c: Cache, feed: string) {
  const view = feedScoped(c, () => feed)
  let csv = ''
  view.exportCsv(7, 0, T0 + 1000, { match: 'm', outcome: () => ({ market: 'M', outcome: 'O' }) }, (chunk) => {
    csv += chunk
  })
  return {
    latest: view.latestPrices(7).map((t) => t.price),
    ticks: view.ticks(7, 0, T0 + 1000, { limit: 100 }).map((t) => t.price),
    history: view.history(7, 'all', 0, T0 + 1000, 100).map((h) => h.tickCount),
    outcomes: view.outcomes(7).map((o) => o.oddKey),
    tape: view.recentChanges([7], 0, 100).map((c) => c.price),
    overrides: view.overrideEvents(7).map((e) => e.oddValue),
    recentOverrides: view.recentOverrideEvents(10).map((e) => e.oddValue),
    alerts: view.alerts().map((a) => a.id),
    recentAlerts: view.recentAlerts(10).map((a) => a.id),
    teams: view.labels(7)?.teams?.home ?? null,
    csvLines: csv.trim().split('\r\n').length - 1,
  }
}

describe('the cache keeps each feed apart', () => {
  it('serves match 7 of the demo feed and match 7 of the real feed each only their own data, also after a reopen', () => {
    cache = openCache(file)
    const demo = feedScoped(cache, () => 'demo')
    const real = feedScoped(cache, () => 'real')
    demo.recordTicks([tick(T0, 2.1), tick(T0 + 10, 2.2)])
    real.recordTicks([tick(T0 + 1, 5.1), tick(T0 + 11, 5.2), tick(T0 + 21, 5.3)])
    demo.recordOverrideEvents([overrideEvent(T0 + 5, { oddValue: 2.9 })])
    real.recordOverrideEvents([overrideEvent(T0 + 6, { oddValue: 6.9 })])
    demo.recordAlerts([{ id: 'demo-alert', ruleId: 'r', matchId: 7, createdAt: T0 }])
    real.recordAlerts([{ id: 'real-alert', ruleId: 'r', matchId: 7, createdAt: T0 }])
    demo.putLabels(7, teams('Demo Home'))
    real.putLabels(7, teams('Real Home'))

    const expected = {
      demo: {
        latest: [2.2],
        ticks: [2.1, 2.2],
        history: [2],
        outcomes: ['match_winner#home'],
        tape: [2.2],
        overrides: [2.9],
        recentOverrides: [2.9],
        alerts: ['demo-alert'],
        recentAlerts: ['demo-alert'],
        teams: 'Demo Home',
        csvLines: 2,
      },
      real: {
        latest: [5.3],
        ticks: [5.1, 5.2, 5.3],
        history: [3],
        outcomes: ['match_winner#home'],
        tape: [5.2, 5.3],
        overrides: [6.9],
        recentOverrides: [6.9],
        alerts: ['real-alert'],
        recentAlerts: ['real-alert'],
        teams: 'Real Home',
        csvLines: 3,
      },
    }
    expect(seenOn(cache, 'demo')).toEqual(expected.demo)
    expect(seenOn(cache, 'real')).toEqual(expected.real)
    cache.close()
    cache = openCache(file)
    expect(seenOn(cache, 'demo')).toEqual(expected.demo)
    expect(seenOn(cache, 'real')).toEqual(expected.real)
  })

  it('keeps every row of a version-4 file, readable as the demo feed and not the real one', () => {
    const v4 = new Database(file)
    for (const sql of MIGRATIONS.slice(0, 4)) v4.exec(sql)
    v4.pragma('user_version = 4')
    v4.prepare(
      "INSERT INTO outcome (id, match_id, odd_type, odd_key) VALUES (1, 7, 'full-time', 'match_winner#home')",
    ).run()
    const insertTick = v4.prepare('INSERT INTO tick VALUES (1, ?, 0, ?, 0, -15)')
    v4.transaction(() => {
      for (let i = 0; i < 1000; i++) insertTick.run(T0 - 1000 + i, 2000 + i)
    })()
    v4.prepare(
      `INSERT INTO override_event (match_id, odd_type, odd_key, action, odd_value, previous_value, suspended,
        duration_seconds, set_at, expires_at, server_ts, received_ts)
        VALUES (7, 'full-time', 'match_winner#home', 'set', 3.5, NULL, 0, 60, ?, ?, ?, ?)`,
    ).run(T0, T0 + 60_000, T0, T0)
    v4.prepare("INSERT INTO alert VALUES ('old-alert', 'r', 7, ?, ?)").run(
      T0,
      JSON.stringify({ id: 'old-alert', ruleId: 'r', matchId: 7, createdAt: T0 }),
    )
    v4.prepare('INSERT INTO match_labels VALUES (7, ?, ?)').run(T0, JSON.stringify(teams('Old Home')))
    v4.close()

    cache = openCache(file)
    const old = seenOn(cache, 'demo')
    expect(old.ticks).toHaveLength(100) // one page of the tick table
    expect(old).toMatchObject({
      latest: [2.999],
      history: [1000],
      overrides: [3.5],
      alerts: ['old-alert'],
      teams: 'Old Home',
      csvLines: 1000,
    })
    expect(seenOn(cache, 'real')).toMatchObject({
      latest: [],
      history: [],
      overrides: [],
      alerts: [],
      teams: null,
      csvLines: 0,
    })
    // A new tick of match 7 on the real feed is another outcome; the demo's 1000 ticks are untouched.
    feedScoped(cache, () => 'real').recordTicks([tick(T0 + 1, 9)])
    expect(seenOn(cache, 'real').latest).toEqual([9])
    expect(seenOn(cache, 'demo').history).toEqual([1000])
  })
})
