/**
 * Retries that can recover (issue 25.6), through the whole core against the simulator standing in
 * for the real services: a `Retry-After: 3600` imposes at most five minutes and says how long, and
 * the trader lifts it (and a refused key) by setting the key again, changing the settings, or
 * "Retry now" (`feed:retryNow`) — before, the gate held for the hour, and a 401 until a restart.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { startSimulator, type SimulatorHandle } from '../../sim'
import type { BridgeResult } from '../../shared/bridge/result'
import type { Core } from './app'
import { invoke, pointAt, startTestCore, TEST_APP } from './test-support'

const running: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close()
})

const EVERY_REQUEST_AN_HOUR = { burst429: { every: 1, count: 1_000_000, retryAfterSeconds: 3600 } }

async function realCore(): Promise<{ core: Core; real: SimulatorHandle }> {
  const real = await startSimulator({ port: 0, rate: 10, liveMatches: 2, apiKey: 'real-key-retry-gates' })
  running.push(real)
  const { core } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-gates-')))
  running.push({ close: () => core.stop() })
  await pointAt(core, real)
  await invoke(core, 'keys:set', { account: 'data-service', key: real.apiKey })
  await invoke(core, 'keys:set', { account: 'odds-feed', key: real.apiKey })
  return { core, real }
}

/** Discover's live list, as the page asks for it: the answer, or the failure's words. */
async function discover(core: Core): Promise<BridgeResult<unknown>> {
  return (await core.router.dispatch(
    'discover:matches',
    { mode: 'live', sport: 'badminton' },
    TEST_APP,
  )) as BridgeResult<unknown>
}

/** Closes the data service's gate with an hour's Retry-After, then lets the simulator answer again. */
async function rateLimitedForAnHour(core: Core, real: SimulatorHandle): Promise<void> {
  real.control.setFaults(EVERY_REQUEST_AN_HOUR)
  let answer = await discover(core)
  while (answer.ok) answer = await discover(core)
  expect(answer).toMatchObject({ ok: false, error: { message: 'rate limited by the data service; retrying in 300 s' } })
  real.control.setFaults({})
  // The simulator answers again, but the gate still holds (no request is sent).
  expect(await discover(core)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^rate limited/) } })
}

it('an hour of Retry-After is lifted by setting the same key again, a settings change, or Retry now', async () => {
  const { core, real } = await realCore()

  await rateLimitedForAnHour(core, real)
  await invoke(core, 'keys:set', { account: 'data-service', key: real.apiKey })
  expect(await discover(core)).toMatchObject({ ok: true })

  await rateLimitedForAnHour(core, real)
  await invoke(core, 'settings:update', { dataBaseUrl: `${real.dataBaseUrl}/` })
  expect(await discover(core)).toMatchObject({ ok: true })

  await rateLimitedForAnHour(core, real)
  expect(await invoke(core, 'feed:retryNow')).toBeNull()
  expect(await discover(core)).toMatchObject({ ok: true })
})
