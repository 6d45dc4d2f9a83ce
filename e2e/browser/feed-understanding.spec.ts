/**
 * Shape drift is loud (issue 21.2) through the real browser host: its simulator sends the data
 * service's `time` stream only as unreadable frames for a while (`--sim-faults unreadable=time:…`).
 * The page shows a banner naming the service, the stream and the first refusal, the status bar and
 * the cards say "feed not understood" instead of live, one click on the banner opens the raw frame
 * inspector on that stream, and all of it goes by itself once the stream's frames parse again; the
 * stream's frames are then in the diagnostic bundle saved from Settings. The same for a REST route
 * (`--sim-faults badshape=/verify:…`): a banner naming the service and the route, the odds feed
 * "feed not understood" in the status bar, and both gone once the route's answers parse again.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { openApp } from '../app'
import { watchLiveMatches } from '../bridge'
import { expect, test } from '../fixtures'
import { launchHost } from '../host'

test('a stream sending only unreadable frames shows its banner and degraded health, then recovers', async ({
  page,
}, testInfo) => {
  // Ten live matches, a match minute every 3 s: the desk's time stream carries a few messages a second.
  const host = await launchHost({
    args: ['--sim-live-matches', '10', '--sim-speed', '20', '--sim-faults', 'unreadable=time:30'],
  })
  try {
    await openApp(page, host.url)
    await watchLiveMatches(page, 3)
    await expect(page.getByTestId('match-card')).toHaveCount(3)

    const banner = page.locator('[data-testid="problem-banner"][data-problem="feed-not-understood:data:time"]')
    await expect(banner).toContainText('Data service: time stream not understood')
    await expect(banner.getByTestId('problem-happened')).toContainText('(data:badminton:time)')
    await expect(banner.getByTestId('problem-happened')).toContainText(/First refusal: malformed: .+\./)
    await expect(page.getByTestId('service-state-data')).toHaveText('feed not understood')
    await expect(page.getByTestId('stream-kinds-data').locator('[data-kind="time"]')).toHaveAttribute(
      'data-state',
      'not_understood',
    )
    await expect(page.getByTestId('not-understood-badge')).toHaveCount(3)
    await page.screenshot({ path: testInfo.outputPath('feed-not-understood.png') })

    // One click: the inspector opens on that stream alone.
    await banner.getByTestId('problem-show-frames').click()
    await expect(page.getByTestId('frame-inspector')).toBeVisible()
    await expect(page.getByTestId('frames-stream-filter')).toContainText('data:badminton:time')
    await expect(page.getByTestId('frame-row').first()).toBeVisible()
    const streams = await page.locator('[data-testid="frame-row"] .frame-stream').allTextContents()
    expect(new Set(streams)).toEqual(new Set(['data:badminton:time']))
    await page.getByTestId('frames-stream-filter').click()
    await expect(page.getByTestId('frames-stream-filter')).toHaveCount(0)

    // The stream's frames parse again: the banner goes, the health is live again.
    await expect(banner).toHaveCount(0, { timeout: 40_000 })
    await expect(page.getByTestId('service-state-data')).toHaveText('live')
    await expect(page.getByTestId('stream-kinds-data').locator('[data-kind="time"]')).toHaveAttribute(
      'data-state',
      'live',
    )
    await expect(page.getByTestId('not-understood-badge')).toHaveCount(0)

    // What the stream sent goes into a diagnostic bundle, under the browser host's data folder.
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('save-diagnostics').click()
    const note = page.getByTestId('diagnostics-note')
    await expect(note).toContainText(`Saved to ${join(host.dataDir, 'diagnostics', 'odds-monitor-diagnostics-')}`)
    const folder = /Saved to (\S+):/.exec((await note.textContent()) ?? '')?.[1] ?? ''
    expect(existsSync(join(folder, 'streams', 'data_badminton_time.json'))).toBe(true)
  } finally {
    await host.stop()
  }
})

test('a REST route answering a shape we cannot read shows its banner and degraded health, then recovers', async ({
  page,
}) => {
  // Each card asks the verify route when it mounts, again 3 s after a failure, then every 30 s: the
  // route is understood again at the cards' second good round, about 35 s after they mount.
  test.setTimeout(120_000)
  const host = await launchHost({ args: ['--sim-live-matches', '6', '--sim-faults', 'badshape=/verify:6'] })
  try {
    await openApp(page, host.url)
    await watchLiveMatches(page, 6)
    await expect(page.getByTestId('match-card')).toHaveCount(6)

    const banner = page.locator('[data-testid="problem-banner"][data-problem="feed-not-understood:odds:rest"]')
    await expect(banner).toContainText('Odds feed: route bookmaker/{sport}/{matchId}/verify not understood')
    await expect(banner.getByTestId('problem-happened')).toContainText(/First refusal: Invalid input.+\./)
    await expect(page.getByTestId('service-state-odds')).toHaveText('feed not understood')

    await expect(banner).toHaveCount(0, { timeout: 80_000 })
    await expect(page.getByTestId('service-state-odds')).toHaveText('live')
  } finally {
    await host.stop()
  }
})
