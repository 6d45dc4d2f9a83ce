/**
 * The desk replay played at 60× on the real board (`npm run bench -- replay --browser`): a host on
 * a data folder whose cache holds an hour of yesterday recorded for a 50-match desk at 2,000 updates
 * a second (replay-data.ts; the picker offers today and yesterday, so the recording is re-made once
 * a day), the watchlist of those matches, and the app in Chromium. The replay is started through
 * the picker as a trader would (the list, yesterday 13:00–14:00, `--speed`: 60, 10 or 1), and the frames are measured
 * while it plays (page-frames.ts: dropped frames, p95 frame, main-thread busy; the host's CPU), after the idle
 * page's floor. At 60× the hour plays in a minute, so a window up to ~50 s sees it playing.
 */
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'
import { launchHost } from '../e2e/host'
import { DEFAULT_SETTINGS } from '../src/shared/settings'
import type { WatchedMatch } from '../src/shared/watchlists'
import { measureIdle, measureWindow, VIEWPORT } from './page-frames'
import { ensureReplayDesk } from './replay-data'
import { machineLoad, processCpuMs } from './support'

/** The hour of yesterday (local time, as the picker's day and times are) the recording covers. */
const FROM_HOUR = 13

function yesterdayAt(hour: number): number {
  const day = new Date()
  day.setDate(day.getDate() - 1)
  day.setHours(hour, 0, 0, 0)
  return day.getTime()
}

function watched(matchId: number, i: number): WatchedMatch {
  return {
    matchId,
    sport: 'badminton',
    leagueId: 1,
    leagueName: 'Bench league',
    tournamentName: null,
    home: { id: null, name: `Home ${i + 1}`, hashImage: null },
    away: { id: null, name: `Away ${i + 1}`, hashImage: null },
    startTime: yesterdayAt(FROM_HOUR),
    statusType: 'inprogress',
    statusReason: null,
    homeScore: 0,
    awayScore: 0,
    feed: 'demo',
  }
}

export async function playOnPage(
  shape: { matches: number; updatesPerSec: number },
  seconds: number,
  speed: number,
): Promise<void> {
  const start = yesterdayAt(FROM_HOUR)
  const desk = ensureReplayDesk({ ...shape, hours: 1, start, name: 'replay-page' })
  const dataDir = dirname(desk.file)
  // The host's settings are the defaults; its list is the recorded matches, the picker's choice.
  const watchlists = { lists: [{ id: 'bench', name: 'Bench', matches: desk.matchIds.map(watched) }], activeId: 'bench' }
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ settings: DEFAULT_SETTINGS, watchlists }))
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const host = await launchHost({ dataDir, env: { NODE_ENV: 'production' } })
  try {
    const idle = await measureIdle(browser, 5)
    const page = await browser.newPage({ viewport: VIEWPORT })
    await page.goto(host.url)
    await page.getByTestId('replay-open').click()
    const picker = page.getByTestId('replay-picker')
    await picker.getByTestId('replay-list').selectOption('bench')
    await picker.getByTestId('replay-day').selectOption('yesterday')
    await picker.getByTestId('replay-from').fill(`${FROM_HOUR}:00:00`)
    await picker.getByTestId('replay-to').fill(`${FROM_HOUR + 1}:00:00`)
    await picker.getByTestId(`replay-start-speed-${speed}`).click()
    await picker.getByTestId('replay-go').click()
    await page.getByTestId('replay-banner').waitFor()
    await page.locator('[data-testid="price-cell"]').first().waitFor()
    const clockAt = () => page.getByTestId('replay-clock').getAttribute('data-at').then(Number)
    const before = await clockAt()
    const hostBefore = processCpuMs(host.pid)
    const { ticks: _ticks, hops: _hops, ...frames } = await measureWindow(page, seconds)
    const hostCpuMs = processCpuMs(host.pid) - hostBefore
    const after = await clockAt()
    console.log(
      JSON.stringify({
        bench: 'replay',
        browser: true,
        speed,
        matches: desk.matchIds.length,
        updatesPerSec: desk.updatesPerSec,
        idle,
        cells: await page.locator('[data-testid="price-cell"]').count(),
        ...frames,
        /** Recorded time played per second of the window: speed × 1,000 when playback keeps up. */
        playedMsPerSec: Math.round((after - before) / seconds),
        /** The host's CPU over the window, in % of one core: the core reading and sending the events. */
        hostCpuPct: Math.round(hostCpuMs / (seconds * 10)),
        load: machineLoad(),
      }),
    )
    await page.close()
  } finally {
    await host.stop()
    await browser.close()
  }
}
