/**
 * A Discover query the trader left stops retrying (issue 22.4): the screen names its list, and a
 * newer query of the same list ends the older one in the core, even while it waits out a 429. The
 * real core, its demo simulator over loopback, the real keychain.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { BridgeResult } from '../../../shared/bridge/result'
import { waitUntil } from '../../../test-support/wait'
import { invoke, startTestCore, TEST_APP } from '../test-support'

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const LISTING = 'discover-screen'

it('a newer query of the same list ends the older one while it waits out a 429', async () => {
  const { core, demoFeeds } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-superseded-')))
  cleanups.push(() => core.stop())
  await invoke(core, 'discover:matches', { mode: 'live', sport: 'badminton' })
  const sim = demoFeeds[0]!
  sim.control.setFaults({ burst429: { every: 1, count: 1_000_000, retryAfterSeconds: 2 } })
  const ask = (query: object) =>
    core.router.dispatch('discover:matches', { sport: 'badminton', listing: LISTING, ...query }, TEST_APP) as Promise<
      BridgeResult<{ matches: unknown[] }>
    >
  // Every request from here is refused 429 once the simulator has let one through.
  await invoke(core, 'discover:matches', { mode: 'live', sport: 'badminton', limit: 1 }).catch(() => undefined)
  const before = sim.control.faultsDelivered().answered429
  const left = ask({ mode: 'live' })
  await waitUntil(() => sim.control.faultsDelivered().answered429 > before, 'the first query to be rate limited')

  sim.control.setFaults({})
  const current = await ask({ mode: 'date', date: '2026-11-25' })
  expect(current).toMatchObject({ ok: true })
  // Without the list's name ending it, the left query would wait out its 2 s and answer too.
  expect(await left).toMatchObject({ ok: false, error: { message: 'request cancelled' } })
})
