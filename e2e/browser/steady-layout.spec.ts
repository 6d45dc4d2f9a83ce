/**
 * Nothing on screen jumps as the figures change: the nav's unread badge appears without moving the
 * page, the status bar's figures keep their places as their digits change, and a notice on the
 * Discover screen never pushes its match list. Each test measures element boxes before and after.
 */
import { expect, test, type Page } from '../fixtures'
import { setOverrideOn, watchLiveMatches, type PageScope } from '../bridge'
import { launchHost, type HostProcess } from '../host'
import { describeLayoutRoots, traceLayouts } from '../layout-trace'
import { openReplay } from '../replay'

let host: HostProcess
test.beforeAll(async () => {
  host = await launchHost()
})
test.afterAll(async () => {
  await host.stop()
})

async function box(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    })
}

test("the nav's unread badge appears without moving the page", async ({ page }) => {
  await page.goto(host.url)
  await watchLiveMatches(page, 1)
  const cell = page.getByTestId('price-cell').first()
  await expect(cell).toBeVisible()
  const before = { main: await box(page, 'main'), nav: await box(page, '[data-testid="nav-board"]') }
  await expect(page.locator('[data-testid="nav-board"] .badge')).toHaveCount(0)

  expect(await setOverrideOn(page, (await cell.getAttribute('data-outcome')) ?? '', 3.33)).toMatchObject({ ok: true })
  await expect(page.locator('[data-testid="nav-board"] .badge')).toBeVisible()
  expect(await box(page, 'main')).toEqual(before.main)
  expect((await box(page, '[data-testid="nav-board"]')).height).toBe(before.nav.height)
})

test("the status bar's figures keep their widths while their digits change", async ({ page }) => {
  // A host of its own: the bar starts from nothing watched ("0/0 live", "0.0 msg/s", "lag —").
  const fresh = await launchHost()
  try {
    await page.goto(fresh.url)
    // Limits out of reach: on a loaded machine a latency over the default limit turns into a warning
    // badge, a change of its own that this test does not look at.
    const limits = await page.evaluate(() =>
      (globalThis as unknown as PageScope).oddsMonitor.invoke('settings:update', {
        feedLagWarnMs: 600_000,
        paintWarnMs: 60_000,
      }),
    )
    expect(limits).toMatchObject({ ok: true })
    // Every figure in the bar (a badge comes and goes with its cause, which is a change worth seeing).
    const figures = page.locator('[data-testid="status-bar"] .num:not(.badge)')
    const widths = () =>
      figures.evaluateAll((els) => els.map((el) => ({ text: el.textContent, width: el.getBoundingClientRect().width })))
    await expect(page.getByTestId('paint-latency')).toBeVisible()
    // Nothing watched yet: "0/0 live", "0.0 msg/s", "lag —", "paint —".
    const idle = await widths()
    expect(idle.length).toBeGreaterThanOrEqual(4)

    await watchLiveMatches(page, 3)
    await expect(page.getByTestId('service-odds')).toContainText(/[1-9]\d*\.\d msg\/s/)
    await expect(page.getByTestId('paint-latency')).toHaveAttribute('data-level', /ok|warn/)
    const busy = await widths()
    expect(busy.map((f) => f.text)).not.toEqual(idle.map((f) => f.text))
    expect(busy.map((f) => f.width)).toEqual(idle.map((f) => f.width))
  } finally {
    await fresh.stop()
  }
})

test('a notice on the Discover screen does not push the match list', async ({ page }) => {
  await page.goto(host.url)
  await page.getByTestId('nav-discover').click()
  const rows = page.getByTestId('discover-row')
  await expect(rows.first()).toBeVisible()
  const list = '.match-list'
  const before = await box(page, list)
  const firstRow = await box(page, '[data-testid="discover-row"]')
  await page.locator('body').press('a')
  await expect(page.getByTestId('discover-message')).toContainText(/added to|already in/)
  expect(await box(page, list)).toEqual(before)
  expect(await box(page, '[data-testid="discover-row"]')).toEqual(firstRow)
})

/**
 * What the partial layout passes of the next `ms` started from: each root's test id (or class, or
 * tag). The page must lay out at all meanwhile.
 */
async function layoutRootsOver(page: Page, ms: number): Promise<unknown[]> {
  const passes = await traceLayouts(page, () => page.waitForTimeout(ms))
  expect(passes.length).toBeGreaterThan(0)
  return describeLayoutRoots(
    page,
    passes,
    'function () { return this.getAttribute?.("data-testid") ?? this.className ?? this.nodeName }',
  )
}

test('a new price lays out its own cell alone, not the card and board around it', async ({ page }) => {
  await page.goto(host.url)
  await watchLiveMatches(page, 3)
  await expect(page.getByTestId('price-cell').first()).toBeVisible()
  await expect(page.getByTestId('service-odds')).toContainText(/[1-9]\d*\.\d msg\/s/)
  // A few seconds of live prices, traced: most frames bring new prices and nothing else.
  // A price cell is a relayout boundary (fixed size, strict containment, not a flex item): a pass
  // for new prices alone starts at the cells, not at the page's root.
  expect(await layoutRootsOver(page, 3000)).toContain('price-cell')
})

test('in the grid, a new price lays out its own cell alone, not its row', async ({ page }) => {
  await page.goto(host.url)
  await watchLiveMatches(page, 8)
  await page.getByTestId('board-mode-grid').click()
  await expect(page.locator('[data-testid="grid-row"] [data-testid="price-cell"][data-outcome]').first()).toBeVisible()
  await expect(page.getByTestId('service-odds')).toContainText(/[1-9]\d*\.\d msg\/s/)
  // What each partial pass started from. A cell laid out by its row's CSS grid is a grid item, never
  // a relayout boundary, so its new price laid out the whole row (the names and every cell); the
  // grid's cells must be roots of their own. (A row may still be one: a new score or clock reading.)
  expect(await layoutRootsOver(page, 3000)).toContain('price-cell')
})

test('a price suspended or reopened lays out its own cell alone, not the page', async ({ page }) => {
  const fresh = await launchHost()
  try {
    await page.goto(fresh.url)
    await watchLiveMatches(page, 1)
    const cell = page.locator('[data-testid="match-card"] [data-testid="price-cell"][data-outcome]').first()
    await expect(cell).toBeVisible()
    // The feed stands still (the host stopped): the only change on the page is the cell's class.
    fresh.freeze()
    await page.waitForTimeout(500)
    // Its class as a suspension sets and lifts it (a step of a 60× replay brings one or two).
    const passes = await traceLayouts(page, async () => {
      for (let i = 0; i < 4; i++) {
        await cell.evaluate((el) => el.classList.toggle('suspended'))
        await page.waitForTimeout(150)
      }
    })
    fresh.thaw()
    const outcomes = await describeLayoutRoots(
      page,
      passes,
      'function () { return this.getAttribute?.("data-outcome") ?? null }',
    )
    // The toggled cell is a root of its own; other cells may be too (a flash still fading from the
    // last prices before the freeze lays out its own cell alone as well).
    expect(outcomes).toContain(await cell.getAttribute('data-outcome'))
  } finally {
    fresh.thaw()
    await fresh.stop()
  }
})

test("an override's running countdown lays out its own box, not its alert row and the list", async ({ page }) => {
  await page.goto(host.url)
  await watchLiveMatches(page, 1)
  const cell = page.getByTestId('price-cell').first()
  await expect(cell).toBeVisible()
  expect(await setOverrideOn(page, (await cell.getAttribute('data-outcome')) ?? '', 3.33)).toMatchObject({ ok: true })
  await expect(page.getByTestId('override-countdown').first()).toBeVisible()
  // The labels' timer rewrites the countdown every second (at every step of a fast replay).
  expect(await layoutRootsOver(page, 3500)).toContain('override-countdown')
})

test('a new row in the override alerts lays out the list alone, not the page', async ({ page }) => {
  await page.goto(host.url)
  const list = page.getByTestId('override-alerts').locator('.panel-scroll')
  await expect(list).toBeVisible()
  // A few rows, a frame or two apart (a 60× replay adds one at most steps).
  const passes = await traceLayouts(page, async () => {
    for (let i = 0; i < 5; i++) {
      await list.evaluate((el, i) => {
        const row = el.ownerDocument.createElement('div')
        row.className = 'override-alert'
        row.textContent = `row ${i}`
        // Where the rows are (or the words saying there are none yet).
        const rows = el.querySelector('[data-testid="override-alert"], .pad')?.parentElement ?? el
        rows.prepend(row)
      }, i)
      await page.waitForTimeout(150)
    }
  })
  const inList = await describeLayoutRoots(
    page,
    passes,
    'function () { return !!this.closest?.("[data-testid=override-alerts]") }',
  )
  expect(inList).toContain(true)
})

/**
 * A replay of a few seconds just recorded on `fresh`, paused, with the host then stopped: nothing on
 * the page changes but what the test changes.
 */
async function stillReplay(page: Page, fresh: HostProcess): Promise<void> {
  await page.goto(fresh.url)
  await watchLiveMatches(page, 1)
  await expect(page.getByTestId('price-cell').first()).toBeVisible()
  const from = Math.ceil(Date.now() / 1000) * 1000
  await page.waitForTimeout(4000)
  await openReplay(page, from, from + 3000, 1)
  const play = page.getByTestId('replay-play')
  await expect(play).toHaveAttribute('data-playing', 'true')
  await play.click()
  await expect(play).toHaveAttribute('data-playing', 'false')
  fresh.freeze()
  await page.waitForTimeout(500)
}

/** Rewrites the text of each of `selectors`' first text node `times` times, a frame or two apart, traced. */
function traceTextChanges(page: Page, selectors: string[], times: number) {
  return traceLayouts(page, async () => {
    for (let i = 0; i < times; i++) {
      for (const selector of selectors)
        await page.locator(selector).evaluate((el, i) => {
          const text = el.ownerDocument.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */).nextNode()
          if (!text) throw new Error('no text to change')
          // Wider each time, as a count grows by a digit.
          text.nodeValue = String(10 ** i)
        }, i)
      await page.waitForTimeout(150)
    }
  })
}

test("a replay's price alert count lays out its own box, not the page", async ({ page }) => {
  const fresh = await launchHost()
  try {
    await stillReplay(page, fresh)
    // At 60× a new alert comes every few steps, and the count in the panel's title with it.
    const passes = await traceTextChanges(page, ['[data-testid="replay-alert-count"]'], 4)
    fresh.thaw()
    const inCount = await describeLayoutRoots(
      page,
      passes,
      'function () { return !!this.closest?.("[data-testid=replay-alert-count]") }',
    )
    expect(inCount).toContain(true)
  } finally {
    fresh.thaw()
    await fresh.stop()
  }
})

test("the tape's refresh lays out its rows and its counts alone, not the page", async ({ page }) => {
  const fresh = await launchHost()
  try {
    await stillReplay(page, fresh)
    // A refresh (four a second) brings new rows and new counts in the panel's title.
    const passes = await traceLayouts(page, async () => {
      for (let i = 0; i < 4; i++) {
        await page.getByTestId('tape').evaluate((tape, i) => {
          const count = tape.querySelector('[data-testid="tape-count"]')?.firstChild
          const rows = tape.querySelector('[data-testid="tape-scroll"] > div > div')
          if (!count || !rows) throw new Error('no tape count or rows')
          count.nodeValue = String(10 ** i)
          const row = tape.ownerDocument.createElement('div')
          row.className = 'tape-row'
          row.textContent = `row ${i}`
          rows.prepend(row)
        }, i)
        await page.waitForTimeout(150)
      }
    })
    fresh.thaw()
    const roots = await describeLayoutRoots(
      page,
      passes,
      `function () {
        if (this.getAttribute?.("data-testid") === "tape-scroll") return "rows"
        if (this.closest?.(".panel-title") && this.querySelector?.("[data-testid=tape-count]")) return "counts"
        return "elsewhere"
      }`,
    )
    expect(roots).toContain('rows')
    expect(roots).toContain('counts')
  } finally {
    fresh.thaw()
    await fresh.stop()
  }
})

test('the figures that move every second (the status bar, the uptime) lay out their own boxes, not the page', async ({
  page,
}) => {
  const fresh = await launchHost()
  try {
    await page.goto(fresh.url)
    await watchLiveMatches(page, 1)
    await expect(page.getByTestId('heartbeat')).toContainText(/up \d+ s/)
    await expect(page.getByTestId('service-odds')).toContainText(/[1-9]\d*\.\d msg\/s/)
    // The feed stands still (the host stopped): the only changes on the page are the test's.
    fresh.freeze()
    await page.waitForTimeout(500)
    const passes = await traceTextChanges(
      page,
      ['[data-testid="heartbeat"]', '[data-testid="service-odds"] .fig-rate'],
      4,
    )
    fresh.thaw()
    const roots = await describeLayoutRoots(
      page,
      passes,
      `function () {
        if (this.closest?.("[data-testid=heartbeat]")) return "uptime"
        if (this.closest?.("[data-testid=status-bar]")) return "status bar"
        return "elsewhere"
      }`,
    )
    expect(roots).toContain('uptime')
    expect(roots).toContain('status bar')
  } finally {
    fresh.thaw()
    await fresh.stop()
  }
})
