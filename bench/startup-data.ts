/**
 * The startup bench's data folder: 50 watched matches (the simulator's own live matches and
 * markets) and a 30-day cache of about 10 million ticks for them, made once into the temp folder
 * and reused. The cache file is created by the app's own `openCache` (schema, pragmas) and then
 * filled by a bulk writer: outcomes, then each outcome's ticks in key order in large
 * transactions with syncing off, which is minutes faster than the app's per-flush writer and
 * gives the same rows. Rollups are not written: a first paint does not read them.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openCache } from '../src/main/core/cache'
import { openBulkCache } from './bulk-cache'
import { DEFAULT_SETTINGS } from '../src/shared/settings'
import type { WatchedMatch } from '../src/shared/watchlists'
import { makeOddKey, oddTypeOfMember, type MatchPricesWire } from '../src/shared/wire/odds'
import { liveOddsTargets, startSimProcess, type LiveTarget } from './support'

export const STARTUP_DIR = join(tmpdir(), 'odds-monitor-bench', 'startup-30d')
const DONE = join(STARTUP_DIR, 'complete')
/** Bumped when the folder's layout changes, so a folder made by an older bench is made again. */
const LAYOUT = 2
const DAY_MS = 86_400_000
/** Nowhere: a port no service listens on, so every request and stream is refused. */
export const UNREACHABLE = '127.0.0.1:9'

interface Outcome {
  matchId: number
  oddType: string
  oddKey: string
}

function summary(t: LiveTarget, i: number): Omit<WatchedMatch, 'feed'> {
  return {
    matchId: t.matchId,
    sport: t.sport,
    leagueId: 1,
    leagueName: 'Bench league',
    tournamentName: null,
    home: { id: null, name: `Home ${i + 1}`, hashImage: null },
    away: { id: null, name: `Away ${i + 1}`, hashImage: null },
    startTime: Date.now() - 3_600_000,
    statusType: 'inprogress',
    statusReason: null,
    homeScore: 1,
    awayScore: 0,
  }
}

/** 50 of the simulator's live matches and every outcome of their markets. */
async function simulatorMatches(count: number): Promise<{ targets: LiveTarget[]; outcomes: Outcome[] }> {
  const { child, info } = await startSimProcess(200, Math.ceil(count / 3) + 1)
  try {
    const targets = (await liveOddsTargets(info)).slice(0, count)
    const outcomes: Outcome[] = []
    for (const t of targets) {
      const res = await fetch(`${info.oddsBaseUrl}/bookmaker/${info.bookmakerId}/${t.sport}/${t.matchId}`, {
        headers: { authorization: `Bearer ${info.apiKey}` },
      })
      const prices = (await res.json()) as MatchPricesWire
      for (const [member, markets] of Object.entries(prices.odds))
        for (const m of markets)
          for (const o of m.outcomes)
            outcomes.push({ matchId: t.matchId, oddType: oddTypeOfMember(member), oddKey: makeOddKey(m.name, o.key) })
    }
    return { targets, outcomes }
  } finally {
    child.kill('SIGTERM')
  }
}

/** Every outcome's ticks over the last `days` days, evenly spaced, prices on a bounded walk. */
function bulkWrite(file: string, outcomes: Outcome[], totalTicks: number, days: number): void {
  // The cached history is the real feed's: the unreachable run has keys set, so it is on that feed.
  const { db, feedId, insertOutcome, insertTick } = openBulkCache(file, 'real')
  const perOutcome = Math.ceil(totalTicks / outcomes.length)
  const end = Date.now() - 60_000
  const step = Math.floor((days * DAY_MS) / perOutcome)
  for (const o of outcomes) {
    db.transaction(() => {
      const id = Number(insertOutcome.run(feedId, o.matchId, o.oddType, o.oddKey).lastInsertRowid)
      let price = 1500 + (id % 40) * 50
      for (let i = 0; i < perOutcome; i++) {
        price = Math.min(20_000, Math.max(1010, price + ((i * 7919 + id) % 21) - 10))
        insertTick.run(id, end - (perOutcome - i) * step, price, i % 97 === 0 ? 1 : 0, -3)
      }
    })()
  }
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  // Opened and closed once by the app, as after any clean run (its first open checks every page).
  openCache(file).close()
}

/** The data folder, made if missing: settings, a watchlist of `matches`, the cache. */
export async function ensureStartupData(matches = 50, totalTicks = 10_000_000, days = 30): Promise<string> {
  if (existsSync(DONE) && (JSON.parse(readFileSync(DONE, 'utf8')) as { layout?: number }).layout === LAYOUT)
    return STARTUP_DIR
  rmSync(STARTUP_DIR, { recursive: true, force: true })
  mkdirSync(STARTUP_DIR, { recursive: true })
  const { targets, outcomes } = await simulatorMatches(matches)
  const settings = {
    ...DEFAULT_SETTINGS,
    sport: targets[0]?.sport ?? DEFAULT_SETTINGS.sport,
    bookmakerId: 'bench',
    dataBaseUrl: `http://${UNREACHABLE}/data`,
    wsBaseUrl: `ws://${UNREACHABLE}/data`,
    oddsBaseUrl: `http://${UNREACHABLE}/odds`,
    oddsWsBaseUrl: `ws://${UNREACHABLE}/odds`,
  }
  // Each list shows only the current feed's matches: the unreachable run is on the real feed (keys
  // set), the run with the feed up on the demo feed, so the list holds each match once per feed.
  const matchesOnBothFeeds = (['real', 'demo'] as const).flatMap((feed) =>
    targets.map((t, i) => ({ ...summary(t, i), feed })),
  )
  const watchlists = {
    lists: [{ id: 'bench', name: 'Bench', matches: matchesOnBothFeeds }],
    activeId: 'bench',
  }
  writeFileSync(join(STARTUP_DIR, 'config.json'), JSON.stringify({ settings, watchlists }))
  bulkWrite(join(STARTUP_DIR, 'cache.sqlite'), outcomes, totalTicks, days)
  writeFileSync(
    DONE,
    JSON.stringify({ layout: LAYOUT, matches: targets.length, outcomes: outcomes.length, totalTicks, days }),
  )
  return STARTUP_DIR
}
