/**
 * Shape drift is loud (issue 21.2), the whole core against the simulator over real sockets: while
 * the data service's `time` stream sends only frames we cannot read (the simulator's `unreadable`
 * knob tears the first messages of that stream kind), the stream and its service are "not
 * understood" in the health model and a banner names the service, the stream and the first
 * refusal; once its frames parse again, both go back to live and the banner goes by itself.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { AppHealth, StreamHealth } from '../../shared/health'
import type { Problem } from '../../shared/problems'
import type { Core } from './app'
import { eventually, invoke, startTestCore, watchFirstLive } from './test-support'

const running: Core[] = []
afterEach(async () => {
  for (const core of running.splice(0)) await core.stop()
})

const health = (core: Core) => invoke<AppHealth>(core, 'feed:health')
const timeStream = (h: AppHealth): StreamHealth | undefined =>
  h.streams.find((s) => s.service === 'data' && s.kind === 'time')
const dataState = (h: AppHealth) => h.services.find((s) => s.service === 'data')?.state

it('a stream whose frames are all refused is not understood, with a banner, and recovers once they parse', async () => {
  // A match minute every second of the wall clock: the desk's time stream carries a few messages a second.
  const { core } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-drift-')), {
    demo: { speed: 60, faults: { unreadable: { kind: 'time', count: 25 } } },
  })
  running.push(core)
  await watchFirstLive(core)

  const down = await eventually(
    () => health(core),
    (h) => timeStream(h)?.state === 'not_understood',
  )
  expect(dataState(down)).toBe('not_understood')
  expect(down.services.find((s) => s.service === 'odds')?.state).not.toBe('not_understood')
  expect(timeStream(down)?.notUnderstood?.firstRefusal).toMatch(/^malformed: /)

  const [banner] = await eventually(
    () => invoke<Problem[]>(core, 'problems:get'),
    (list) => list.some((p) => p.id === 'feed-not-understood:data:time'),
  ).then((list) => list.filter((p) => p.id === 'feed-not-understood:data:time'))
  expect(banner).toMatchObject({
    severity: 'error',
    dismissible: false,
    title: 'Data service: time stream not understood',
    inspectStream: 'data:badminton:time',
  })
  expect(banner?.happened).toContain('(data:badminton:time)')
  expect(banner?.happened).toMatch(/First refusal: malformed: .+\.$/)

  const back = await eventually(
    () => health(core),
    (h) => timeStream(h)?.state === 'live',
    60_000,
  )
  expect(timeStream(back)?.notUnderstood).toBeNull()
  expect(dataState(back)).not.toBe('not_understood')
  await eventually(
    () => invoke<Problem[]>(core, 'problems:get'),
    (list) => !list.some((p) => p.id.startsWith('feed-not-understood:')),
  )
}, 90_000)
