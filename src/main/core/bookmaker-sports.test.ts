/**
 * Every sport of the bookmaker at once on the real feed: keys in the real keychain (through the
 * core's key service), a simulator standing for the real services whose bookmaker has cricket and
 * hockey. The sports come from the bookmaker record; Discover lists both, one board holds a match
 * of each with prices, and one alert rule hears overrides on both.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { AlertEntry } from '../../shared/alerts'
import type { MatchBoard } from '../../shared/board'
import type { MatchSummary } from '../../shared/discovery'
import type { FeedMode } from '../../shared/keys'
import { startSimulator } from '../../sim'
import type { Core } from './app'
import { alertOnEveryOverride, eventually, invoke, startTestCore } from './test-support'

const running: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close()
})

/** Sets an override on the first outcome of the board's first group; answers the ack. */
async function overrideFirstOutcome(core: Core, board: MatchBoard): Promise<{ ok: boolean }> {
  const group = board.layout.groups[0]
  const market = group?.markets[0]
  return invoke(core, 'overrides:set', {
    matchId: board.header.matchId,
    oddType: group?.oddType,
    oddKey: `${market?.name}#${market?.outcomes[0]?.key}`,
    oddValue: 4.5,
    durationSeconds: 30,
    suspended: false,
  })
}

it('a cricket + hockey bookmaker: both sports in the feed mode, in Discover, on one board and in the alerts', async () => {
  const apiKey = 'two-sport-key-7b1d05'
  const real = await startSimulator({ rate: 100, liveMatches: 2, apiKey, bookmakerSports: ['cricket', 'hockey'] })
  running.push(real)
  const { core } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-sports-')))
  running.push({ close: () => core.stop() })
  const modes: FeedMode[] = []
  core.router.addSink((channel, payload) => {
    if (channel === 'feed:mode') modes.push(payload as FeedMode)
  })

  const { bookmakerId, dataBaseUrl, imageBaseUrl, wsBaseUrl, oddsBaseUrl, oddsWsBaseUrl } = real
  expect(real.sport).toBe('cricket')
  await invoke(core, 'settings:update', {
    ...{ sport: 'cricket', bookmakerId, dataBaseUrl, imageBaseUrl, wsBaseUrl, oddsBaseUrl, oddsWsBaseUrl },
  })
  await invoke(core, 'keys:set', { account: 'data-service', key: apiKey })
  await invoke(core, 'keys:set', { account: 'odds-feed', key: apiKey })

  const mode = await eventually(
    () => invoke<FeedMode>(core, 'feed:mode'),
    (m) => m.sports.length > 1,
  )
  expect(mode).toMatchObject({ mode: 'real', sport: 'cricket', sports: ['cricket', 'hockey'] })
  // The page heard it: Settings and Discover read their sports from the pushed mode.
  expect(modes.at(-1)?.sports).toEqual(['cricket', 'hockey'])

  const state = await invoke<{ activeId: string }>(core, 'watchlists:get')
  for (const sport of mode.sports) {
    const live = await invoke<{ matches: MatchSummary[] }>(core, 'discover:matches', { mode: 'live', sport })
    expect(live.matches.map((m) => m.sport)).toEqual([sport, sport])
    const priced = await invoke<number[]>(core, 'discover:priced', { sport })
    expect(priced).toContain(live.matches[0]?.matchId)
    await invoke(core, 'watchlists:command', { op: 'addMatch', id: state.activeId, match: live.matches[0] })
  }

  const boards = await eventually(
    () => invoke<MatchBoard[]>(core, 'board:get'),
    (all) => all.length === 2 && all.every((b) => b.cells.some((c) => c.price > 1)),
  )
  expect(boards.map((b) => b.header.sport).sort()).toEqual(['cricket', 'hockey'])

  await alertOnEveryOverride(core)
  for (const board of boards) expect(await overrideFirstOutcome(core, board)).toMatchObject({ ok: true })
  const alerts = await eventually(
    () => invoke<{ entries: AlertEntry[] }>(core, 'alerts:list'),
    (list) => list.entries.length === 2,
  )
  expect(alerts.entries.map((a) => a.matchId).sort()).toEqual(boards.map((b) => b.header.matchId).sort())

  // A bookmaker id the feed does not know: its sports are not the desk's any more.
  await invoke(core, 'settings:update', { bookmakerId: '00000000-0000-4000-8000-000000000000' })
  await eventually(
    () => invoke<FeedMode>(core, 'feed:mode'),
    (m) => m.sports.join() === 'cricket',
  )
})
