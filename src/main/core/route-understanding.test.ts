/**
 * Shape drift is loud for REST routes too (issue 21.2), the whole core against the simulator over
 * real sockets: while the odds feed's verify route answers a shape we cannot read (the simulator's
 * `badShape` knob), the route and its service are "not understood" in the health model and a
 * banner names the service, the route (as a family, no ids) and the first refusal; once its
 * answers parse again, both go back and the banner goes by itself.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { AppHealth, ServiceHealth } from '../../shared/health'
import type { Problem } from '../../shared/problems'
import type { Core } from './app'
import { eventually, invoke, startTestCore, watchFirstLive } from './test-support'

const running: Core[] = []
afterEach(async () => {
  for (const core of running.splice(0)) await core.stop()
})

const VERIFY = 'bookmaker/{sport}/{matchId}/verify'
const BANNER = 'feed-not-understood:odds:rest'
const BAD_ANSWERS = 6

const odds = (h: AppHealth) => h.services.find((s) => s.service === 'odds') as ServiceHealth
const health = (core: Core) => invoke<AppHealth>(core, 'feed:health')
const problems = (core: Core) => invoke<Problem[]>(core, 'problems:get')

/** Asks the verify route once; answers whether the core could read the answer. */
async function verify(core: Core, matchId: number): Promise<boolean> {
  return invoke(core, 'odds:verify', { matchId }).then(
    () => true,
    (error: Error) => {
      expect(error.message).toContain('unexpected shape')
      return false
    },
  )
}

it('a REST route whose answers are refused is not understood, with a banner, and recovers once they parse', async () => {
  const { core } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-drift-rest-')), {
    demo: { faults: { badShape: { route: '/verify', count: BAD_ANSWERS } } },
  })
  running.push(core)
  const matchId = await watchFirstLive(core)

  const before = await health(core)
  expect(odds(before).rest?.notUnderstood ?? null).toBeNull()

  const read: boolean[] = []
  for (let i = 0; i < BAD_ANSWERS; i++) read.push(await verify(core, matchId))
  expect(read).toEqual(Array(BAD_ANSWERS).fill(false))

  const down = odds(await health(core))
  expect(down.state).toBe('not_understood')
  expect(down.rest).toMatchObject({
    state: 'not_understood',
    message: `route ${VERIFY} not understood`,
    notUnderstood: { route: VERIFY, firstRefusal: expect.stringMatching(/^Invalid input.*\(field (matchId|ok)\)$/) },
  })

  const banner = (
    await eventually(
      () => problems(core),
      (list) => list.some((p) => p.id === BANNER),
    )
  ).find((p) => p.id === BANNER)
  expect(banner).toMatchObject({
    severity: 'error',
    dismissible: false,
    title: `Odds feed: route ${VERIFY} not understood`,
  })
  expect(banner?.happened).toMatch(/First refusal: Invalid input.+\.$/)

  // The knob is spent: the route answers as documented again, and once the refused are under half
  // of the minute's answers the route is understood.
  for (let i = 0; i <= BAD_ANSWERS; i++) expect(await verify(core, matchId)).toBe(true)
  const back = odds(await health(core))
  expect(back.rest).toMatchObject({ state: 'ok', notUnderstood: null })
  expect(back.state).not.toBe('not_understood')
  await eventually(
    () => problems(core),
    (list) => !list.some((p) => p.id === BANNER),
  )
}, 60_000)
