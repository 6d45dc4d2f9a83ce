/**
 * The desk replay's controls against the real headless host, its demo simulator and its cache, on
 * half a minute of a recorded desk with an override and a price alert in it: the frame and banner
 * say REPLAY; pause stops the replayed clock and everything timed by it (the override's countdowns);
 * Step plays exactly the next recorded event; dragging the timeline seeks where it is let go; the
 * jumps land on the marks; the tape never shows what comes after the playhead; Review's playhead
 * moves with the replay; and the live feed records on underneath the whole time. A replay's long
 * price-alert list mounts only the rows in sight, and its oldest and newest stay within reach.
 * (desk-replay.spec.ts plays two minutes at 10× for the moments themselves.)
 */
import { expect, test, type Page } from '../fixtures'
import { notifyOnMovesOf, setOverrideOn, watchLiveMatches, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'
import { formatAge, formatCountdown } from '../../src/renderer/src/lib/format'
import { clockTime, openReplay } from '../replay'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost({ args: ['--sim-live-matches', '4'] })
})
test.afterAll(async () => {
  await host.stop()
})

const clockAt = async (page: Page) => Number(await page.getByTestId('replay-clock').getAttribute('data-at'))

/** The instants of the next recorded events after `after` (a feed message's ticks share one), in order. */
function instantsAfter(page: Page, matchIds: number[], after: number, to: number) {
  return page.evaluate(
    async ({ matchIds, after, to }) => {
      const api = (globalThis as unknown as PageScope).oddsMonitor
      const page = await api.invoke('replay:events', { matchIds, after, to, limit: 500 })
      if (!page.ok) throw new Error(page.error.message)
      return [...new Set(page.value.events.map((e) => e.at))]
    },
    { matchIds, after, to },
  )
}

/** How many ticks of `matchId` the cache holds received within `[from, to]`. */
function ticksBetween(page: Page, matchId: number, from: number, to: number): Promise<number> {
  return page.evaluate(
    async ({ matchId, from, to }) => {
      const api = (globalThis as unknown as PageScope).oddsMonitor
      const ticks = await api.invoke('history:ticks', { matchId, from, to, limit: 1 })
      if (!ticks.ok) throw new Error(ticks.error.message)
      return ticks.value.total
    },
    { matchId, from, to },
  )
}

/** What a countdown element carries, read in the page. */
interface Countdown {
  until: number
  label: string
}

/** The DOM `countdownsEveryFrame` reads in the page (the Node-side types have no DOM). */
interface FrameScope {
  document: {
    querySelector(selector: string): { getAttribute(name: string): string | null } | null
    querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>
  }
  getComputedStyle(element: unknown): { visibility: string }
  performance: { now(): number }
  requestAnimationFrame(callback: () => void): number
}

/**
 * At every animation frame for `ms`: the replayed clock, every override countdown on the page and
 * how many price ages show, read together.
 */
function countdownsEveryFrame(page: Page, ms: number) {
  return page.evaluate(
    (ms) =>
      new Promise<{ at: number; countdowns: Countdown[]; agesShown: number }[]>((resolve) => {
        const scope = globalThis as unknown as FrameScope
        const frames: { at: number; countdowns: Countdown[]; agesShown: number }[] = []
        const end = scope.performance.now() + ms
        const read = () => {
          const at = Number(scope.document.querySelector('[data-testid="replay-clock"]')?.getAttribute('data-at'))
          const countdowns = Array.from(scope.document.querySelectorAll('[data-until]'), (el) => ({
            until: Number(el.getAttribute('data-until')),
            label: el.getAttribute('data-label') ?? '',
          }))
          const ages = Array.from(scope.document.querySelectorAll('.cell-age'))
          const agesShown = ages.filter((el) => scope.getComputedStyle(el).visibility !== 'hidden').length
          frames.push({ at, countdowns, agesShown })
          if (scope.performance.now() < end) scope.requestAnimationFrame(read)
          else resolve(frames)
        }
        scope.requestAnimationFrame(read)
      }),
    ms,
  )
}

/** What a countdown to `until` reads at the replayed instant `at` (the cell's bare, the alert's worded). */
const countdownAt = (until: number, at: number) =>
  until <= at ? /^(expired|0:00)$/ : new RegExp(`^(expires in )?${formatCountdown(until - at)}$`)

test('pause, step, drag, jumps, tape and playhead follow the replayed clock; live records on underneath', async ({
  page,
}) => {
  test.setTimeout(3 * 60_000)
  await page.goto(host.url)
  const matchIds = await watchLiveMatches(page, 4)
  const started = Date.now()
  await expect(page.getByTestId('match-card')).toHaveCount(4)
  const shell = page.getByTestId('app-shell')
  await expect(shell).toHaveAttribute('data-mode', 'live')
  const liveFrame = await shell.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).boxShadow)

  // Half a minute of trading, an override and a price alert in it.
  const cell = page.locator('[data-testid="match-card"] [data-testid="price-cell"][data-outcome]').first()
  const outcome = (await cell.getAttribute('data-outcome')) ?? ''
  await page.waitForTimeout(8_000)
  expect((await setOverrideOn(page, outcome, 3.33)).ok).toBe(true)
  await page.waitForTimeout(4_000)
  await notifyOnMovesOf(page, matchIds[1] ?? 0, 600)
  await page.waitForTimeout(Math.max(0, started + 30_000 - Date.now()))
  const from = Math.ceil((started + 3000) / 1000) * 1000
  const to = Math.floor(Date.now() / 1000) * 1000

  // Replay it at 1×: the frame and the banner say so.
  const opened = Date.now()
  await openReplay(page, from, to, 1)
  const banner = page.getByTestId('replay-banner')
  await expect(banner).toBeVisible()
  await expect(banner).toContainText('Replay')
  await expect(shell).toHaveAttribute('data-mode', 'replay')
  const replayFrame = await shell.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).boxShadow)
  expect(replayFrame).not.toBe(liveFrame)
  expect(replayFrame).toMatch(/inset/)
  await expect(page.locator('[data-testid="replay-mark"][data-kind="override"]')).toHaveCount(1)
  await expect(page.locator('[data-testid="replay-mark"][data-kind="alert"]').first()).toBeAttached()
  const overrideAt = Number(
    await page.locator('[data-testid="replay-mark"][data-kind="override"]').getAttribute('data-at'),
  )
  await expect.poll(() => clockAt(page)).toBeGreaterThan(from)

  // Paused, the next mark is the override: the clock stands there, and the countdowns with it.
  const play = page.getByTestId('replay-play')
  await play.click()
  await expect(play).toHaveAttribute('data-playing', 'false')
  await page.getByTestId('replay-next-mark').click()
  await expect.poll(() => clockAt(page)).toBe(overrideAt)
  const cellCountdown = page.locator(`[data-outcome="${outcome}"] [data-testid="cell-override"] [data-until]`)
  const alertCountdown = page.getByTestId('override-countdown').first()
  await expect(cellCountdown).toHaveAttribute('data-label', '2:00')
  await expect(alertCountdown).toHaveAttribute('data-label', 'expires in 2:00')
  // Longer than the labels' one-second timer: a wall-clock countdown would have moved.
  await page.waitForTimeout(2_500)
  expect(await clockAt(page)).toBe(overrideAt)
  await expect(cellCountdown).toHaveAttribute('data-label', '2:00')
  await expect(alertCountdown).toHaveAttribute('data-label', 'expires in 2:00')
  // A replayed price offers no override: its hover says what it is, and a click opens no editor.
  const replayedCell = page.locator(`[data-testid="match-card"] [data-outcome="${outcome}"]`)
  await expect(replayedCell).toHaveAttribute('title', /replayed price/)
  await expect(replayedCell).not.toHaveAttribute('title', /edit override/)
  await replayedCell.click()
  await expect(page.getByTestId('override-editor')).toHaveCount(0)

  // Step: exactly the next recorded instant, then the one after; the tape shows nothing later than the clock.
  const [next = 0, after = 0] = await instantsAfter(page, matchIds, overrideAt, to)
  expect(after).toBeGreaterThan(next)
  await page.getByTestId('replay-step').click()
  await expect.poll(() => clockAt(page)).toBe(next)
  await page.getByTestId('replay-step').click()
  await expect.poll(() => clockAt(page)).toBe(after)
  await expect(play).toHaveAttribute('data-playing', 'false')
  const newestTape = await page.getByTestId('tape-row').first().locator('span').first().textContent()
  expect(newestTape! <= clockTime(after)).toBe(true)

  // Played at 10×, the countdowns read the board's instant at every frame, not one wall second (10 s) behind it.
  // Its ages, which would all move at every step, are hidden meanwhile; paused, they read the paused instant.
  const age = page.locator(`[data-testid="match-card"] [data-outcome]:not(.overridden) .cell-age`).first()
  await page.getByTestId('replay-speed-10').click()
  await play.click()
  const frames = await countdownsEveryFrame(page, 1_000)
  await play.click()
  await page.getByTestId('replay-speed-1').click()
  await expect(play).toHaveAttribute('data-playing', 'false')
  await expect(age).toBeVisible()
  const pausedAt = await clockAt(page)
  expect(await age.getAttribute('data-label')).toBe(formatAge(pausedAt - Number(await age.getAttribute('data-since'))))
  expect(new Set(frames.map((f) => f.at)).size).toBeGreaterThan(5)
  for (const { at, countdowns, agesShown } of frames) {
    expect(agesShown).toBe(0)
    expect(countdowns.length).toBe(2)
    for (const { until, label } of countdowns) expect(label).toMatch(countdownAt(until, at))
  }

  // Drag the timeline: the playhead follows the pointer, the seek lands where it is let go.
  const track = page.getByTestId('replay-timeline')
  const box = (await track.boundingBox())!
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + box.width * 0.9, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.25, y, { steps: 6 })
  const head = track.locator('.replay-head')
  const headShare = async () =>
    head.evaluate(
      (el, width) => (el.getBoundingClientRect().left - el.parentElement!.getBoundingClientRect().left) / width,
      box.width,
    )
  expect(Math.abs((await headShare()) - 0.25)).toBeLessThan(0.01)
  await page.mouse.move(box.x + box.width * 0.75, y, { steps: 6 })
  await page.mouse.up()
  const dropped = Math.round(from + 0.75 * (to - from))
  const msPerPixel = (to - from) / box.width
  await expect.poll(async () => Math.abs((await clockAt(page)) - dropped)).toBeLessThanOrEqual(msPerPixel)
  // The tape holds what came before the playhead only.
  const landed = await clockAt(page)
  for (const time of await page.locator('[data-testid="tape-row"] > span:first-child').allTextContents()) {
    expect(time <= clockTime(landed)).toBe(true)
  }

  // Back to the last mark before the playhead.
  const marks = await page
    .getByTestId('replay-mark')
    .evaluateAll((all) => all.map((m) => Number(m.getAttribute('data-at'))))
  const previous = Math.max(...marks.filter((at) => at < landed))
  await page.getByTestId('replay-prev-mark').click()
  await expect.poll(() => clockAt(page)).toBe(previous)

  // Review: the chart's playhead stands at the replayed clock and moves with the replay.
  await page.getByTestId('nav-review').click()
  await page.getByTestId('review-match').selectOption(String(matchIds[0]))
  const playhead = page.getByTestId('review-chart').getByTestId('chart-playhead')
  await expect(playhead).toHaveAttribute('data-at', String(previous))
  await play.click()
  await expect.poll(async () => Number(await playhead.getAttribute('data-at'))).toBeGreaterThan(previous)
  await play.click()
  await expect(play).toHaveAttribute('data-playing', 'false')
  await expect(playhead).toHaveAttribute('data-at', String(await clockAt(page)))

  // Out of the replay: the live feed kept recording the whole time it showed.
  await page.getByTestId('replay-exit').click()
  await expect(shell).toHaveAttribute('data-mode', 'live')
  const closed = Date.now()
  for (const matchId of matchIds) expect(await ticksBetween(page, matchId, opened, closed)).toBeGreaterThan(0)
})

test('a replayed stretch with nothing recorded shows no status or score, not today’s; the Alerts list says it is live', async ({
  page,
}) => {
  // A host of its own: the desk above is watched and recorded on the shared one.
  const own = await launchHost({ args: ['--sim-live-matches', '2'] })
  try {
    await runEmptyStretch(page, own.url)
  } finally {
    await own.stop()
  }
})

/** Watches two matches, replays a stretch from before they were watched, and reads what the board and Alerts say. */
async function runEmptyStretch(page: Page, url: string): Promise<void> {
  await page.goto(url)
  const started = Date.now()
  const matchIds = await watchLiveMatches(page, 2)
  await expect(page.locator('[data-testid="match-card"] .status-chip[data-status="live"]')).toHaveCount(2)
  await expect(page.getByTestId('match-score')).toHaveCount(2)

  // Ten minutes to one minute before the matches were watched: the cache holds nothing of them.
  await openReplay(page, started - 10 * 60_000, started - 60_000)
  await expect(page.getByTestId('replay-banner')).toBeVisible()
  // Said in words: nothing to wait for.
  const said = page.getByTestId('replay-error')
  await expect(said).toHaveText(/^Replay: nothing was recorded of these matches between /)
  // Cut to the bar's width when long; the whole text is on hover.
  expect(await said.getAttribute('title')).toBe(await said.textContent())
  for (const matchId of matchIds) {
    const card = page.locator(`[data-testid="match-card"][data-match="${matchId}"]`)
    await expect(card.locator('.status-chip')).toHaveText('—')
    await expect(card.getByTestId('match-score')).toHaveCount(0)
  }
  await page.getByTestId('board-mode-grid').click()
  const rows = page.getByTestId('grid-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.locator('.status-chip')).toHaveText(['—', '—'])
  await expect(rows.locator('.grid-score')).toHaveText(['', '', '', ''])
  // "Live only" on the replayed grid keeps none of them: nothing says they were live then.
  await page.getByTestId('grid-liveOnly').check()
  await expect(rows).toHaveCount(0)
  await page.getByTestId('grid-liveOnly').uncheck()
  await page.getByTestId('board-mode-cards').click()
  // The Alerts screen's list is the live one, and says so while the replay shows.
  await page.getByTestId('nav-alerts').click()
  await expect(page.getByTestId('alerts-live-note')).toBeVisible()
  await expect(page.locator('.alert-list-pane .alerts-pane-title')).toHaveText('Live alerts')
  await page.screenshot({ path: test.info().outputPath('alerts-in-replay.png') })
  await page.getByTestId('nav-board').click()
  await page.getByTestId('replay-exit').click()
  await expect(page.locator('[data-testid="match-card"] .status-chip[data-status="live"]')).toHaveCount(2)
  await page.getByTestId('nav-alerts').click()
  await expect(page.locator('.alert-list-pane .alerts-pane-title')).toHaveText('Alerts')
  await expect(page.getByTestId('alerts-live-note')).toHaveCount(0)
}

test('a replay’s long price-alert list is a window of rows: the oldest is a scroll away, the newest a click', async ({
  page,
}) => {
  test.setTimeout(2 * 60_000)
  // A host of its own: rules that fire at every move would crowd the desk recorded above.
  const own = await launchHost({ args: ['--sim-live-matches', '4'] })
  try {
    await page.goto(own.url)
    const matchIds = await watchLiveMatches(page, 4)
    const from = Math.ceil(Date.now() / 1000) * 1000
    for (const matchId of matchIds) await notifyOnMovesOf(page, matchId, 0)
    // Far more alerts than the list's window mounts (a few dozen rows).
    await expect.poll(() => alertsSince(page, from), { timeout: 60_000 }).toBeGreaterThanOrEqual(100)
    const to = Math.floor(Date.now() / 1000) * 1000 + 1000
    const fired = await alertsSince(page, from)

    await openReplay(page, from, to, 60)
    // Played to its end ("Again": not playing is also what a replay shows while it loads, when the
    // list is still empty): every alert of the range is in the list, a few dozen of them mounted.
    await expect(page.getByTestId('replay-play')).toHaveText(/Again/, { timeout: 30_000 })
    const total = Number(await page.getByTestId('replay-alert-count').textContent())
    expect(total).toBeGreaterThanOrEqual(fired)
    const rows = page.getByTestId('replay-alert')
    expect(await rows.count()).toBeLessThan(total / 2)
    const newest = await instantsOf(rows)
    expect(newest).toEqual([...newest].sort((a, b) => b - a))

    // Scrolled to the bottom: the oldest rows are mounted, the newest are not, and the way back is offered.
    await page
      .getByTestId('replay-alerts-scroll')
      .evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
    await expect(page.getByTestId('replay-alerts-newest')).toBeVisible()
    await expect.poll(async () => Math.max(...(await instantsOf(rows)))).toBeLessThan(Math.min(...newest))
    const oldest = await instantsOf(rows)
    expect(Math.min(...oldest)).toBeGreaterThanOrEqual(from)
    await expect(rows.last()).toBeInViewport()

    await page.getByTestId('replay-alerts-newest').click()
    await expect(page.getByTestId('replay-alerts-newest')).toHaveCount(0)
    expect(await instantsOf(rows)).toEqual(newest)
    await expect(rows.first()).toBeInViewport()
  } finally {
    await own.stop()
  }
})

/** How many alerts the live list holds fired at or after `from`. */
function alertsSince(page: Page, from: number): Promise<number> {
  return page.evaluate(async (from) => {
    const list = await (globalThis as unknown as PageScope).oddsMonitor.invoke('alerts:list')
    if (!list.ok) throw new Error(list.error.message)
    return list.value.entries.filter((entry) => entry.createdAt >= from).length
  }, from)
}

/** The fired instants of the mounted replay alert rows, top to bottom. */
async function instantsOf(rows: ReturnType<Page['getByTestId']>): Promise<number[]> {
  return (await rows.evaluateAll((elements) => elements.map((el) => el.getAttribute('data-at')))).map(Number)
}
