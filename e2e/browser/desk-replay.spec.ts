/**
 * Desk replay against the real headless host, its demo simulator and its cache: two minutes of a
 * 10-match desk are recorded for real (replay runs on receive times, so no faster simulator would
 * shorten them honestly), with an override set and a price alert fired in it. The
 * range is replayed at 10× on the board: the override alert, the price alert and a score change
 * appear when the replayed clock reaches their recorded times, never before; seeking back takes
 * them away and seeking forward brings them back; Review's chart carries the playhead and a click
 * on it seeks; the grid view draws the replayed board too; leaving the replay brings the live desk
 * back whole.
 */
import { expect, test } from '../fixtures'
import { mkdirSync } from 'node:fs'
import { notifyOnMovesOf, setOverrideOn, watchLiveMatches, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'
import { clockTime } from '../replay'
import type { Page } from '../fixtures'

const SCREENS = 'test-results/screens'
/** Two minutes of trading, as the issue asks. */
const RECORD_MS = 120_000

/** The DOM this spec reads in the page (the Node-side types have no DOM). */
interface DomScope {
  document: {
    querySelector(selector: string): { getAttribute(name: string): string | null } | null
    querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>
  }
  requestAnimationFrame(callback: () => void): number
}

let host: HostProcess

test.beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true })
  // Ten live badminton matches: their points move the score every few seconds.
  host = await launchHost({ args: ['--sim-live-matches', '10'] })
})
test.afterAll(async () => {
  await host.stop()
})

/**
 * The replayed clock at the first animation frame of a replay on which `selector` matches an
 * element whose text is `text` (any text when none is given). Watching every frame from before the replay opens, so the
 * answer is the very frame it appeared on.
 */
function clockWhenShown(page: Page, selector: string, text = ''): Promise<number> {
  return page.evaluate(
    ({ selector, text }) =>
      new Promise<number>((resolve) => {
        const scope = globalThis as unknown as DomScope
        const look = () => {
          const clockAt = scope.document.querySelector('[data-testid="replay-clock"]')?.getAttribute('data-at')
          if (clockAt === undefined || clockAt === null) return void scope.requestAnimationFrame(look)
          const clock = Number(clockAt)
          const shown = Array.from(scope.document.querySelectorAll(selector)).some(
            (el) => text === '' || el.textContent === text,
          )
          if (shown) resolve(clock)
          else scope.requestAnimationFrame(look)
        }
        look()
      }),
    { selector, text },
  )
}

/** Every replayed clock the banner shows, one look per animation frame, until `stop` (read with `clocksSeen`). */
const RECORD_CLOCKS = `(() => {
  const seen = new Set()
  globalThis.__clocksSeen = { seen, running: true }
  const look = () => {
    const at = document.querySelector('[data-testid="replay-clock"]')?.getAttribute('data-at')
    if (at) seen.add(Number(at))
    if (globalThis.__clocksSeen.running) requestAnimationFrame(look)
  }
  look()
})()`
const clocksSeen = (page: Page) =>
  page.evaluate(() => {
    const record = (globalThis as unknown as { __clocksSeen: { seen: Set<number>; running: boolean } }).__clocksSeen
    record.running = false
    return [...record.seen]
  })

/** The first recorded score change of the range: its time, match, and the score it shows. */
function firstScoreChange(page: Page, matchIds: number[], from: number, to: number) {
  return page.evaluate(
    async ({ matchIds, from, to }) => {
      const api = (globalThis as unknown as PageScope).oddsMonitor
      type Side = { current: number | null; periods: (number | null)[] }
      // The score as a card shows it: games, then the points of each period (`1–0 (21:15 3:5)`).
      const words = (score: { home: Side; away: Side } | null) => {
        if (!score) return null
        const periods = score.home.periods.map((p, i) => `${p ?? '-'}:${score.away.periods[i] ?? '-'}`).join(' ')
        return `${score.home.current ?? 0}–${score.away.current ?? 0}${periods ? ` (${periods})` : ''}`
      }
      const start = await api.invoke('replay:stateAt', { matchIds, at: from })
      if (!start.ok) throw new Error(start.error.message)
      const shown = new Map(start.value.map((b) => [b.header.matchId, words(b.header.score)]))
      for (let after = from; ;) {
        const page = await api.invoke('replay:events', { matchIds, after, to })
        if (!page.ok) throw new Error(page.error.message)
        for (const event of page.value.events) {
          if (event.kind !== 'header' || event.header.score === undefined) continue
          const { matchId } = event.header
          const before = shown.get(matchId) ?? null
          const now = words(event.header.score)
          shown.set(matchId, now)
          if (before !== null && now !== null && now !== before) return { at: event.at, matchId, before, now }
        }
        if (!page.value.more) return null
        after = page.value.until
      }
    },
    { matchIds, from, to },
  )
}

const markAt = async (page: Page, kind: 'override' | 'alert') =>
  Number(await page.locator(`[data-testid="replay-mark"][data-kind="${kind}"]`).first().getAttribute('data-at'))
const replayClock = async (page: Page) => Number(await page.getByTestId('replay-clock').getAttribute('data-at'))

/** Clicks the timeline at `share` (0–1) of its width: a seek there. */
async function clickTimeline(page: Page, share: number): Promise<void> {
  const box = await page.getByTestId('replay-timeline').boundingBox()
  if (!box) throw new Error('the timeline has no box')
  await page.mouse.click(box.x + box.width * share, box.y + box.height / 2)
}

test('a recorded desk replays at 10× with its override, alert and score change at their moments', async ({ page }) => {
  // Two minutes of recording, then a replay of about twelve seconds.
  test.setTimeout(6 * 60_000)
  await page.goto(host.url)
  const matchIds = await watchLiveMatches(page, 10)
  expect(matchIds).toHaveLength(10)
  const started = Date.now()
  await expect(page.getByTestId('match-card')).toHaveCount(10)

  // The trader's own override, a little into the session.
  const cell = page.locator('[data-testid="match-card"] [data-testid="price-cell"][data-outcome]').first()
  const outcome = (await cell.getAttribute('data-outcome')) ?? ''
  await page.waitForTimeout(20_000)
  const set = await setOverrideOn(page, outcome, 3.33)
  expect(set.ok).toBe(true)
  await expect(page.getByTestId('override-alert').first()).toBeVisible()

  // A price alert rule on one match: its first move fires it, then it holds back ten minutes.
  await page.waitForTimeout(20_000)
  await notifyOnMovesOf(page, matchIds[1] ?? 0, 600)
  await expect
    .poll(
      async () => {
        const list = await page.evaluate(() => (globalThis as unknown as PageScope).oddsMonitor.invoke('alerts:list'))
        return list.ok ? list.value.entries.length : 0
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0)

  // The rest of the two minutes.
  await page.waitForTimeout(Math.max(0, started + RECORD_MS - Date.now()))
  const liveOverrides = await page.getByTestId('override-alert').count()

  // What to look for: the range (whole seconds, as the picker's fields take it) and its first score change.
  const from = Math.ceil((started + 5000) / 1000) * 1000
  const to = Math.floor(Date.now() / 1000) * 1000
  const score = await firstScoreChange(page, matchIds, from, to)
  if (!score) throw new Error('no score changed in the two recorded minutes')
  const scoreSelector = `[data-testid="match-card"][data-match="${score.matchId}"] [data-testid="match-score"]`
  // Watched from the replay's first frame on.
  const shownOverride = clockWhenShown(page, '[data-testid="override-alert"]')
  const shownAlert = clockWhenShown(page, '[data-testid="replay-alert"]')
  const shownScore = clockWhenShown(page, scoreSelector, score.now)
  await page.evaluate(RECORD_CLOCKS)

  // Replay the session: today, from a few seconds after the desk was watched to now.
  await page.getByTestId('replay-open').click()
  const picker = page.getByTestId('replay-picker')
  await expect(picker).toBeVisible()
  // A range backwards is an error in words, and nothing starts.
  await picker.getByTestId('replay-from').fill(clockTime(to))
  await picker.getByTestId('replay-to').fill(clockTime(from))
  await picker.getByTestId('replay-go').click()
  await expect(picker.getByTestId('replay-picker-error')).toHaveText('The end must be after the start')
  await expect(page.getByTestId('replay-banner')).toHaveCount(0)
  await picker.getByTestId('replay-from').fill(clockTime(from))
  await picker.getByTestId('replay-to').fill(clockTime(to))
  await expect(picker.getByTestId('replay-start-speed-10')).toHaveClass(/on/)
  await picker.getByTestId('replay-go').click()
  await expect(page.getByTestId('replay-banner')).toBeVisible()
  await expect(page.getByTestId('app-shell')).toHaveAttribute('data-mode', 'replay')
  await expect(page.getByTestId('replay-timeline')).toHaveAttribute('aria-valuemin', String(from))
  await expect(page.locator('[data-testid="replay-mark"][data-kind="override"]').first()).toBeAttached()

  // Each appears on the frame the replayed clock reaches its recorded time, not before.
  const [overrideAt, alertAt] = [await markAt(page, 'override'), await markAt(page, 'alert')]
  expect(await shownOverride).toBeGreaterThanOrEqual(overrideAt)
  expect(await shownAlert).toBeGreaterThanOrEqual(alertAt)
  expect(await shownScore).toBeGreaterThanOrEqual(score.at)
  // The live override alerts (there were some) did not mix in: the first one shown was the replayed override's.
  expect(liveOverrides).toBeGreaterThan(0)
  await expect(page.getByTestId('replay-play')).toHaveText(/Again/, { timeout: 30_000 })
  // At 10× the board is redrawn once a step (a second of the recording, 100 ms of wall time), at the
  // step's boundary: the range's ends are whole seconds, so every instant shown is one.
  const clocks = await clocksSeen(page)
  expect(clocks.length).toBeGreaterThan(10)
  expect(clocks.filter((at) => at % 1000 !== 0)).toEqual([])
  await page.screenshot({ path: `${SCREENS}/replay-1440.png` })

  // Seek back to the start (the timeline's Home key): the override, the alert and the new score are gone.
  await page.getByTestId('replay-timeline').press('Home')
  await expect.poll(() => replayClock(page)).toBe(from)
  await expect(page.getByTestId('override-alert')).toHaveCount(0)
  await expect(page.getByTestId('replay-alert')).toHaveCount(0)
  await expect(page.locator(scoreSelector)).toHaveText(score.before)

  // Mark by mark up to the later of the two, each to the millisecond: the first override alert and the
  // price alert show from their own instant on, never at a mark before it.
  const marks = [
    ...new Set(
      await page.getByTestId('replay-mark').evaluateAll((all) => all.map((m) => Number(m.getAttribute('data-at')))),
    ),
  ].sort((a, b) => a - b)
  for (const at of marks.filter((at) => at <= Math.max(overrideAt, alertAt))) {
    await page.getByTestId('replay-next-mark').click()
    await expect.poll(() => replayClock(page)).toBe(at)
    const shown = async (testId: string) => Math.min(1, await page.getByTestId(testId).count())
    await expect.poll(() => shown('override-alert')).toBe(at >= overrideAt ? 1 : 0)
    await expect.poll(() => shown('replay-alert')).toBe(at >= alertAt ? 1 : 0)
  }
  // Forward to the end brings all back.
  await clickTimeline(page, 0.995)
  await expect.poll(() => replayClock(page)).toBeGreaterThan(Math.max(overrideAt, alertAt, score.at))
  await expect(page.getByTestId('override-alert').first()).toBeVisible()
  await expect(page.getByTestId('replay-alert').first()).toBeVisible()
  await page.setViewportSize({ width: 1024, height: 640 })
  await page.screenshot({ path: `${SCREENS}/replay-1024.png` })
  await page.setViewportSize({ width: 1440, height: 900 })

  // The grid view draws the same replayed board: a row per replayed match.
  await page.getByTestId('board-mode-grid').click()
  await expect(page.getByTestId('grid-row')).toHaveCount(10)
  await page.screenshot({ path: `${SCREENS}/replay-grid.png` })
  await page.getByTestId('board-mode-cards').click()

  // Review: the chart's playhead stands at the replayed clock; a click on the chart seeks there.
  await page.getByTestId('nav-review').click()
  await page.getByTestId('review-match').selectOption(String(score.matchId))
  const chart = page.getByTestId('review-chart')
  await expect(chart.getByTestId('chart-playhead')).toBeVisible()
  const plot = await chart.locator('.u-over').boundingBox()
  if (!plot) throw new Error('the chart has no plot area')
  const before = await replayClock(page)
  await page.mouse.click(plot.x + plot.width * 0.5, plot.y + plot.height / 2)
  await expect.poll(() => replayClock(page)).toBeLessThan(before)
  await expect(chart.getByTestId('chart-playhead')).toHaveAttribute('data-at', String(await replayClock(page)))
  await page.screenshot({ path: `${SCREENS}/replay-review.png` })

  // Leaving the replay brings the live desk back: the live override alerts, the live frame.
  await page.getByTestId('replay-exit').click()
  await expect(page.getByTestId('replay-banner')).toHaveCount(0)
  await expect(page.getByTestId('app-shell')).toHaveAttribute('data-mode', 'live')
  await page.getByTestId('nav-board').click()
  await expect.poll(() => page.getByTestId('override-alert').count()).toBeGreaterThanOrEqual(liveOverrides)
  await expect(page.getByTestId('match-card')).toHaveCount(10)
})
